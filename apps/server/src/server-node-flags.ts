/**
 * The Node.js flags the server runs with. `npm start` writes them out in apps/server/package.json (runtime.test.ts
 * checks the two agree); the benchmarks and the tests that start the compiled server use this list, and the
 * environment below.
 *
 * A semi-space of 4 MB: Node.js 24 lets the young generation grow to 32 MB a semi-space, which keeps about 50 MB more
 * resident at rest (185 MB instead of 138 MB for an idle server) for little gain in a server whose calls allocate
 * little; the platform's memory targets (under 200 MB while an upload or export runs) need that room.
 *
 * The old generation may grow by a quarter of what was alive after a full collection before the next one. V8 lets it
 * grow up to four times when collections are cheap, as they are in a server: a long export, whose rows are garbage as
 * soon as they are written, then carried 190 MB of dead rows on top of a 55 MB live heap (a 1M-row report CSV peaked
 * at 386 MB, 243 MB of it the main heap). At a quarter the heap stays under 80 MB through the same export, for a full
 * collection every few hundred milliseconds of it.
 *
 * No allocation-site pretenuring: V8 watches where objects are made and, when many from one place survive a young
 * collection, makes the later ones straight in the old generation. A download's rows live just long enough to be seen
 * surviving (a batch is alive while it is written), so during a long export V8 sometimes began making them in the old
 * generation, where only a full collection frees them: a million-project export then ran 22-24 full collections
 * instead of 2-3, and its peak varied from run to run with whether that happened (175-197 MB against 177-185 MB without
 * it, single exports on one database; bench/RESULTS.md, 2026-11-27). The platform keeps little that lives long.
 *
 * No Maglev, V8's middle compiler: its compilations, made on V8's background threads, leave memory behind in the C
 * library's heap (malloc) that is not given back. Ten seconds of calls grew that heap from 12 MB to 23-30 MB and it
 * stayed there, under every later export; without Maglev it ends at 13-15 MB, and a 1M-project export after such a load
 * peaked at 141-156 MB instead of 158-171 (bench/RESULTS.md, 2026-11-27). Hot code is still compiled by TurboFan; the
 * CPU an export or a call takes did not move measurably.
 *
 * Young and full collections may overlap: V8 otherwise runs no young collection while a full collection marks the heap
 * (about 50 ms of a million-project export, each time), and lets the young generation grow instead, by the 20 MB
 * the export makes in that time; those pages then stay in V8's pool. With scavenges between the marking's steps, the
 * young generation stays at its 8 MB: an export over one 1M-project SQLite database peaked at 133-134 MB instead of
 * 164 (three exports each), and ran faster (bench/RESULTS.md, 2026-11-28; decision 033).
 *
 * No --enable-source-maps: it keeps the parsed map of the whole bundle in the heap (13 MB at rest). Traces name
 * dist/server.mjs, which is not minified, and the map ships beside it (decision 023).
 */
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=4',
  '--heap-growing-percent=25',
  '--no-allocation-site-pretenuring',
  '--no-maglev',
  '--no-separate-gc-phases',
]

/**
 * One malloc arena for the whole process (glibc; other C libraries ignore it). glibc gives each thread that allocates
 * an arena of its own, and keeps what a thread freed there resident after the thread ends: the threads that write an
 * XLSX or PDF, or stream an export's rows, each left a few megabytes behind, so the server grew with every export. With
 * one arena, a 1M-row report CSV after an XLSX and a PDF peaked at 175 MB instead of 190, and the idle server holds
 * 119 MB instead of 128 (bench/RESULTS.md, 2026-11-27); the health and profile calls' rates did not move.
 */
export const SERVER_ENVIRONMENT = { MALLOC_ARENA_MAX: '1' }

/** The start script's command: the environment and flags above, then the compiled server. */
export const SERVER_START_COMMAND = `${Object.entries(SERVER_ENVIRONMENT)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ')} node ${SERVER_NODE_FLAGS.join(' ')} dist/server.mjs`
