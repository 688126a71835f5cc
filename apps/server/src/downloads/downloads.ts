import type { Readable } from 'node:stream'
import type { Db } from '../db/database.js'
import { downloadStream } from '../lib/download-stream.js'
import { type DownloadArgs, type DownloadName, downloadProducers } from './download-producers.js'

export interface Downloads {
  /** The body of a long download, read from the database as the client reads it. */
  stream<N extends DownloadName>(name: N, args: DownloadArgs<N>): Readable
}

/**
 * Long text downloads (an export of every row, a journal) by name. They stream in the server's thread, in turns with
 * its other calls (lib/download-stream.ts): a thread of their own would add its heap to the server's instead of using
 * the room the server's heap already has (decision 038).
 */
export function createDownloads(db: Db): Downloads {
  return {
    stream: (name, args) =>
      downloadStream((downloadProducers[name] as (db: Db, args: DownloadArgs<typeof name>) => AsyncIterable<string>)(db, args)),
  }
}
