import { Socket } from 'node:net'
import nodemailer from 'nodemailer'

/** A file sent with a message (a signed audit checkpoint as .json, a records letter as PDF). */
export interface MailAttachment {
  filename: string
  /** The file as text, or its bytes in base64 when `encoding` says so (a message waiting in the queue is kept as JSON). */
  content: string
  contentType: string
  encoding?: 'base64'
}

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
  attachments?: MailAttachment[]
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

/** Connections kept open to the mail server; the queue sends this many messages at once. */
export const MAX_CONNECTIONS = 8

const deadlineError = (ms: number, what: string) =>
  new Error(`The mail server did not answer within ${Math.round(ms / 1000)} seconds (${what})`)

function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(deadlineError(ms, what)), ms)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

/**
 * At most `size` messages handed to the pool at once; the others wait here, where a message whose caller gave up
 * is dropped before it reaches the mail server (nodemailer's own queue cannot forget a message, so one handed over
 * late would still go out after its sender was told it failed).
 */
function createAdmission(size: number) {
  let inFlight = 0
  const waiting: Array<{ admit: () => void; refuse: (error: Error) => void }> = []
  const release = () => {
    inFlight -= 1
    waiting.shift()?.admit()
  }
  return {
    /** Runs `work` once a place is free, all within `ms`; a message still waiting when the time is up is never sent. */
    run<T>(work: () => Promise<T>, ms: number, what: string): Promise<T> {
      const deadlineAt = Date.now() + ms
      const start = () => {
        inFlight += 1
        return withDeadline(work(), Math.max(0, deadlineAt - Date.now()), what).finally(release)
      }
      if (inFlight < size) return start()
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => entry.refuse(deadlineError(ms, what)), ms)
        const entry = {
          admit: () => {
            clearTimeout(timer)
            start().then(resolve, reject)
          },
          refuse: (error: Error) => {
            clearTimeout(timer)
            const index = waiting.indexOf(entry)
            if (index >= 0) waiting.splice(index, 1)
            reject(error)
          },
        }
        waiting.push(entry)
      })
    },
    /** Refuses everything still waiting (the transport is closing). */
    close() {
      for (const entry of [...waiting]) entry.refuse(new Error('The mail transport was closed before this message could be sent'))
    },
  }
}

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
    // A message whose connection closed under it (a pooled connection the server had just dropped) gets one fresh
    // connection; beyond that it fails and the caller (or the mail queue) decides, instead of circling inside the pool.
    maxRequeues: 1,
    // nodemailer's own sockets keep Nagle's algorithm on: each message's last small write then waits for the server's
    // delayed acknowledgement. Plain connections get a socket of ours with no delay, handed over
    // unconnected: nodemailer connects it itself and so reports a refused connection as a failed pool resource,
    // which frees its slot. (A connected socket handed over is nodemailer's to trust: when connecting it failed,
    // the slot it was meant for leaked, and after eight failures every send waited for nothing.) Implicit TLS
    // (smtps) keeps nodemailer's own socket, which it must wrap in TLS before the first word.
    ...(settings.secure
      ? {}
      : {
          getSocket(_socketOptions: unknown, callback: (error: Error | null, socket?: { socket: Socket }) => void) {
            const socket = new Socket()
            socket.once('connect', () => socket.setNoDelay(true))
            callback(null, { socket })
          },
        }),
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.connectMs,
    socketTimeout: timeouts.socketMs,
  }
  type TransportOptions = Parameters<typeof nodemailer.createTransport>[0]
  const transporter = nodemailer.createTransport(options as TransportOptions)
  // A server that accepts the data and then never answers must not hang a send: a hard deadline on top of the timeouts.
  const deadlineMs = timeouts.connectMs + timeouts.socketMs
  const admission = createAdmission(MAX_CONNECTIONS)
  return {
    mode: 'smtp',
    settings,
    async send(mail) {
      const info = await admission.run(() => transporter.sendMail({ from, ...mail }), deadlineMs, 'sending')
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
    close: () => {
      admission.close()
      transporter.close()
    },
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
      const files = (mail.attachments ?? []).map((file) => `\nAttached: ${file.filename} (${file.contentType})\n${file.content}`).join('')
      write(
        `\n${rule}\nOUTBOX (no SMTP_URL set, nothing was sent)\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${files}${rule}\n\n`,
      )
      return { response: 'outbox' }
    },
    async verify() {
      throw new Error('No mail server is configured (outbox mode): set SMTP_URL to send mail.')
    },
    close: () => undefined,
  }
}
