import { endOfDistrictDay, startOfDistrictDayInstant } from '@platform/contracts/deadline'
import { DEFAULT_DISTRICT_TIME_ZONE } from '@platform/contracts/district-time'
import { MAIL_KIND_LABELS, type MailHealth, type MailKind, type MailTemplate } from '@platform/contracts/email'
import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'
import { DAY_MS, MINUTE_MS, type Clock } from '../../lib/clock.js'
import { decrypt, encrypt } from '../../lib/crypto.js'
import { AppError } from '../../lib/errors.js'
import type { JobLeases, Lease } from '../../db/job-leases.js'
import { MAX_CONNECTIONS, type MailAttachment, type MailTransport } from '../../lib/mail-transport.js'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema.js'
import type { EmailRepository, MailFilters } from './email.repository.js'
import { DEFAULT_TEMPLATES, PLACEHOLDERS, type TemplateText, escapeHtml, fill, htmlFromText, templateProblems } from './mail-templates.js'

export interface MailToSend {
  kind: MailKind
  to: string
  /** Values of the kind's placeholders. */
  values: Record<string, string>
  /** Every secret the message carries (link, token, code): masked in the stored copy, never logged. */
  secrets: string[]
  /** Files sent with it; kept with the content to send (encrypted), not in the mail log's copy. */
  attachments?: MailAttachment[]
}

/** What is handed to the mail server, and kept (encrypted) until it took it. */
type MailContent = { subject: string; text: string; html: string; attachments?: MailAttachment[] }

export type SendResult = { delivered: true } | { delivered: false; error: string; willRetry: boolean }

const MASK = '[hidden]'
const PAYLOAD_PURPOSE = 'mail-payload'
/** The kind of lease a message holds while it is handed to the mail server. */
export const SEND_LEASE = 'mail_send'
const ABANDONED =
  'Interrupted: the platform instance sending it stopped while handing it to the mail server; it may or may not have arrived. Resend it if needed.'
const BATCH = 50
/** Messages handed to the mail server at once (one per pooled connection). */
const SEND_CONCURRENCY = MAX_CONNECTIONS

/** Runs `work` over the items with at most `limit` running at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
}

/** Replaces each secret, longest first so a link is masked whole before the token inside it. */

/**
 * A message with what the platform itself answered in words: without a mail server the transport answers 'outbox',
 * which says nothing to a person reading the log or its export.
 */
export function withAnswerInWords<Row extends { smtp_response: string | null }>(row: Row): Row {
  const words = row.smtp_response === null ? undefined : (adminLabels.mailAnswer as Record<string, string>)[row.smtp_response]
  return words === undefined ? row : { ...row, smtp_response: words }
}
export function maskSecrets(text: string, secrets: readonly string[]): string {
  return [...secrets]
    .filter((secret) => secret.length > 0)
    .sort((a, b) => b.length - a.length)
    .reduce((masked, secret) => masked.split(secret).join(MASK), text)
}

const withAttachments = (content: MailContent, mail: MailToSend): MailContent =>
  mail.attachments && mail.attachments.length > 0 ? { ...content, attachments: mail.attachments } : content

/** Wait before the next try: 30 s, 1 min, 2 min, … at most 15 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 15 * MINUTE_MS)
}

export interface EmailSettings {
  districtName: string
  logoUrl: string | null
  appUrl: string
  from: string
  retryMinutes: number
  /** The district's zone: the log's date filters are its days. */
  timeZone?: string
}

/**
 * The platform's outgoing mail. Every message is a row of the mail log (masked) before it is handed to the mail
 * server; interactive messages are tried at once so the person can be told, the rest (and retries) go through the
 * queue worker. What must be sent later is kept encrypted and dropped once the message is sent or given up.
 */
export function createEmailService(deps: {
  transport: MailTransport
  emails: EmailRepository
  leases: JobLeases
  clock: Clock
  secret: string
  settings: EmailSettings
}) {
  const { transport, emails, leases, clock, secret, settings } = deps
  const timeZone = settings.timeZone ?? DEFAULT_DISTRICT_TIME_ZONE
  const instants = (filters: MailFilters): MailFilters => ({
    ...filters,
    from: filters.from ? startOfDistrictDayInstant(filters.from, timeZone) : undefined,
    to: filters.to ? endOfDistrictDay(filters.to, timeZone) : undefined,
  })
  leases.onExpired(SEND_LEASE, (trx, key, now) => emails.failAbandoned(trx, Number(key), now, ABANDONED))

  async function templateFor(kind: MailKind, trx?: Transaction<Database>): Promise<TemplateText & { updated_at: string | null }> {
    const custom = await emails.template(kind, trx)
    return custom ?? { ...DEFAULT_TEMPLATES[kind], updated_at: null }
  }

  function render(template: TemplateText, kind: MailKind, values: Record<string, string>) {
    const all = { district_name: settings.districtName, app_url: settings.appUrl, ...values }
    void kind
    const subject = fill(template.subject, all).replace(/\s+/g, ' ').trim()
    const text = fill(template.body_text, all)
    return { subject, text, html: htmlFromText(text, settings.districtName, settings.logoUrl) }
  }

  /** Hands one claimed message to the mail server, records the outcome, then gives up the message's lease. */
  async function attempt(
    messageId: number,
    content: MailContent,
    to: string,
    attemptsBefore: number,
    retryUntil: string | null,
    lease: Lease,
  ): Promise<SendResult> {
    return lease.finish(() => deliver(messageId, content, to, attemptsBefore, retryUntil))
  }

  async function deliver(
    messageId: number,
    content: MailContent,
    to: string,
    attemptsBefore: number,
    retryUntil: string | null,
  ): Promise<SendResult> {
    try {
      const { response } = await transport.send({
        to,
        subject: content.subject,
        text: content.text,
        html: content.html,
        ...(content.attachments ? { attachments: content.attachments } : {}),
      })
      await emails.markDelivered(messageId, transport.mode === 'outbox' ? 'outbox' : 'sent', response, clock.now().toISOString())
      return { delivered: true }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const now = clock.now()
      const next = new Date(now.getTime() + retryDelayMs(attemptsBefore + 1))
      if (retryUntil && next.toISOString() < retryUntil) {
        await emails.markRetry(messageId, reason, next.toISOString(), now.toISOString())
        return { delivered: false, error: reason, willRetry: true }
      }
      await emails.markFailed(messageId, reason, now.toISOString())
      return { delivered: false, error: reason, willRetry: false }
    }
  }

  async function record(
    mail: MailToSend,
    content: MailContent,
    options: { retry: boolean; status: 'sending' | 'queued' },
    trx?: Transaction<Database>,
  ) {
    const now = clock.now()
    const retryUntil = options.retry ? new Date(now.getTime() + settings.retryMinutes * MINUTE_MS).toISOString() : null
    const row = {
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      kind: mail.kind,
      recipient: mail.to,
      subject: maskSecrets(content.subject, mail.secrets),
      body_text: maskSecrets(content.text, mail.secrets),
      // In the HTML part a link appears escaped (&amp;): both forms are masked.
      body_html: maskSecrets(content.html, [...mail.secrets, ...mail.secrets.map(escapeHtml)]),
      status: options.status,
      attempts: 0,
      last_error: null,
      sent_at: null,
      payload: options.retry ? encrypt(secret, PAYLOAD_PURPOSE, JSON.stringify(content)) : null,
      retry_until: retryUntil,
      next_attempt_at: options.status === 'queued' ? now.toISOString() : null,
      smtp_response: null,
    }
    if (options.status === 'queued') {
      const { message_id: messageId } = await emails.insert(row, trx)
      return { messageId, retryUntil, lease: null }
    }
    // A message being sent has an owner from its first moment: if this instance dies now, another settles it.
    const started = await leases.start(SEND_LEASE, async (leaseTrx) => {
      const { message_id: messageId } = await emails.insert(row, leaseTrx)
      return { key: messageId, value: messageId }
    })
    if (!started) throw new Error('The message could not be recorded for sending.')
    return { messageId: started.value, retryUntil, lease: started.lease }
  }

  let processing: Promise<number> | null = null

  async function processDue(): Promise<number> {
    let handled = 0
    for (;;) {
      const now = clock.now()
      const ids = await emails.dueIds(now.toISOString(), BATCH)
      if (ids.length === 0) return handled
      await inParallel(ids, SEND_CONCURRENCY, async (id) => {
        const claimed = await leases.start(SEND_LEASE, async (trx) =>
          (await emails.claim(id, clock.now().toISOString(), trx)) ? { key: id, value: id } : null,
        )
        if (!claimed) return
        await claimed.lease.finish(async () => {
          const row = await emails.findForSending(id)
          if (!row?.payload) {
            await emails.markFailed(id, 'Nothing to send: the message content is no longer available.', clock.now().toISOString(), false)
            return
          }
          let content: MailContent
          try {
            content = JSON.parse(decrypt(secret, PAYLOAD_PURPOSE, row.payload)) as typeof content
          } catch {
            await emails.markFailed(
              id,
              'The stored message could not be read (the server secret changed?).',
              clock.now().toISOString(),
              false,
            )
            return
          }
          await deliver(id, content, row.recipient, row.attempts, row.retry_until)
          handled += 1
        })
      })
    }
  }

  return {
    mode: transport.mode,

    /**
     * Sends now and says whether the mail server took it. With `retry`, a refused message stays queued and is tried
     * again for the configured time; without, it fails at once (sign-in links: the person asks again).
     */
    async send(mail: MailToSend, options: { retry?: boolean } = {}): Promise<SendResult> {
      const content = withAttachments(render(await templateFor(mail.kind), mail.kind, mail.values), mail)
      const { messageId, retryUntil, lease } = await record(mail, content, { retry: options.retry ?? false, status: 'sending' })
      return attempt(messageId, content, mail.to, 0, retryUntil, lease!)
    },

    /**
     * Queues a message for the worker (no wait for the mail server). Inside `trx` the message is queued if and only if
     * what it is about is stored.
     */
    async enqueue(mail: MailToSend, trx?: Transaction<Database>): Promise<number> {
      const content = withAttachments(render(await templateFor(mail.kind, trx), mail.kind, mail.values), mail)
      const { messageId } = await record(mail, content, { retry: true, status: 'queued' }, trx)
      return messageId
    },

    /** Sends every due message (one run at a time per process); returns how many were tried. */
    processDue(): Promise<number> {
      processing ??= processDue().finally(() => {
        processing = null
      })
      return processing
    },

    async list(filters: MailFilters, limit: number, offset: number) {
      const { rows, total, totalCapped } = await emails.list(instants(filters), limit, offset)
      return {
        data: rows.map((row) => ({ ...withAnswerInWords(row), status: row.status as MailHealth['recentFailures'][number]['status'] })),
        pagination: { total, limit, offset },
        totalCapped,
      }
    },

    async get(messageId: number) {
      const row = await emails.get(messageId)
      if (!row) throw new AppError('not_found', `There is no message number ${messageId}.`)
      return { ...withAnswerInWords(row), status: row.status as MailHealth['recentFailures'][number]['status'] }
    },

    /** Every message of the filters, for the export: the answers in words as on the screen. */
    async *stream(filters: MailFilters) {
      for await (const row of emails.stream(instants(filters))) yield withAnswerInWords(row)
    },

    async cancel(messageId: number): Promise<string> {
      const row = await this.get(messageId)
      if (!(await emails.cancel(messageId, clock.now().toISOString()))) {
        throw new AppError(
          'unprocessable',
          `Only a queued or retrying message can be cancelled; this one is ${labelOf(adminLabels.mailStatus, row.status).toLowerCase()}.`,
          {
            code: 'not_cancellable',
          },
        )
      }
      return `The message to ${row.recipient} was cancelled.`
    },

    async templates(): Promise<MailTemplate[]> {
      const custom = new Map((await emails.templates()).map((row) => [row.kind, row]))
      return (Object.keys(DEFAULT_TEMPLATES) as MailKind[]).map((kind) => {
        const own = custom.get(kind)
        return {
          kind,
          label: MAIL_KIND_LABELS[kind],
          subject: own?.subject ?? DEFAULT_TEMPLATES[kind].subject,
          body_text: own?.body_text ?? DEFAULT_TEMPLATES[kind].body_text,
          is_default: !own,
          placeholders: PLACEHOLDERS[kind],
          updated_at: own?.updated_at ?? null,
        }
      })
    },

    /** Refuses a template that breaks its kind (a sign-in e-mail must carry {{link}} and {{code}}). */
    async saveTemplate(kind: MailKind, template: TemplateText, actorId: number): Promise<MailTemplate> {
      const problems = templateProblems(kind, template)
      if (problems.length > 0) throw new AppError('unprocessable', problems.join(' '), { code: 'invalid_template' })
      await emails.saveTemplate(kind, template.subject, template.body_text, clock.now().toISOString(), actorId)
      return (await this.templates()).find((t) => t.kind === kind)!
    },

    async resetTemplate(kind: MailKind): Promise<MailTemplate> {
      await emails.deleteTemplate(kind)
      return (await this.templates()).find((t) => t.kind === kind)!
    },

    /** The template rendered with sample values, as the recipient would see it. */
    preview(kind: MailKind, template: TemplateText) {
      const problems = templateProblems(kind, template)
      if (problems.length > 0) throw new AppError('unprocessable', problems.join(' '), { code: 'invalid_template' })
      const samples: Record<string, string> = {
        link: `${settings.appUrl}/auth/verify?email=jane.doe%40district.org&token=EXAMPLE`,
        code: '123456',
        minutes: '15',
        days: '7',
        email: 'jane.doe@district.org',
        full_name: 'Jane Doe',
        invited_by: 'District Administrator',
        sent_at: clock.now().toISOString(),
      }
      return render(template, kind, samples)
    },

    async health(): Promise<MailHealth> {
      const since = new Date(clock.now().getTime() - DAY_MS).toISOString()
      const counts = await emails.statusCountsSince(since)
      const sent = (counts.sent ?? 0) + (counts.outbox ?? 0)
      const failed = counts.failed ?? 0
      const waiting = (counts.queued ?? 0) + (counts.retrying ?? 0) + (counts.sending ?? 0)
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0)
      const failures = await emails.recentFailures(since, 10)
      return {
        mode: transport.mode,
        smtp: transport.settings,
        from: settings.from,
        retryWindowMinutes: settings.retryMinutes,
        last24h: { total, sent, failed, waiting, deliveryRate: sent + failed > 0 ? sent / (sent + failed) : null },
        recentFailures: failures.map((row) => ({ ...row, status: 'failed' as const })),
      }
    },

    async testConnection(): Promise<{ success: boolean; message: string }> {
      try {
        await transport.verify()
        return {
          success: true,
          message: `Connected to ${transport.settings?.host}:${transport.settings?.port} and the server accepted the login.`,
        }
      } catch (error) {
        return {
          success: false,
          message: `The mail server could not be reached or refused the connection: ${error instanceof Error ? error.message : String(error)}`,
        }
      }
    },
  }
}
export type EmailService = ReturnType<typeof createEmailService>
