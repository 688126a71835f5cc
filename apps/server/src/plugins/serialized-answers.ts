import type { FastifyReply } from 'fastify'

/**
 * Answers kept as the bytes the route's serialiser wrote, for a call whose answer is a pure function of a key made
 * of everything it is built from: the same key always gives the same answer, so an entry is never out of date and
 * nothing has to clear it; a change to any input makes a new key. Bounded: the oldest entry goes first.
 *
 * Serialising the 3 KB profile took more of the call than everything else the server does for it (the profile ran
 * at half the health call's rate serialised each time, four fifths with the bytes kept: decision 027).
 */
export function createSerializedAnswers(maxEntries: number) {
  const bodies = new Map<string, Buffer>()
  return {
    /** Sends the answer kept under `key`, or the one `produce` gives, written by the route's serialiser (kept if keyed). */
    async send(reply: FastifyReply, key: string | null, produce: () => Promise<unknown>): Promise<FastifyReply> {
      if (key === null) return reply.send(await produce())
      let body = bodies.get(key)
      if (!body) {
        body = Buffer.from(String(reply.serialize(await produce())))
        if (bodies.size >= maxEntries) bodies.delete(bodies.keys().next().value!)
        bodies.set(key, body)
      }
      return reply.type('application/json; charset=utf-8').send(body)
    },
  }
}
