import type { Subscription, SubscriptionRun } from '@platform/contracts/report-subscriptions'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ReportsStudioPage } from '@/app/routes/reports-studio-page'
import { jsonResponse, renderRoutes } from '@/test/render'
import { giveElementsASize, requestsTo, stubApi } from '../../testing/fake-api'
import { costsDefinition, costsResult, makeSummary } from '../../testing/fixtures'
import { makeSubscription } from '../../testing/subscriptions'

const routes = [{ path: '/reports-studio', element: <ReportsStudioPage /> }]
const report = makeSummary({ REPORT_ID: 5, REPORT_NAME: 'Costs by fund' })
const definition = costsDefinition({
  parameters: [{ id: 'fy', label: 'Fiscal year', type: 'integer', required: true, default: 2026 }],
})

/** The writer's subscription, also sent to Pat Lee, who unsubscribed. */
const subscription = (overrides: Partial<Subscription> = {}) =>
  makeSubscription({
    recipients: [
      { userId: 7, fullName: 'Jane Doe', email: 'jane.doe@district.org', unsubscribedAt: null },
      { userId: 12, fullName: 'Pat Lee', email: 'pat.lee@district.org', unsubscribedAt: '2026-03-05T10:00:00.000Z' },
    ],
    ...overrides,
  })

const received = subscription({
  id: 32,
  scheduleText: 'Every day at 6:00 AM',
  schedule: { frequency: 'daily', hour: 6 },
  format: 'pdf',
  canManage: false,
})

const runs: SubscriptionRun[] = [
  {
    id: 90,
    scheduledFor: '2026-03-02T15:00:00.000Z',
    startedAt: '2026-03-02T15:00:05.000Z',
    finishedAt: '2026-03-02T15:00:09.000Z',
    state: 'done',
    deliveries: [
      {
        userId: 7,
        fullName: 'Jane Doe',
        outcome: 'sent',
        sentAs: 'attachment',
        rows: 120,
        sizeBytes: 18_432,
        detail: null,
        at: '2026-03-02T15:00:07.000Z',
      },
      {
        userId: 12,
        fullName: 'Pat Lee',
        outcome: 'notice',
        sentAs: null,
        rows: null,
        sizeBytes: null,
        detail: 'Pat Lee no longer holds Reports Studio',
        at: '2026-03-02T15:00:08.000Z',
      },
      {
        userId: 14,
        fullName: 'Kim Ray',
        outcome: 'failed',
        sentAs: null,
        rows: null,
        sizeBytes: null,
        detail: 'The report took too long',
        at: '2026-03-02T15:00:09.000Z',
      },
    ],
  },
]

let listed: Subscription[]
let fetchMock: ReturnType<typeof stubApi>

beforeEach(() => {
  giveElementsASize()
  listed = [subscription(), received]
  fetchMock = stubApi((url, init) => {
    if (url.pathname === '/api/reportlist') return jsonResponse(200, { reports: [report], canCreate: true })
    if (url.pathname === '/api/reportdetails') return jsonResponse(200, { report, definition })
    if (url.pathname === '/api/reportrun') return jsonResponse(200, costsResult())
    if (url.pathname === '/api/reportexports') return jsonResponse(200, { jobs: [] })
    if (url.pathname === '/api/reportsubscriptions') return jsonResponse(200, { subscriptions: listed })
    if (url.pathname === '/api/reportsubscriptions/recipients') return jsonResponse(200, { people: [] })
    if (url.pathname === '/api/reportsubscriptions/31') {
      if (init?.method === 'DELETE') {
        listed = listed.filter((one) => one.id !== 31)
        return jsonResponse(200, { success: true })
      }
      if (init?.method === 'PUT') return jsonResponse(200, subscription({ version: 4 }))
      return jsonResponse(200, subscription())
    }
    if (url.pathname === '/api/reportsubscriptions/31/pause') {
      listed = [subscription({ paused: true, pausedBy: 'Jane Doe', pausedAt: '2026-03-06T18:00:00.000Z', nextRunAt: null }), received]
      return jsonResponse(200, listed[0])
    }
    if (url.pathname === '/api/reportsubscriptions/31/runs') return jsonResponse(200, { runs })
    return undefined
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const allSubscriptions = () => screen.findByRole('region', { name: 'Subscriptions' })
const entry = (list: HTMLElement, name: string) => within(list).getByRole('listitem', { name })

describe('The subscriptions list', () => {
  it('shows each with its schedule, format, recipients (the unsubscribed marked) and next delivery; actions only where the person manages it', async () => {
    renderRoutes(routes, '/reports-studio')
    const list = await allSubscriptions()
    const mine = entry(list, 'Costs by fund, Every Monday at 7:00 AM')
    expect(mine).toHaveTextContent('Costs by fund: Every Monday at 7:00 AM')
    expect(mine).toHaveTextContent('Excel (XLSX) attached')
    expect(mine).toHaveTextContent('To Jane Doe, Pat Lee (unsubscribed)')
    expect(mine).toHaveTextContent(/Next delivery Mar 9, 2026 7:00 AM PDT/)
    expect(within(mine).getByRole('button', { name: 'Pause' })).toBeInTheDocument()
    expect(within(mine).getByRole('link', { name: "Open Costs by fund with this subscription's values" })).toHaveAttribute(
      'href',
      '/reports-studio?report=5&subscription=31',
    )

    const theirs = entry(list, 'Costs by fund, Every day at 6:00 AM')
    expect(theirs).toHaveTextContent('PDF attached')
    expect(within(theirs).queryByRole('button')).toBeNull()
  })

  it('pauses, then shows who paused it; deletes after a confirmation', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/reports-studio')
    const list = await allSubscriptions()
    await user.click(within(entry(list, 'Costs by fund, Every Monday at 7:00 AM')).getByRole('button', { name: 'Pause' }))
    expect(requestsTo(fetchMock, '/api/reportsubscriptions/31/pause')[0]!.body).toEqual({ paused: true })
    const paused = entry(list, 'Costs by fund, Every Monday at 7:00 AM')
    await waitFor(() => expect(paused).toHaveTextContent(/Paused by Jane Doe on Mar 6, 2026/))
    expect(within(paused).getByRole('button', { name: 'Resume' })).toBeInTheDocument()

    await user.click(within(paused).getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete this subscription?' })
    expect(confirm).toHaveTextContent('Costs by fund (Every Monday at 7:00 AM) is no longer sent to Jane Doe, Pat Lee (unsubscribed).')
    // Nothing is deleted until the person confirms.
    expect(requestsTo(fetchMock, '/api/reportsubscriptions/31').filter((request) => request.method === 'DELETE')).toHaveLength(0)
    await user.click(within(confirm).getByRole('button', { name: 'Delete subscription' }))
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Costs by fund, Every Monday at 7:00 AM' })).toBeNull())
  })

  it('reads the history: when, to whom, and each outcome in words with its rows and size', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/reports-studio')
    const list = await allSubscriptions()
    await user.click(within(entry(list, 'Costs by fund, Every Monday at 7:00 AM')).getByRole('button', { name: 'History' }))
    const history = await screen.findByRole('dialog', { name: 'History of Costs by fund (Every Monday at 7:00 AM)' })
    const run = await within(history).findByRole('listitem', { name: 'Delivery of Mar 2, 2026 7:00 AM PST' })
    expect(run).toHaveTextContent('Done')
    expect(run).toHaveTextContent('Jane Doe · Sent with the report attached')
    expect(run).toHaveTextContent('120 rows · 18 KB')
    expect(run).toHaveTextContent('Pat Lee · Sent a notice instead of the report: Pat Lee no longer holds Reports Studio')
    expect(run).toHaveTextContent('Kim Ray · Not sent: The report took too long')
  })

  it("edits a subscription with its report's values and sends the version read", async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/reports-studio')
    const list = await allSubscriptions()
    await user.click(within(entry(list, 'Costs by fund, Every Monday at 7:00 AM')).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('dialog', { name: 'Change the subscription to Costs by fund' })
    expect(within(form).getByRole('textbox', { name: /Fiscal year/ })).toHaveValue('2024')
    expect(within(form).getByRole('radio', { name: 'Excel (XLSX) attached' })).toBeChecked()
    await user.click(within(form).getByRole('checkbox', { name: 'Wednesday' }))
    await user.click(within(form).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change the subscription to Costs by fund' })).toBeNull())
    const put = requestsTo(fetchMock, '/api/reportsubscriptions/31').find((request) => request.method === 'PUT')
    expect(put!.body).toEqual({
      parameters: { fy: 2024 },
      recipientIds: [7, 12],
      format: 'xlsx',
      schedule: { frequency: 'weekly', hour: 7, weekdays: [1, 3] },
      version: 3,
    })
  })

  it("opens a subscription's link with its values", async () => {
    renderRoutes(routes, '/reports-studio?report=5&subscription=31')
    await screen.findByRole('table', { name: 'Costs by fund' })
    const run = requestsTo(fetchMock, '/api/reportrun')
    expect(run[0]!.body).toMatchObject({ reportId: 5, parameters: { fy: 2024 } })
    expect(screen.getByRole('textbox', { name: /Fiscal year/ })).toHaveValue('2024')
  })
})
