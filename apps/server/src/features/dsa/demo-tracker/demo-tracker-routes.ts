import type { ApplicationKey, DemoProjectStore } from './demo-project-store.js'
import {
  type DemoClient,
  type PageOptions,
  certificationPage,
  errorPage,
  fieldReviewPage,
  indexPage,
  listPage,
  summaryPage,
} from './demo-pages.js'
import type { DemoSession } from './demo-sessions.js'

/** Where the real tracker lives; compared in lower case because IIS ignores path case. */
export const TRACKER_PATH = '/DSA/Tracker/'

export interface RouteContext {
  store: DemoProjectStore
  session: DemoSession
  pageOptions: PageOptions
  /** Summary pages answer another application's page, as a session shared by parallel requests does. */
  wrongApplication: boolean
  clients: () => DemoClient[]
}

export interface RouteResult {
  status: number
  body: string
  location?: string
}

/** ASP.NET's Request.QueryString ignores the case of parameter names; values arrive percent-decoded. */
function queryParameter(url: URL, name: string): string | undefined {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value
  return undefined
}

/** The application a detail URL names, or else the one the session holds (the bare sidebar links rely on this). */
function requestedApplication(url: URL, session: DemoSession): ApplicationKey | undefined {
  const appId = queryParameter(url, 'AppId')
  if (appId === undefined) return session.current
  return { officeId: queryParameter(url, 'OriginId') ?? '', appId }
}

function summary(url: URL, { store, session, pageOptions, wrongApplication }: RouteContext): RouteResult {
  const key = requestedApplication(url, session) ?? { officeId: '', appId: '' }
  const project = store.find(key)
  if (!project) {
    session.current = undefined
    return { status: 200, body: summaryPage({ notFound: true, ...key }, pageOptions) }
  }
  const served = wrongApplication ? store.another(project) : project
  session.current = { officeId: served.officeId, appId: served.appId }
  return { status: 200, body: summaryPage(served, pageOptions) }
}

/** Certification and field review: the named application, or the session's; a lost session shows empty values. */
function sessionPage(render: typeof certificationPage) {
  return (url: URL, { store, session, pageOptions }: RouteContext): RouteResult => {
    const key = requestedApplication(url, session)
    const project = key ? store.find(key) : undefined
    if (project) session.current = { officeId: project.officeId, appId: project.appId }
    return { status: 200, body: render(project ?? null, pageOptions) }
  }
}

type Page = (url: URL, context: RouteContext) => RouteResult

const index: Page = (_url, { clients, pageOptions }) => ({ status: 200, body: indexPage(clients(), pageOptions) })

const list: Page = (url, { store, pageOptions }) => {
  const clientId = queryParameter(url, 'ClientId') ?? ''
  // Without a client id there is nothing to list; the demo does not invent a client for it.
  return { status: 200, body: listPage(clientId, clientId ? store.list(clientId) : [], pageOptions) }
}

/** Page names in lower case. */
const PAGES = new Map<string, Page>([
  ['', index],
  ['default.aspx', index],
  ['projectlist.aspx', list],
  ['applicationsummary.aspx', summary],
  ['projectcloseout.aspx', sessionPage(certificationPage)],
  ['fieldreviewstatus.aspx', sessionPage(fieldReviewPage)],
])

/** Answers one request for a tracker page. */
export function routeTrackerRequest(url: URL, context: RouteContext): RouteResult {
  const path = url.pathname.toLowerCase()
  const base = TRACKER_PATH.toLowerCase()
  // IIS redirects a folder requested without its slash.
  if (`${path}/` === base) return { status: 301, body: errorPage(301, 'Object moved.'), location: TRACKER_PATH }
  const page = path.startsWith(base) ? PAGES.get(path.slice(base.length)) : undefined
  return page ? page(url, context) : { status: 404, body: errorPage(404) }
}
