import type { DomainStatus, StateChange } from '@platform/contracts/monitoring'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { formatCheckedAt } from '../utils/monitoring'
import { DomainCard } from './domain-card'

const fetchMock = vi.fn<typeof fetch>()
const admin = makeUser({ roleCode: 'ADMIN' })
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 1_000).toISOString()

let adminSince: string
let ms1Since: string
let card: DomainStatus
let historyAnswer: () => Response

const changes: StateChange[] = [
  {
    id: 3,
    domain: 'osb_prod',
    serverName: 'osb_server1',
    state: 'UNREACHABLE',
    health: null,
    previousState: 'RUNNING',
    previousHealth: 'OK',
    changedAt: '2026-01-05T09:05:00.000Z',
  },
  {
    id: 2,
    domain: 'osb_prod',
    serverName: 'osb_server1',
    state: 'RUNNING',
    health: 'OK',
    previousState: null,
    previousHealth: null,
    changedAt: '2026-01-05T09:00:00.000Z',
  },
  {
    id: 1,
    domain: 'osb_prod',
    serverName: 'AdminServer',
    state: 'RUNNING',
    health: 'OK',
    previousState: null,
    previousHealth: null,
    changedAt: '2026-01-05T09:00:00.000Z',
  },
]

beforeEach(() => {
  localStorage.setItem('token', 'jwt')
  localStorage.setItem('user', JSON.stringify(admin))
  adminSince = minutesAgo(5)
  ms1Since = minutesAgo(90)
  card = {
    domain: 'osb_prod',
    status: 'ONLINE',
    adminServer: {
      name: 'AdminServer',
      host: 'wls-host',
      port: 7001,
      url: 'http://wls-host:7001',
      state: 'RUNNING',
      health: 'OK',
      weblogicVersion: '12.2.1.4.0',
      since: adminSince,
    },
    managedServers: [
      {
        name: 'osb_server1',
        listenAddress: 'wls-host',
        listenPort: 8011,
        clusterName: 'cluster1',
        state: 'UNREACHABLE',
        health: null,
        startTime: null,
        since: ms1Since,
      },
      {
        name: 'osb_server2',
        listenAddress: 'wls-host2',
        listenPort: 8011,
        clusterName: 'cluster1',
        state: 'SHUTDOWN',
        health: null,
        startTime: null,
      },
    ],
    consoleUrl: null,
    lastChecked: '2026-01-05T09:05:00.000Z',
    isMockData: false,
    error: null,
    originalError: null,
  }
  historyAnswer = () => jsonResponse(200, { data: changes })
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/get-user-profile') return jsonResponse(200, { user: admin })
    if (url.pathname === '/api/weblogic-history') return historyAnswer()
    return jsonResponse(404, { error: 'not found', code: 'not_found' })
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

const renderCard = () => renderRoutes([{ path: '/', element: <DomainCard domain={card} /> }], '/')
const historyCalls = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/weblogic-history'))

async function openHistory() {
  const user = userEvent.setup()
  renderCard()
  await user.click(screen.getByRole('button', { name: 'History of osb_prod' }))
  return { user, dialog: await screen.findByRole('dialog', { name: 'State history of osb_prod' }) }
}

describe('since', () => {
  it('shows since when the admin server and each managed server have been as they are, with the exact time', () => {
    renderCard()
    const adminSinceField = screen.getByText('Since').nextElementSibling as HTMLElement
    const adminTime = within(adminSinceField).getByText('5 min ago', { exact: false })
    expect(adminTime.closest('time')).toHaveAttribute('dateTime', adminSince)
    expect(adminTime.closest('time')).toHaveAttribute('title', formatCheckedAt(adminSince))
    expect(adminSinceField).toHaveTextContent(`5 min ago (${formatCheckedAt(adminSince)})`)

    const table = screen.getByRole('table', { name: 'Managed servers of osb_prod' })
    const [, first, second] = within(table).getAllByRole('row')
    // Still five cells after the row header: since is a line of the State cell.
    expect(within(first!).getAllByRole('cell')).toHaveLength(5)
    const state = within(first!).getAllByRole('cell')[2]!
    expect(state).toHaveTextContent(`Unreachablesince 1 h ago (${formatCheckedAt(ms1Since)})`)
    // A server whose since is not known shows only its state.
    expect(within(second!).getAllByRole('cell')[2]).toHaveTextContent(/^Shut down$/)
  })

  it('moves on as time passes, and shows an em dash when the admin server has no since', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { unmount } = renderCard()
    const adminSinceField = screen.getByText('Since').nextElementSibling as HTMLElement
    expect(adminSinceField).toHaveTextContent(/^5 min ago/)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * 60_000)
    })
    expect(adminSinceField).toHaveTextContent(/^7 min ago/)
    unmount()

    card = { ...card, adminServer: { ...card.adminServer, since: null } }
    renderCard()
    expect(screen.getByText('Since').nextElementSibling).toHaveTextContent(/^—$/)
  })
})

describe('state history', () => {
  it("opens 'State history of {domain}' and lists the changes, newest first, from → to", async () => {
    const { dialog } = await openHistory()
    const table = await within(dialog).findByRole('table', { name: 'State changes of osb_prod' })
    expect(historyCalls()).toEqual(['/api/weblogic-history?domain=osb_prod&limit=50'])

    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    const cells = (row: HTMLElement) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent)
    expect(cells(rows[0]!)).toEqual(['osb_server1', formatCheckedAt('2026-01-05T09:05:00.000Z'), 'Running → Unreachable', 'OK → —'])
    expect(cells(rows[1]!)).toEqual(['osb_server1', formatCheckedAt('2026-01-05T09:00:00.000Z'), 'First seen → Running', 'OK'])
    expect(rows[2]).toHaveTextContent('AdminServer')
    // The states and health keep their colours.
    expect(within(rows[0]!).getByText('Running').closest('[data-tone]')).toHaveAttribute('data-tone', 'ok')
    expect(within(rows[0]!).getByText('Unreachable').closest('[data-tone]')).toHaveAttribute('data-tone', 'grey')
  })

  it("says 'No changes recorded yet' when there are none, and the server's error when the list cannot be read", async () => {
    historyAnswer = () => jsonResponse(200, { data: [] })
    const { user, dialog } = await openHistory()
    expect(await within(dialog).findByText('No changes recorded yet')).toBeInTheDocument()
    await user.keyboard('{Escape}')

    historyAnswer = () => jsonResponse(403, { error: 'Only administrators can see the state history', code: 'forbidden' })
    await user.click(screen.getByRole('button', { name: 'History of osb_prod' }))
    const again = await screen.findByRole('dialog', { name: 'State history of osb_prod' })
    expect(await within(again).findByRole('alert')).toHaveTextContent('Only administrators can see the state history')
  })

  it('keeps the focus inside, closes on Escape and gives the focus back to History', async () => {
    const { user, dialog } = await openHistory()
    await within(dialog).findByRole('table', { name: 'State changes of osb_prod' })
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))
    for (let i = 0; i < 4; i += 1) {
      await user.tab()
      expect(dialog).toContainElement(document.activeElement as HTMLElement)
    }
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(screen.getByRole('button', { name: 'History of osb_prod' })).toHaveFocus())
  })
})
