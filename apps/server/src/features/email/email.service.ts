import type { Clock } from '../../lib/clock.js'
import type { MailTransport } from '../../lib/mail-transport.js'
import type { EmailRepository } from './email.repository.js'

export type MailKind = 'sign_in' | 'no_account' | 'invitation'

export interface MailToSend {
  kind: MailKind
  to: string
  subject: string
  text: string
  html?: string
  /** Every secret the message carries (token, code, link): masked in the stored copy. */
  secrets: string[]
}

export type SendResult = { delivered: true } | { delivered: false; error: string }

const MASK = '[hidden]'

/** Replaces each secret, longest first so a link is masked whole before the token inside it. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  return [...secrets]
    .filter((secret) => secret.length > 0)
    .sort((a, b) => b.length - a.length)
    .reduce((masked, secret) => masked.split(secret).join(MASK), text)
}

/** Sends the platform's mail and records every message (masked) in the mail log. */
export function createEmailService({ transport, emails, clock }: { transport: MailTransport; emails: EmailRepository; clock: Clock }) {
  return {
    mode: transport.mode,
    async send(mail: MailToSend): Promise<SendResult> {
      const createdAt = clock.now().toISOString()
      const stored = {
        created_at: createdAt,
        kind: mail.kind,
        recipient: mail.to,
        subject: mail.subject,
        body_text: maskSecrets(mail.text, mail.secrets),
        attempts: 1,
      }
      try {
        await transport.send({ to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) })
        const status = transport.mode === 'outbox' ? 'outbox' : 'sent'
        await emails.insert({ ...stored, status, last_error: null, sent_at: clock.now().toISOString() })
        return { delivered: true }
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        await emails.insert({ ...stored, status: 'failed', last_error: maskSecrets(reason, mail.secrets).slice(0, 1000), sent_at: null })
        return { delivered: false, error: reason }
      }
    },
  }
}
export type EmailService = ReturnType<typeof createEmailService>
