import { Readable, Writable } from 'node:stream'
import type { ExportJobsRepository } from './export-jobs.repository.js'

/** The size of the pieces a file is stored in: a piece is the most of a file ever held in memory at once. */
export const CHUNK_BYTES = 1024 * 1024

/** Told when a piece could not be stored because the try is no longer the job's (cancelled, or taken back). */
export class TryStopped extends Error {}

/**
 * Where a job's file is written: the bytes are gathered into pieces of CHUNK_BYTES and each piece is stored before
 * more is taken (the writer waits on the callback, so a slow database holds the export back rather than filling
 * memory). `size` is the number of bytes stored once it has finished.
 */
export function chunkWriter(jobs: ExportJobsRepository, jobId: number, attempt: number) {
  let pending: Buffer[] = []
  let pendingBytes = 0
  let seq = 0
  let size = 0
  const store = async () => {
    if (pendingBytes === 0) return
    const piece = Buffer.concat(pending, pendingBytes)
    pending = []
    pendingBytes = 0
    seq += 1
    if (!(await jobs.addChunk(jobId, attempt, seq, piece))) throw new TryStopped('The export was stopped.')
    size += piece.byteLength
  }
  const writable = new Writable({
    highWaterMark: CHUNK_BYTES,
    write(chunk: Buffer | Uint8Array, _encoding, done) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      pending.push(bytes)
      pendingBytes += bytes.byteLength
      if (pendingBytes < CHUNK_BYTES) return done()
      store().then(() => done(), done)
    },
    final(done) {
      store().then(() => done(), done)
    },
  })
  // A stop or a failed piece is told to the writer through its callbacks and `finished`, not as an unheard event.
  writable.on('error', () => {})
  return { writable, size: () => size }
}

/** A job's file read back piece by piece as the client takes it; one piece in memory at a time. */
export function chunkReader(jobs: ExportJobsRepository, jobId: number, attempt: number): Readable {
  let after = 0
  return new Readable({
    highWaterMark: 1,
    objectMode: false,
    read() {
      jobs.nextChunk(jobId, attempt, after).then(
        (chunk) => {
          if (!chunk) {
            this.push(null)
            return
          }
          after = chunk.seq
          this.push(Buffer.from(chunk.content))
        },
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      )
    },
  })
}
