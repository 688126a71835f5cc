import type { MailKind } from '@platform/contracts/email'
import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { EmailService } from './email.service.js'
import type { TemplateText } from './mail-templates.js'
import type { ClientInfo } from '../../lib/client-info.js'

export type { ClientInfo } from '../../lib/client-info.js'

/** Sends a message of a kind again by repeating what sent it (a sign-in issues a fresh link); returns what happened. */
export type Reissue = (recipient: string, actor: AuthUser, client: ClientInfo) => Promise<string>

/** Email Administration's actions, each recorded in the audit log. */
export function createEmailAdminService(deps: {
  email: EmailService
  audit: AuditService
  clock: Clock
  reissue: Record<Exclude<MailKind, 'test'>, Reissue>
}) {
  const { email, audit, clock, reissue } = deps
  const recordAction = (
    action: string,
    actor: AuthUser,
    client: ClientInfo,
    details: Record<string, unknown>,
    outcome: 'success' | 'failure' = 'success',
  ) => audit.record({ action, outcome, actorUserId: actor.id, targetType: 'mail', ip: client.ip, userAgent: client.userAgent, details })

  async function sendTest(to: string) {
    const result = await email.send({ kind: 'test', to, values: { sent_at: clock.now().toISOString(), email: to }, secrets: [] })
    return result.delivered
      ? {
          success: true,
          message:
            email.mode === 'outbox'
              ? `A test message to ${to} was recorded (outbox mode: nothing was really sent).`
              : `A test message was sent to ${to}.`,
        }
      : { success: false, message: `The test message to ${to} could not be sent: ${result.error}` }
  }

  return {
    /** A failed message is sent again; a sign-in message is never resent as it was: a fresh link is issued. */
    async resend(messageId: number, actor: AuthUser, client: ClientInfo): Promise<{ success: boolean; message: string }> {
      const message = await email.get(messageId)
      if (message.status !== 'failed') {
        throw new AppError(
          'unprocessable',
          `Only a failed message can be resent; this one is ${labelOf(adminLabels.mailStatus, message.status).toLowerCase()}.`,
          {
            code: 'not_resendable',
          },
        )
      }
      const kind = message.kind as MailKind
      try {
        const outcome =
          kind === 'test'
            ? await sendTest(message.recipient)
            : { success: true, message: await reissue[kind](message.recipient, actor, client) }
        await recordAction(
          'email.resent',
          actor,
          client,
          { messageId, kind, recipient: message.recipient, result: outcome.message },
          outcome.success ? 'success' : 'failure',
        )
        return outcome
      } catch (error) {
        await recordAction(
          'email.resent',
          actor,
          client,
          { messageId, kind, recipient: message.recipient, error: error instanceof Error ? error.message : String(error) },
          'failure',
        )
        throw error
      }
    },

    async cancel(messageId: number, actor: AuthUser, client: ClientInfo) {
      const message = await email.cancel(messageId)
      await recordAction('email.cancelled', actor, client, { messageId })
      return { success: true, message }
    },

    async saveTemplate(kind: MailKind, template: TemplateText, actor: AuthUser, client: ClientInfo) {
      const before = (await email.templates()).find((t) => t.kind === kind)!
      const saved = await email.saveTemplate(kind, template, actor.id)
      await recordAction('email.template_saved', actor, client, {
        kind,
        before: { subject: before.subject, body_text: before.body_text },
        after: template,
      })
      return saved
    },

    async resetTemplate(kind: MailKind, actor: AuthUser, client: ClientInfo) {
      const reset = await email.resetTemplate(kind)
      await recordAction('email.template_reset', actor, client, { kind })
      return reset
    },

    async testMessage(actor: AuthUser, client: ClientInfo) {
      const outcome = await sendTest(actor.email)
      await recordAction(
        'email.test_message',
        actor,
        client,
        { to: actor.email, result: outcome.message },
        outcome.success ? 'success' : 'failure',
      )
      return outcome
    },
  }
}
export type EmailAdminService = ReturnType<typeof createEmailAdminService>
