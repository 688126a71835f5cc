import nodemailer from 'nodemailer'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
}

export interface MailTransport {
  /** 'smtp' delivers for real; 'outbox' only records and prints (no SMTP_URL configured). */
  readonly mode: 'smtp' | 'outbox'
  /** Resolves with the server's answer; rejects when the message could not be handed over. */
  send(mail: OutgoingMail): Promise<{ response: string }>
  close(): void
}

/** Delivers through the SMTP server of `smtpUrl` with bounded waits, so a slow server cannot hold a request. */
export function createSmtpTransport(smtpUrl: string, from: string, timeouts = { connectMs: 10_000, socketMs: 15_000 }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.connectMs,
    socketTimeout: timeouts.socketMs,
  })
  return {
    mode: 'smtp',
    async send(mail) {
      // A hard deadline on top of the socket timeouts: a server that accepts the data and then never answers
      // must not hold the person's request open.
      const deadlineMs = timeouts.connectMs + timeouts.socketMs
      let timer: NodeJS.Timeout | undefined
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`The mail server did not answer within ${Math.round(deadlineMs / 1000)} seconds`)), deadlineMs)
      })
      try {
        const info = await Promise.race([transporter.sendMail({ from, ...mail }), deadline])
        return { response: String(info.response ?? 'accepted') }
      } finally {
        clearTimeout(timer)
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
    async send(mail) {
      const rule = '-'.repeat(72)
      write(`\n${rule}\nOUTBOX (no SMTP_URL set, nothing was sent)\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${rule}\n\n`)
      return { response: 'outbox' }
    },
    close: () => undefined,
  }
}
