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
  if (compiled) return new Worker(new URL(source.href.replace(/\.ts$/, '.mjs')), options)
  typescriptLoader ??= pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href
  return new Worker(source, { ...options, execArgv: ['--import', typescriptLoader] })
}
