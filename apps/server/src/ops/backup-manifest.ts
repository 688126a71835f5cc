import { createHash } from 'node:crypto'
import { z } from 'zod'

/*
 * What a backup holds, written as its first entry (manifest.json) and followed by its own SHA-256 (manifest.sha256),
 * so a restore knows every part and checks every byte before it writes anything.
 */

export const MANIFEST_ENTRY = 'manifest.json'
export const MANIFEST_HASH_ENTRY = 'manifest.sha256'
export const BACKUP_FORMAT = 'district-staff-platform-backup'
export const BACKUP_FORMAT_VERSION = 1

/** The parts a backup holds, each under a fixed name in the tar: the database alone, never an audit key (decision 034). */
export const PART_NAMES = {
  sqlite: 'database/platform.sqlite',
  postgres: 'database/platform.pgdump',
} as const

/**
 * The audit keys a backup of an SQLite platform held before the keys were kept out of the backups: such a backup is
 * still read, and a restore places its keys beside the database (restore.ts), so last night's backup stays usable.
 */
export const LEGACY_KEY_PART_ROLES = ['chainKey', 'signingKey'] as const

export type PartRole = keyof typeof PART_NAMES | (typeof LEGACY_KEY_PART_ROLES)[number]

const PartSchema = z.object({
  role: z.enum([...(Object.keys(PART_NAMES) as Array<keyof typeof PART_NAMES>), ...LEGACY_KEY_PART_ROLES]),
  name: z.string(),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
})
export type BackupPart = z.infer<typeof PartSchema>

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  /** The last migration the database had run: the platform's version as far as its data is concerned. */
  migration: z.string().nullable(),
  /** Rows per table, counted in the very state the dump holds. */
  tables: z.record(z.string(), z.number().int().min(0)),
  parts: z.array(PartSchema),
})
export type Manifest = z.infer<typeof ManifestSchema>

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** The SHA-256 and length of a stream of chunks. */
export async function digestOf(chunks: AsyncIterable<Buffer>): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of chunks) {
    hash.update(chunk)
    bytes += chunk.length
  }
  return { sha256: hash.digest('hex'), bytes }
}

export function totalRows(tables: Record<string, number>): number {
  return Object.values(tables).reduce((sum, rows) => sum + rows, 0)
}
