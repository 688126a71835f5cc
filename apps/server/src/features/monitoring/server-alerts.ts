import type { EmailService } from '../email/email.service.js'
import { type ServerChange, describeChange } from './state-history.service.js'

/**
 * The alert e-mails of Server Monitoring (WEBLOGIC_ALERTS): when servers of a domain leave RUNNING or their health
 * drops below OK, one message per recipient lists them. Queued, so a slow mail server never delays monitoring.
 * Null when alerts are off.
 */
export function createServerAlerts(deps: {
  email: Pick<EmailService, 'enqueue'>
  recipients: 'off' | 'admins' | string[]
  administrators: () => Promise<string[]>
  monitoringUrl: string
}) {
  const { email, recipients, administrators, monitoringUrl } = deps
  if (recipients === 'off') return null
  return async (domain: string, changes: ServerChange[], at: string): Promise<void> => {
    const to = recipients === 'admins' ? await administrators() : recipients
    const values = { domain, changes: changes.map(describeChange).join('\n'), checked_at: at, monitoring_url: monitoringUrl }
    for (const address of to) await email.enqueue({ kind: 'server_alert', to: address, values: { ...values, email: address }, secrets: [] })
  }
}
