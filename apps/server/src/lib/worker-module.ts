import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * The server runs either compiled (dist/*.mjs, `npm start`) or from its TypeScript source (the tests, `npm run dev`).
 * This module is compiled along with the rest, so its own file tells which.
 */
const compiled = import.meta.url.endsWith('.mjs')

let typescriptLoader: string | null = null

/**
 * The heap budget of every worker thread, given through Node's Worker API when the thread is made (a property of
 * the thread, whatever way the server was started). A thread's work is a stream of short-lived batches (rows, file
 * pieces), so a small young generation serves it; left to V8's default, sized for a whole machine's memory, each
 * thread would keep a young generation several times larger, and the server's memory would grow with every thread
 * that runs at once. The cost is more frequent young collections in the threads, off the event loop.
 */
const WORKER_HEAP_BUDGET = { maxYoungGenerationSizeMb: 8 }

/**
 * Starts a worker thread on one of the server's worker modules, named by its TypeScript source beside the caller:
 * `startWorker(new URL('./export-worker.ts', import.meta.url), options)`.
 *
 * Compiled, the build makes each worker module an entry of the same name in the one folder that holds every compiled
 * file (scripts/build.mjs), so the caller's URL points beside that entry and only its extension changes. From source,
 * the thread loads the module through tsx's loader, as the process itself does; that loader is the only option the
 * thread gets.
 */
export function startWorker(source: URL, options: WorkerOptions = {}): Worker {
  if (!source.pathname.endsWith('.ts')) throw new Error(`A worker module is named by its TypeScript source, not ${source.href}`)
  const budgeted = { ...options, resourceLimits: { ...WORKER_HEAP_BUDGET, ...options.resourceLimits } }
  if (compiled) return new Worker(new URL(source.href.replace(/\.ts$/, '.mjs')), budgeted)
  typescriptLoader ??= pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href
  return new Worker(source, { ...budgeted, execArgv: ['--import', typescriptLoader] })
}
