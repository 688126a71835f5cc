import { parentPort, workerData } from 'node:worker_threads'
import { type Db, openReader } from '../db/database.js'
import { takingTurns } from '../lib/download-stream.js'
import type { CloseDownloads, DownloadWorkerData, FromDownload, StartDownload, ToDownload } from './download-messages.js'
import { downloadProducers } from './download-producers.js'

/*
 * The body of the download thread (download-threads.ts starts it): long downloads read their rows and write their text
 * here, on a read-only connection of the thread's own, and hand the server's thread finished pieces of bytes. Several
 * downloads share the thread, each in turns with the others.
 */

const db = openReader(workerData as DownloadWorkerData)
const encoder = new TextEncoder()

async function serve({ name, args, port }: StartDownload): Promise<void> {
  const send = (message: FromDownload, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)
  const produce = downloadProducers[name] as (db: Db, args: unknown) => AsyncIterable<string>
  const pieces = takingTurns(produce(db, args))[Symbol.asyncIterator]()
  let wanted = 0
  let stopped = false
  let wake: (() => void) | null = null
  port.on('message', (message: ToDownload) => {
    if (message.type === 'more') wanted += 1
    else stopped = true
    wake?.()
  })
  try {
    // One piece is made ahead while the server's thread writes the last one out.
    let next = pieces.next()
    next.catch(() => undefined)
    for (;;) {
      while (wanted === 0 && !stopped) await new Promise<void>((resolve) => (wake = resolve))
      wake = null
      if (stopped) break
      const piece = await next
      if (piece.done) {
        send({ type: 'end' })
        break
      }
      wanted -= 1
      // Its own buffer, handed over rather than copied.
      const bytes = encoder.encode(piece.value)
      send({ type: 'piece', bytes }, [bytes.buffer as ArrayBuffer])
      next = pieces.next()
      next.catch(() => undefined)
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) })
  } finally {
    // A cursor not read to its end gives its connection back.
    await pieces.return?.(undefined).catch(() => undefined)
    port.close()
  }
}

parentPort!.on('message', (message: StartDownload | CloseDownloads) => {
  if (message.type === 'start') void serve(message)
  // Connections closed, not cut: PostgreSQL then frees them at once.
  else void db.close().finally(() => process.exit(0))
})
