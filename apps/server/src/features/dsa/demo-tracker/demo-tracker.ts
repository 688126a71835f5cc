import { type IncomingHttpHeaders, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type DemoProjectStoreOptions, createDemoProjectStore } from './demo-project-store.js'
import type { DemoProject } from './demo-projects.js'
import { type DemoClient, type PageOptions, errorPage } from './demo-pages.js'
import { createDemoSessions } from './demo-sessions.js'
import { type RouteResult, TRACKER_PATH, routeTrackerRequest } from './demo-tracker-routes.js'

export type { DemoProject } from './demo-projects.js'

/** How the tracker misbehaves: one mode at a time, each a fault the scraper must survive. */
export type TrackerBehaviour =
  | { kind: 'ok' }
  /** Every answer is delayed. */
  | { kind: 'slow'; delayMs: number }
  /** This status (with an IIS error page) for the next `times` requests, all of them when omitted; then ok again. */
  | { kind: 'fail'; status: number; times?: number }
  /** 429 with Retry-After for the next `times` requests (all when omitted); then ok again. */
  | { kind: 'rate-limit'; retryAfterSeconds: number; times?: number }
  /** Requests are accepted and never answered. */
  | { kind: 'hang' }
  /** `requests` more requests are answered, then every later one has its connection destroyed: a tracker that dies mid-run. */
  | { kind: 'down-after'; requests: number }
  /** A redesign: grids and value spans renamed, so suffix selectors find nothing. */
  | { kind: 'layout-changed' }
  /** Another control id prefix, as the real site has had (`ctl00_ContentPlaceHolder1_`). */
  | { kind: 'id-prefix'; prefix: string }
  /** Summary pages answer another application's page, as a mixed-up session does. */
  | { kind: 'wrong-application' }

export interface DemoTrackerOptions extends DemoProjectStoreOptions {
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0: a free port. */
  port?: number
}

export interface TrackedRequest {
  method: string
  /** Path and query exactly as requested. */
  path: string
  headers: IncomingHttpHeaders
  /** Epoch milliseconds. */
  at: number
}

export interface DemoTracker {
  /** Base URL ending with `/DSA/Tracker/`, like the real `https://www.apps2.dgs.ca.gov/DSA/Tracker/`. */
  url: string
  port: number
  /** Every request received, in order, including those answered with a fault. */
  requests: TrackedRequest[]
  setBehaviour(behaviour: TrackerBehaviour): void
  /** What the list page of that client serves, in its order (copies: change data with updateProject). */
  projects(clientId: string): DemoProject[]
  /** Changes an application between runs, e.g. a certification letter arrives or a value turns malformed. */
  updateProject(clientId: string, appId: string, patch: Partial<DemoProject>): void
  /** Appends the client's next generated application, with the patch applied. */
  addProject(clientId: string, patch?: Partial<DemoProject>): DemoProject
  /** The application stays listed, but its summary page shows the not-found banner. */
  markNotFound(appId: string): void
  /** Stops listening and destroys open connections, hung requests included. */
  close(): Promise<void>
}

/** Clients the product suggests by default (37-H9 main, 37-58 secondary); both ids belong to San Diego Unified. */
const SUGGESTED_CLIENTS: readonly DemoClient[] = [
  { clientId: '37-H9', name: 'San Diego Unified School District' },
  { clientId: '37-58', name: 'San Diego Unified School District' },
]

/** The headers an IIS/ASP.NET answer carries; the real ones were never captured, these are the platform defaults. */
const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private',
  Server: 'Microsoft-IIS/10.0',
  'X-AspNet-Version': '4.0.30319',
  'X-Powered-By': 'ASP.NET',
}

/**
 * Starts a fake of the DSA project tracker on node:http: the real pages' structure with generated applications,
 * ASP.NET session state (the `ASP.NET_SessionId` cookie), and switchable faults. Tests use it to drive the scraper
 * through every failure; `npm start` can point the scraper at it to show the application working offline.
 */
export async function startDemoTracker(options: DemoTrackerOptions = {}): Promise<DemoTracker> {
  const store = createDemoProjectStore(options)
  const sessions = createDemoSessions()
  const requests: TrackedRequest[] = []
  const timers = new Set<NodeJS.Timeout>()
  let behaviour: TrackerBehaviour = { kind: 'ok' }
  /** Requests left for `times` (fail, rate-limit) or `requests` (down-after). */
  let remaining = Infinity

  const clients = (): DemoClient[] => {
    const ids = new Set([...SUGGESTED_CLIENTS.map((c) => c.clientId), ...Object.keys(options.projectCounts ?? {}), ...store.clientIds()])
    return [...ids].map(
      (clientId) => SUGGESTED_CLIENTS.find((c) => c.clientId === clientId) ?? { clientId, name: `Demo client ${clientId}` },
    )
  }

  const pageOptions = (): PageOptions => {
    if (behaviour.kind === 'layout-changed') return { layoutChanged: true }
    if (behaviour.kind === 'id-prefix') return { idPrefix: behaviour.prefix }
    return {}
  }

  /** Counts one request against a limited fault; once used up the tracker is healthy again. */
  const spendFault = () => {
    remaining -= 1
    if (remaining <= 0) behaviour = { kind: 'ok' }
  }

  const send = (response: ServerResponse, result: RouteResult, extraHeaders: Record<string, string>) => {
    if (response.destroyed) return
    const headers = { ...HTML_HEADERS, ...extraHeaders, ...(result.location ? { Location: result.location } : {}) }
    response.writeHead(result.status, headers).end(result.body)
  }

  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers, at: Date.now() })
    const current = behaviour
    if (current.kind === 'hang') return // close() destroys the socket
    if (current.kind === 'down-after') {
      if (remaining <= 0) return request.socket.destroy()
      remaining -= 1
    }
    if (current.kind === 'fail' && remaining > 0) {
      spendFault()
      return send(response, { status: current.status, body: errorPage(current.status) }, {})
    }
    if (current.kind === 'rate-limit' && remaining > 0) {
      spendFault()
      return send(response, { status: 429, body: errorPage(429) }, { 'Retry-After': String(current.retryAfterSeconds) })
    }

    const { session, setCookie } = sessions.forRequest(request)
    let result: RouteResult
    try {
      const url = new URL(request.url ?? '/', 'http://tracker')
      result = routeTrackerRequest(url, {
        store,
        session,
        pageOptions: pageOptions(),
        wrongApplication: current.kind === 'wrong-application',
        clients,
      })
    } catch {
      result = { status: 500, body: errorPage(500) }
    }
    const headers: Record<string, string> = setCookie ? { 'Set-Cookie': setCookie } : {}
    if (current.kind !== 'slow') return send(response, result, headers)
    const timer = setTimeout(() => {
      timers.delete(timer)
      send(response, result, headers)
    }, current.delayMs)
    timers.add(timer)
  })

  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const urlHost = host.includes(':') ? `[${host}]` : host

  return {
    url: `http://${urlHost}:${port}${TRACKER_PATH}`,
    port,
    requests,
    setBehaviour(next) {
      behaviour = next
      remaining = next.kind === 'down-after' ? next.requests : 'times' in next && next.times !== undefined ? next.times : Infinity
    },
    projects: (clientId) => store.list(clientId).map((project) => ({ ...project })),
    updateProject: (clientId, appId, patch) => store.update(clientId, appId, patch),
    addProject: (clientId, patch) => ({ ...store.add(clientId, patch) }),
    markNotFound: (appId) => store.hide(appId),
    close() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      // Includes connections whose request is still waiting for an answer (hang, slow), which close() alone would wait for.
      server.closeAllConnections()
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    },
  }
}
