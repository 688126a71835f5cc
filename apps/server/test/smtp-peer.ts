import type { AddressInfo, Socket } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  from: string
  subject: string
  text: string
  /** Files attached to it: their content as text (a signed audit checkpoint), and their bytes (a letter's PDF). */
  attachments: Array<{ filename: string; contentType: string; content: string; bytes: Buffer }>
}

export type SmtpBehaviour = 'accept' | 'reject-recipient' | 'fail' | 'hang'

/** How a failed connection ends: reset at once (as a refusal looks) or accepted and then closed without a word. */
export type ConnectionFault = 'refuse' | 'drop'

/**
 * A real SMTP server for tests, listening on a free local port. It can be told to accept, to refuse
 * recipients (550), to fail the transaction (451), or to hang without answering.
 */
export async function startSmtpPeer() {
  const inbox: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  let behaviour: SmtpBehaviour = 'accept'
  let acceptDelayMs = 0

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Tests end with connections still open (a hung transaction): close without waiting for them.
    closeTimeout: 100,
    // No reverse DNS for the test client: this machine has no resolver to ask, and each lookup would wait for it.
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      if (behaviour === 'reject-recipient') return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
      callback()
    },
    onData(stream, session, callback) {
      if (behaviour === 'hang') {
        stream.resume()
        return // never calls back: the client times out
      }
      simpleParser(stream)
        .then((parsed) => {
          if (behaviour === 'fail') return callback(Object.assign(new Error('Temporary local problem'), { responseCode: 451 }))
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content.toString('utf8'),
              bytes: file.content,
            })),
          })
          waiters.splice(0).forEach((wake) => wake())
          if (acceptDelayMs > 0) setTimeout(() => callback(), acceptDelayMs)
          else callback()
        })
        .catch(callback)
    },
  })
  // Small SMTP replies must not wait for delayed ACKs (Nagle): a real mail server answers at once, and so does this one.
  server.server.on('connection', (socket: Socket) => socket.setNoDelay(true))
  // An outage: the next connections are failed before the SMTP session starts, then the server serves again.
  let faults: ConnectionFault[] = []
  let failedConnections = 0
  const serve = server.server.listeners('connection') as Array<(socket: Socket) => void>
  server.server.removeAllListeners('connection')
  server.server.on('connection', (socket: Socket) => {
    const fault = faults.shift()
    if (!fault) return serve.forEach((listener) => listener.call(server.server, socket))
    failedConnections += 1
    if (fault === 'refuse') socket.resetAndDestroy()
    else socket.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    inbox,
    setBehaviour(next: SmtpBehaviour) {
      behaviour = next
    },
    /** A slow mail server: each message is acknowledged (250) this long after it was received. */
    setAcceptDelay(ms: number) {
      acceptDelayMs = ms
    },
    /** Fails the next connections, one fault each, in order; later ones are served again. */
    failConnections(next: ConnectionFault[]) {
      faults = [...next]
    },
    /** Connections failed so far, and how many of the planned failures are still to come. */
    connectionFaults: () => ({ failed: failedConnections, remaining: faults.length }),
    /** The newest message to an address, waiting for it to arrive. */
    async waitForMail(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = [...inbox].reverse().find((mail) => mail.to.includes(to))
        if (found) return found
        if (Date.now() > deadline) throw new Error(`No e-mail to ${to} arrived within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>

/** The sign-in link and code of a sign-in e-mail. */
export function readSignInMail(text: string): { link: string; token: string; code: string } {
  const link = /(https?:\/\/\S+\/auth\/verify(?:-clerk)?\?\S+)/.exec(text)?.[1]
  const code = /code on the sign-in page: (\d{6})/.exec(text)?.[1]
  if (!link || !code) throw new Error(`Not a sign-in e-mail:\n${text}`)
  const token = new URL(link).searchParams.get('token') ?? ''
  return { link, token, code }
}
