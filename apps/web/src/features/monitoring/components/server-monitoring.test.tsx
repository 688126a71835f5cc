import type { DomainStatus, WeblogicStatusResponse } from '@platform/contracts/monitoring'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AdminMonitoringPage } from '@/app/routes/admin-monitoring-page'
import { AppPage } from '@/app/routes/app-page'
import { makeApp, makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'

const fetchMock = vi.fn<typeof fetch>()
const monitoringApp = makeApp({ app_code: 'WEBLOGIC_MONITORING', app_name: 'Server Monitoring', admin_only: 1 })
const admin = makeUser({ roleCode: 'ADMIN', permissions: ['weblogic-monitoring'], applications: [monitoringApp] })

const routes = [
  { path: '/apps/:appId', element: <AppPage /> },
  { path: '/admin/monitoring', element: <AdminMonitoringPage /> },
]

function domain(overrides: Partial<DomainStatus> & Pick<DomainStatus, 'domain'>): DomainStatus {
  return {
    status: 'ONLINE',
    adminServer: {
      name: 'AdminServer',
      host: 'wls-fin.district.local',
      port: 7001,
      url: 'https://wls-fin.district.local:7001',
      state: 'RUNNING',
      health: 'OK',
      weblogicVersion: '14.1.1.0.0',
    },
    managedServers: [
      {
        name: 'fin_ms1',
        listenAddress: 'fin-app1.district.local',
        listenPort: 8001,
        clusterName: 'FinCluster',
        state: 'RUNNING',
        health: 'OK',
        startTime: '2026-01-05T08:00:00.000Z',
      },
      {
        name: 'fin_ms2',
        listenAddress: 'fin-app2.district.local',
        listenPort: 8002,
        clusterName: 'None',
        state: 'SHUTDOWN',
        health: null,
        startTime: null,
      },
      { name: 'fin_ms3', listenAddress: null, listenPort: null, clusterName: 'None', state: 'ADMIN', health: 'WARN', startTime: null },
    ],
    consoleUrl: 'https://wls-fin.district.local:7001/console',
    lastChecked: '2026-01-05T09:00:00.000Z',
    isMockData: true,
    error: null,
    originalError: null,
    ...overrides,
  }
}

function statusBody(domains: DomainStatus[], expiresIn = 50): WeblogicStatusResponse {
  return {
    summary: { totalDomains: domains.length, runningServers: 3, totalServers: 5, warningServers: 1, failedServers: 1 },
    cache: {
      ttl: 60,
      stats: {
        totalEntries: domains.length,
        entries: domains.map((d, i) => ({ domain: d.domain, age: 10 + i * 5, expiresIn: expiresIn - i * 5 })),
      },
    },
    domains,
  }
}

let status: WeblogicStatusResponse
let statusAnswer: () => Response

beforeEach(() => {
  localStorage.setItem('token', 'jwt')
  localStorage.setItem('user', JSON.stringify(admin))
  status = statusBody([
    domain({ domain: 'finance_domain' }),
    domain({
      domain: 'hr_domain',
      status: 'UNREACHABLE',
      consoleUrl: null,
      isMockData: false,
      adminServer: {
        name: null,
        host: 'wls-hr.district.local',
        port: 7001,
        url: 'https://wls-hr.district.local:7001',
        state: 'UNREACHABLE',
        health: null,
        weblogicVersion: null,
      },
      managedServers: [],
      error: 'Connection refused by wls-hr.district.local:7001',
      originalError: 'connect ECONNREFUSED 10.0.0.12:7001',
    }),
  ])
  statusAnswer = () => jsonResponse(200, status)
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/get-user-profile') return jsonResponse(200, { user: admin })
    if (url.pathname === '/api/weblogic-status' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { serverName: string }
      const fresh = domain({ domain: body.serverName, lastChecked: '2026-01-05T09:05:00.000Z' })
      fresh.adminServer = { ...fresh.adminServer, state: 'FAILED', health: 'CRITICAL' }
      // the server's cache now holds the fresh domain, as the next GET shows
      status = { ...status, domains: status.domains.map((d) => (d.domain === fresh.domain ? fresh : d)) }
      return jsonResponse(200, { success: true, data: fresh })
    }
    if (url.pathname === '/api/weblogic-status') return statusAnswer()
    return jsonResponse(404, { error: 'not found', code: 'not_found' })
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

const statusCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/weblogic-status'))

describe('Server Monitoring', () => {
  it.each(['/apps/weblogic-monitoring', '/admin/monitoring'])('shows the summary, the domains and their servers at %s', async (path) => {
    renderRoutes(routes, path)
    expect(await screen.findByRole('heading', { level: 1, name: 'Server Monitoring' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)

    const summary = await screen.findByRole('region', { name: 'Summary' })
    expect(within(summary).getByText('Total Domains').nextSibling).toHaveTextContent('2')
    expect(within(summary).getByText('Running Servers').nextSibling).toHaveTextContent('3/5')
    expect(within(summary).getByText('Warnings').nextSibling).toHaveTextContent('1')
    expect(within(summary).getByText('Failed').nextSibling).toHaveTextContent('1')

    const finance = screen.getByRole('region', { name: 'finance_domain' })
    expect(within(finance).getByText('Online')).toBeInTheDocument()
    expect(within(finance).getByText('Mock data')).toBeInTheDocument()
    expect(within(finance).getByText(/Mock data: no WebLogic domains are configured/)).toBeInTheDocument()
    expect(within(finance).getByText('14.1.1.0.0')).toBeInTheDocument()
    expect(within(finance).getByText('wls-fin.district.local:7001')).toBeInTheDocument()
    const console = within(finance).getByRole('link', { name: /Open Console/ })
    expect(console).toHaveAttribute('href', 'https://wls-fin.district.local:7001/console')
    expect(console).toHaveAttribute('target', '_blank')

    const table = within(finance).getByRole('table', { name: 'Managed servers of finance_domain' })
    const rows = within(table).getAllByRole('row')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Server', 'Listen address', 'Cluster', 'State', 'Health', 'JVM'])
    expect(rows[1]).toHaveTextContent('fin-app1.district.local:8001')
    expect(rows[1]).toHaveTextContent('FinCluster')
    // 'None' from WebLogic is said in words, never shown as the cluster's name nor left blank.
    expect(rows[2]).not.toHaveTextContent('None')
    expect(within(rows[2]!).getAllByRole('cell')[1]).toHaveTextContent('Not in a cluster')
    expect(within(rows[2]!).getByText('Shut down')).toBeInTheDocument()
    expect(within(rows[3]!).getByText('Warning')).toBeInTheDocument()

    const hr = screen.getByRole('region', { name: 'hr_domain' })
    // the domain's status and its admin server's state
    expect(within(hr).getAllByText('Unreachable')).toHaveLength(2)
    expect(within(hr).queryByRole('link', { name: /Open Console/ })).toBeNull()
    expect(within(hr).getByText('Connection refused by wls-hr.district.local:7001')).toBeInTheDocument()
    expect(within(hr).getByText('Details')).toBeInTheDocument()
    expect(within(hr).getByText('connect ECONNREFUSED 10.0.0.12:7001')).toBeInTheDocument()
    expect(within(hr).getByText(/^Last checked /)).toBeInTheDocument()

    expect(screen.getByTestId('cache-line')).toHaveTextContent('5 servers · updates every 1 minute · data age 10s · next refresh in 50s')
  })

  it('keeps other people out', async () => {
    const staff = makeUser({ roleCode: 'STAFF', permissions: ['weblogic-monitoring'], applications: [monitoringApp] })
    localStorage.setItem('user', JSON.stringify(staff))
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/get-user-profile')
        ? jsonResponse(200, { user: staff })
        : jsonResponse(403, { error: 'no', code: 'forbidden' }),
    )
    renderRoutes(routes, '/admin/monitoring')
    expect(await screen.findByText('Admin Access Required')).toBeInTheDocument()
    expect(statusCalls()).toHaveLength(0)
  })

  it('refreshes one domain with POST and replaces its card', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/admin/monitoring')
    const finance = await screen.findByRole('region', { name: 'finance_domain' })
    await user.click(within(finance).getByRole('button', { name: 'Refresh finance_domain' }))
    await waitFor(() => expect(within(finance).getByText('Critical')).toBeInTheDocument())
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ serverName: 'finance_domain', forceRefresh: true })
    expect(screen.getByRole('region', { name: 'hr_domain' })).toBeInTheDocument()
  })

  it("'Refresh All' asks for every domain to be read again", async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/admin/monitoring')
    await screen.findByRole('region', { name: 'finance_domain' })
    await user.click(screen.getByRole('button', { name: 'Refresh All' }))
    await waitFor(() => expect(statusCalls().some(([input]) => String(input) === '/api/weblogic-status?refresh=true')).toBe(true))
  })

  it("shows the server's error, else 'Failed to fetch Weblogic status'", async () => {
    statusAnswer = () => jsonResponse(503, { error: 'Monitoring is switched off', code: 'unavailable' })
    const { unmount } = renderRoutes(routes, '/admin/monitoring')
    expect(await screen.findByText('Monitoring is switched off')).toBeInTheDocument()
    unmount()

    statusAnswer = () => new Response('<html>oops</html>', { status: 502 })
    renderRoutes(routes, '/admin/monitoring')
    expect(await screen.findByText('Failed to fetch Weblogic status')).toBeInTheDocument()
  })

  it('counts the next refresh down every second and polls every 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderRoutes(routes, '/admin/monitoring')
    const line = await screen.findByTestId('cache-line')
    expect(line).toHaveTextContent('next refresh in 50s')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000)
    })
    expect(line).toHaveTextContent(/next refresh in 4[67]s/)
    const before = statusCalls().length
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000)
    })
    expect(statusCalls().length).toBeGreaterThan(before)
  })
})
