import { type Socket, connect } from 'node:net'
import nodemailer from 'nodemailer'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
}

export interface SmtpSettings {
  host: string
  port: number
  secure: boolean
  user: string | null
  passwordSet: boolean
}

export interface MailTransport {
  /** 'smtp' delivers for real; 'outbox' only records and prints (no SMTP_URL configured). */
  readonly mode: 'smtp' | 'outbox'
  /** The SMTP settings in force, without the password; null in outbox mode. */
  readonly settings: SmtpSettings | null
  /** Resolves with the server's answer; rejects when the message could not be handed over. */
  send(mail: OutgoingMail): Promise<{ response: string }>
  /** Connects and authenticates without sending anything. */
  verify(): Promise<void>
  close(): void
}

/** What an SMTP URL configures, with the password replaced by whether there is one. */
export function describeSmtpUrl(smtpUrl: string): SmtpSettings {
  const url = new URL(smtpUrl)
  const secure = url.protocol === 'smtps:'
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: url.username ? decodeURIComponent(url.username) : null,
    passwordSet: url.password !== '',
  }
}

function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The mail server did not answer within ${Math.round(ms / 1000)} seconds (${what})`)), ms)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

/** Connections kept open to the mail server; the queue sends this many messages at once. */
export const MAX_CONNECTIONS = 8

/**
 * Delivers through the SMTP server of `smtpUrl` over a small pool of reused connections, with bounded waits so a slow
 * server cannot hold a request or the queue.
 */
export function createSmtpTransport(
  smtpUrl: string,
  from: string,
  timeouts = { connectMs: 10_000, socketMs: 15_000 },
  clientName = 'localhost',
): MailTransport {
  const url = new URL(smtpUrl)
  const settings = describeSmtpUrl(smtpUrl)
  // Options spelled out rather than passed as a URL: nodemailer ignores `pool` next to a URL.
  const options = {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: decodeURIComponent(url.password) } } : {}),
    // The name given in EHLO; without it nodemailer looks up this machine's own name in DNS on every connection.
    name: clientName,
    pool: true,
    maxConnections: MAX_CONNECTIONS,
    // nodemailer's own sockets keep Nagle's algorithm on: each message's last small write then waits for the server's
    // delayed acknowledgement (about 40 ms). The socket is opened here with no delay; nodemailer still does TLS on it.
    getSocket(socketOptions: { host: string; port: number }, callback: (error: Error | null, socket?: { connection: Socket }) => void) {
      const socket = connect(socketOptions.port, socketOptions.host, () => {
        socket.removeListener('error', callback)
        socket.setNoDelay(true)
        callback(null, { connection: socket })
      })
      socket.once('error', callback)
    },
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.connectMs,
    socketTimeout: timeouts.socketMs,
  }
  type TransportOptions = Parameters<typeof nodemailer.createTransport>[0]
  const transporter = nodemailer.createTransport(options as TransportOptions)
  // A server that accepts the data and then never answers must not hang a send: a hard deadline on top of the timeouts.
  const deadlineMs = timeouts.connectMs + timeouts.socketMs
  return {
    mode: 'smtp',
    settings,
    async send(mail) {
      const info = await withDeadline(transporter.sendMail({ from, ...mail }), deadlineMs, 'sending')
      return { response: String(info.response ?? 'accepted') }
    },
    async verify() {
      // A separate, unpooled connection: the test shows what a new connection meets now.
      const probe = nodemailer.createTransport({ ...options, pool: false } as TransportOptions)
      try {
        await withDeadline(probe.verify(), deadlineMs, 'connection test')
      } finally {
        probe.close()
      }
    },
    close: () => transporter.close(),
  }
}

/**
 * No mail server: the whole message is printed on the console so that a first run needs nothing else.
 * It is written straight to stdout, outside the logger, because the logger must never carry a link or code.
 */
export function createOutboxTransport(write: (text: string) => void = (text) => process.stdout.write(text)): MailTransport {
  return {
    mode: 'outbox',
    settings: null,
    async send(mail) {
      const rule = '-'.repeat(72)
      write(`\n${rule}\nOUTBOX (no SMTP_URL set, nothing was sent)\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${rule}\n\n`)
      return { response: 'outbox' }
    },
    async verify() {
      throw new Error('No mail server is configured (outbox mode): set SMTP_URL to send mail.')
    },
    close: () => undefined,
  }
}
