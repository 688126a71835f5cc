/**
 * The Node.js flags the server runs with. `npm start` writes them out in apps/server/package.json (runtime.test.ts
 * checks the two agree); the benchmarks and the tests that start the compiled server use this list.
 *
 * A semi-space of 4 MB: Node.js 24 lets the young generation grow to 32 MB a semi-space, which keeps about 50 MB more
 * resident at rest (185 MB instead of 138 MB for an idle server) for little gain in a server whose calls allocate
 * little; the platform's memory targets (under 200 MB while an upload or export runs) need that room.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4']
