import { Readable } from 'node:stream'
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads'
import { type Db, readerAddressOf } from '../db/database.js'
import { downloadStream } from '../lib/download-stream.js'
import { AppError } from '../lib/errors.js'
import { startWorker } from '../lib/worker-module.js'
import type { CloseDownloads, DownloadWorkerData, FromDownload, StartDownload, ToDownload } from './download-messages.js'
import { type DownloadArgs, type DownloadName, downloadProducers } from './download-producers.js'

const WORKER_MODULE = new URL('./download-worker.ts', import.meta.url)
/** An idle download thread is ended after this long; the next download starts another. */
const IDLE_MS = 60_000
const CLOSE_WAIT_MS = 2000

export interface Downloads {
  /** The body of a long download, made in the download thread and read as the client reads it. */
  stream<N extends DownloadName>(name: N, args: DownloadArgs<N>): Readable
  close(): Promise<void>
}

/**
 * Long downloads (an export of every row) are made in a thread of their own, with a connection of its own: the rows,
 * the objects made of them and the text made of those live and die in that thread's heap, which has a budget of its own
 * (lib/worker-module.ts), and the server's thread only passes finished pieces of bytes to the socket. A download
 * of a million rows then costs the server's thread little more than a file would, and its calls go on beside it.
 *
 * An in-memory SQLite database (the tests) cannot be opened by another thread: there the same producers run in the
 * server's thread, in turns with its other work.
 */
export function createDownloads(db: Db, options: { applicationName: string }): Downloads {
  const address = readerAddressOf(db, `${options.applicationName} downloads`)
  if (!address) {
    return {
      stream: (name, args) => downloadStream(produce(db, name, args)),
      close: async () => {},
    }
  }
  const workerData: DownloadWorkerData = address
  let worker: Worker | null = null
  const open = new Set<Readable>()
  let idleTimer: NodeJS.Timeout | null = null

  function threadFor(): Worker {
    if (idleTimer) clearTimeout(idleTimer)
    idleTimer = null
    if (worker) return worker
    const started = startWorker(WORKER_MODULE, { workerData })
    // A running download keeps the process alive through its socket; an idle thread does not.
    started.unref()
    const lost = (error: Error) => {
      if (worker === started) worker = null
      for (const stream of open) stream.destroy(error)
    }
    started.on('error', lost)
    started.on('exit', (code) => lost(new Error(`The download thread stopped (exit code ${code}) before the download ended`)))
    worker = started
    return started
  }

  function settled(stream: Readable) {
    open.delete(stream)
    if (open.size > 0 || !worker) return
    const idle = worker
    idleTimer = setTimeout(() => {
      if (worker === idle && open.size === 0) {
        worker = null
        void endThread(idle)
      }
    }, IDLE_MS)
    idleTimer.unref()
  }

  return {
    stream(name, args) {
      const thread = threadFor()
      const { port1, port2 } = new MessageChannel()
      const stream = bytesFrom(port1)
      open.add(stream)
      stream.once('close', () => settled(stream))
      thread.postMessage({ type: 'start', name, args, port: port2 } satisfies StartDownload, [port2])
      return stream
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer)
      for (const stream of open) stream.destroy()
      const running = worker
      worker = null
      if (running) await endThread(running)
    },
  }
}

/** Asks the thread to close its connections and end; one that does not within CLOSE_WAIT_MS is stopped. */
async function endThread(thread: Worker): Promise<void> {
  const exited = new Promise((resolve) => thread.once('exit', resolve))
  thread.postMessage({ type: 'close' } satisfies CloseDownloads)
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())])
  await thread.terminate()
}

function produce<N extends DownloadName>(db: Db, name: N, args: DownloadArgs<N>): AsyncIterable<string> {
  return (downloadProducers[name] as (db: Db, args: DownloadArgs<N>) => AsyncIterable<string>)(db, args)
}

/** A readable of the pieces a download sends on its port: one asked for at a time, as the reader wants more. */
function bytesFrom(port: MessagePort): Readable {
  const tell = (message: ToDownload) => port.postMessage(message)
  const stream = new Readable({
    read: () => tell({ type: 'more' }),
    destroy(error, callback) {
      tell({ type: 'stop' })
      port.close()
      callback(error)
    },
  })
  port.on('message', (message: FromDownload) => {
    if (message.type === 'piece') stream.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength))
    else if (message.type === 'end') {
      stream.push(null)
      port.close()
    } else stream.destroy(new AppError('unavailable', message.message, { code: message.code ?? 'download_failed' }))
  })
  return stream
}
