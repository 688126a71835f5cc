import { createReadStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { text } from 'node:stream/consumers'
import {
  type BackupPart,
  MANIFEST_ENTRY,
  MANIFEST_HASH_ENTRY,
  type Manifest,
  ManifestSchema,
  type PartRole,
  digestOf,
  sha256,
} from './backup-manifest.js'
import { DamagedArchiveError, type TarEntry, createTar, listTar } from './tar-archive.js'

/** A backup or a restore that was not done, and why, in words for the person running it; nothing was changed. */
export class OperationRefused extends Error {}

/** A part to put in a backup: a file made for it (the dump) or kept by the platform (a key file). */
export interface PartSource {
  role: PartRole
  name: string
  file: string
}

/** The SHA-256 and length of each part, for the manifest. */
export async function describeParts(sources: PartSource[]): Promise<BackupPart[]> {
  const parts: BackupPart[] = []
  for (const source of sources) parts.push({ role: source.role, name: source.name, ...(await digestOf(createReadStream(source.file))) })
  return parts
}

/**
 * Writes the backup: the manifest, its checksum, then every part. Written under a temporary name and renamed when
 * complete, so a backup that failed half-way never looks like a backup.
 */
export async function writeBackup(file: string, manifest: Manifest, sources: PartSource[]): Promise<void> {
  const partial = `${file}.partial`
  const tar = await createTar(partial)
  try {
    const manifestText = `${JSON.stringify(manifest, null, 2)}\n`
    await tar.add(MANIFEST_ENTRY, Buffer.byteLength(manifestText), [Buffer.from(manifestText)])
    const hashText = `${sha256(manifestText)}\n`
    await tar.add(MANIFEST_HASH_ENTRY, Buffer.byteLength(hashText), [Buffer.from(hashText)])
    for (const source of sources) {
      const part = manifest.parts.find((candidate) => candidate.name === source.name)!
      await tar.add(source.name, part.bytes, createReadStream(source.file))
    }
    await tar.finish()
    await rename(partial, file)
  } catch (error) {
    await tar.abandon().catch(() => {})
    await rm(partial, { force: true })
    throw error
  }
}

export interface VerifiedBackup {
  manifest: Manifest
  /** A part's bytes, already checked against the manifest. */
  part(role: PartRole): TarEntry | null
}

/** Reads the backup and checks every byte of it (each part against its SHA-256 in the manifest) before anything is restored. */
export async function readVerifiedBackup(file: string): Promise<VerifiedBackup> {
  let entries: TarEntry[]
  try {
    entries = await listTar(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new OperationRefused(`There is no file ${file}.`)
    if (error instanceof DamagedArchiveError) throw damaged(error.message)
    throw error
  }
  const [manifestEntry, hashEntry, ...rest] = entries
  if (manifestEntry?.name !== MANIFEST_ENTRY || hashEntry?.name !== MANIFEST_HASH_ENTRY)
    throw new OperationRefused(`${file} is not a backup of this platform (it has no manifest).`)
  const manifestText = await text(manifestEntry.stream())
  if (sha256(manifestText) !== (await text(hashEntry.stream())).trim()) throw damaged('its manifest does not match its checksum')
  const parsed = ManifestSchema.safeParse(safeJson(manifestText))
  if (!parsed.success)
    throw new OperationRefused(`${file} is a backup in a format this platform does not read (its manifest is not one it knows).`)
  const manifest = parsed.data
  const byName = new Map(rest.map((entry) => [entry.name, entry]))
  for (const part of manifest.parts) {
    const entry = byName.get(part.name)
    if (!entry) throw damaged(`its part ${part.name} is missing`)
    const digest = await digestOf(entry.stream())
    if (digest.bytes !== part.bytes || digest.sha256 !== part.sha256) throw damaged(`its part ${part.name} does not match its checksum`)
    byName.delete(part.name)
  }
  if (byName.size > 0) throw damaged(`it holds ${[...byName.keys()].join(', ')}, which its manifest does not list`)
  return {
    manifest,
    part(role) {
      const part = manifest.parts.find((candidate) => candidate.role === role)
      return part ? rest.find((entry) => entry.name === part.name)! : null
    },
  }
}

function damaged(why: string): OperationRefused {
  return new OperationRefused(`The backup is damaged: ${why}. Nothing was restored; use another copy of the backup.`)
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value)
  } catch {
    return null
  }
}
