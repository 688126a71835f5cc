import type { QueueItem } from '@platform/contracts/finance'
import type { AuthUser } from '../../plugins/access.js'

/** One application's contribution to My queue: what waits for this person there. */
export type QueueProvider = (user: AuthUser) => Promise<QueueItem[]>

/** My queue: the applications add providers; the list is everyone's items, soonest deadline first, undated last. */
export function createMyQueue() {
  const providers: QueueProvider[] = []
  return {
    register(provider: QueueProvider) {
      providers.push(provider)
    },
    async itemsFor(user: AuthUser): Promise<QueueItem[]> {
      const items = (await Promise.all(providers.map((provider) => provider(user)))).flat()
      return items.sort((a, b) => {
        if (a.dueAt === b.dueAt) return a.title.localeCompare(b.title)
        if (a.dueAt === null) return 1
        if (b.dueAt === null) return -1
        return a.dueAt < b.dueAt ? -1 : 1
      })
    },
  }
}
export type MyQueue = ReturnType<typeof createMyQueue>
