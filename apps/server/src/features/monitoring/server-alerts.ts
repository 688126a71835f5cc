import { formatInstant } from '@platform/contracts/district-time'
import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'
import type { EmailService } from '../email/email.service.js'
import type { ServerChange } from './state-history.service.js'

/** 'osb_server1: Running (OK) → Failed (Critical)': one server's change in the alert e-mail, its states in words. */
export function changeInWords(change: ServerChange): string {
  const show = (state: string | null, health: string | null) => {
    const words = state === null ? 'First seen' : labelOf(adminLabels.serverState, state)
    return health ? `${words} (${labelOf(adminLabels.serverHealth, health)})` : words
  }
  return `${change.serverName}: ${show(change.previousState, change.previousHealth)} → ${show(change.state, change.health)}`
}

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
  /** The district's zone, to tell when the change was seen on its clock; without it the time is told in UTC. */
  timeZone?: string
}) {
  const { email, recipients, administrators, monitoringUrl, timeZone = 'UTC' } = deps
  if (recipients === 'off') return null
  return async (domain: string, changes: ServerChange[], at: string): Promise<void> => {
    const to = recipients === 'admins' ? await administrators() : recipients
    const values = {
      domain,
      changes: changes.map(changeInWords).join('\n'),
      checked_at: formatInstant(at, timeZone),
      monitoring_url: monitoringUrl,
    }
    for (const address of to) await email.enqueue({ kind: 'server_alert', to: address, values: { ...values, email: address }, secrets: [] })
  }
}
