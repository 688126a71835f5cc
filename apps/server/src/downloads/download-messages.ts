import type { MessagePort } from 'node:worker_threads'
import type { ReaderAddress } from '../db/database.js'
import type { DownloadArgs, DownloadName } from './download-producers.js'

/** What a download thread (download-worker.ts) is started with: where the server's database is. */
export type DownloadWorkerData = ReaderAddress

/** From the server's thread to the download thread: one download, answered on its own port. */
export interface StartDownload<N extends DownloadName = DownloadName> {
  type: 'start'
  name: N
  args: DownloadArgs<N>
  port: MessagePort
}

/** From the server's thread: the server is stopping; the thread closes its connections and ends. */
export interface CloseDownloads {
  type: 'close'
}

/** From the server's thread, on a download's port: the reader wants the next piece, or has gone. */
export type ToDownload = { type: 'more' } | { type: 'stop' }

/** From the download thread, on a download's port. */
export type FromDownload =
  | { type: 'piece'; bytes: Uint8Array }
  | { type: 'end' }
  | { type: 'failed'; message: string; code?: string }
