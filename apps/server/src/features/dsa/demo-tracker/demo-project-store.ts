import { type DemoProject, type DemoProjectSource, createDemoProjectSource } from './demo-projects.js'

export interface DemoProjectStoreOptions {
  /** How many applications each named client has. */
  projectCounts?: Record<string, number>
  /** How many applications any other client has (default 24). */
  defaultProjectCount?: number
}

/** Identifies an application across the tracker, as the summary URL does (`OriginId`, `AppId`). */
export interface ApplicationKey {
  officeId: string
  appId: string
}

/** The real list is sorted by project name; the application number breaks ties so the order is stable. */
function byListOrder(a: DemoProject, b: DemoProject) {
  return a.projectName.localeCompare(b.projectName, 'en', { sensitivity: 'base' }) || a.appId.localeCompare(b.appId)
}

/**
 * The applications the demo tracker serves. A client's applications are generated the first time they are needed
 * and then kept, so changes made by a test (a letter arrives, a value turns malformed) stay until the tracker closes.
 */
export function createDemoProjectStore(options: DemoProjectStoreOptions = {}) {
  const clients = new Map<string, { source: DemoProjectSource; projects: DemoProject[] }>()
  const hidden = new Set<string>()

  function client(clientId: string) {
    let entry = clients.get(clientId)
    if (!entry) {
      const source = createDemoProjectSource(clientId)
      const count = options.projectCounts?.[clientId] ?? options.defaultProjectCount ?? 24
      entry = { source, projects: Array.from({ length: count }, () => source.next()) }
      clients.set(clientId, entry)
    }
    return entry
  }

  function stored(clientId: string, appId: string): DemoProject {
    const project = client(clientId).projects.find((p) => p.appId === appId)
    if (!project) throw new Error(`The demo tracker has no application ${appId} for client ${clientId}`)
    return project
  }

  const all = () => [...clients.values()].flatMap((entry) => entry.projects)
  const list = (clientId: string) => [...client(clientId).projects].sort(byListOrder)

  return {
    /** A client's applications in the order its list page shows them (the stored objects: copy before handing out). */
    list,

    /** The application a summary URL names, among the clients generated so far; undefined when unknown or hidden. */
    find: ({ officeId, appId }: ApplicationKey): DemoProject | undefined =>
      hidden.has(appId) ? undefined : all().find((p) => p.officeId === officeId && p.appId === appId),

    /** Some application other than this one (same client first), for the mixed-up session behaviour. */
    another(project: DemoProject): DemoProject {
      const sameClient = list(project.clientId)
      const next = sameClient[(sameClient.indexOf(project) + 1) % sameClient.length]
      if (next && next !== project) return next
      return all().find((p) => p !== project) ?? project
    },

    update(clientId: string, appId: string, patch: Partial<DemoProject>) {
      Object.assign(stored(clientId, appId), patch)
    },

    add(clientId: string, patch: Partial<DemoProject> = {}): DemoProject {
      const entry = client(clientId)
      const project = { ...entry.source.next(), ...patch }
      entry.projects.push(project)
      return project
    },

    /** The application stays in its list, but its summary page shows the not-found banner. */
    hide(appId: string) {
      hidden.add(appId)
    },

    /** Clients generated so far. */
    clientIds: () => [...clients.keys()],
  }
}
export type DemoProjectStore = ReturnType<typeof createDemoProjectStore>
