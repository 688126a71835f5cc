import { describe, expect, it } from 'vitest'
import { changeInWords, createServerAlerts } from './server-alerts.js'

const change = (previousState: string | null, previousHealth: string | null, state: string, health: string | null) => ({
  serverName: 'osb_server1',
  previousState,
  previousHealth,
  state,
  health,
})

describe('server alert e-mails in words', () => {
  it('names states and health by their words, never their codes', () => {
    expect(changeInWords(change('RUNNING', 'OK', 'FAILED_NOT_RESTARTABLE', 'CRITICAL'))).toBe(
      'osb_server1: Running (OK) → Failed, cannot restart (Critical)',
    )
    expect(changeInWords(change('FORCE_SHUTTING_DOWN', 'WARN', 'UNREACHABLE', null))).toBe(
      'osb_server1: Shutting down (forced) (Warning) → Unreachable',
    )
    expect(changeInWords(change(null, null, 'SHUTDOWN', null))).toBe('osb_server1: First seen → Shut down')
  })

  it('tells when the change was seen on the district clock, the zone named', async () => {
    const sent: Array<{ to: string; values: Record<string, string> }> = []
    const alert = createServerAlerts({
      email: {
        enqueue: async (message) => {
          sent.push({ to: message.to, values: message.values as Record<string, string> })
          return sent.length
        },
      },
      recipients: ['ops@district.test'],
      administrators: async () => [],
      monitoringUrl: 'http://platform.test/apps/weblogic-monitoring',
      timeZone: 'America/Los_Angeles',
    })
    await alert!('osb', [change('RUNNING', 'OK', 'UNREACHABLE', null)], '2026-11-28T18:05:00.000Z')
    expect(sent).toEqual([
      {
        to: 'ops@district.test',
        values: expect.objectContaining({
          changes: 'osb_server1: Running (OK) → Unreachable',
          checked_at: 'Nov 28, 2026 10:05 AM PST',
        }) as Record<string, string>,
      },
    ])
    for (const value of Object.values(sent[0]!.values)) expect(value).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b|\b(RUNNING|UNREACHABLE)\b/)
  })
})
