import type { Subscription } from '@platform/contracts/report-subscriptions'

/** Jane Doe's (the writer's) weekly Excel subscription to report 5, Costs by fund; override only what the test is about. */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 31,
    reportId: 5,
    reportName: 'Costs by fund',
    createdBy: { userId: 7, fullName: 'Jane Doe' },
    createdAt: '2026-03-01T10:00:00.000Z',
    parameters: { fy: 2024 },
    format: 'xlsx',
    schedule: { frequency: 'weekly', hour: 7, weekdays: [1] },
    scheduleText: 'Every Monday at 7:00 AM',
    recipients: [{ userId: 7, fullName: 'Jane Doe', email: 'jane.doe@district.org', unsubscribedAt: null }],
    paused: false,
    pausedBy: null,
    pausedAt: null,
    nextRunAt: '2026-03-09T14:00:00.000Z',
    lastRunAt: null,
    version: 3,
    canManage: true,
    ...overrides,
  }
}
