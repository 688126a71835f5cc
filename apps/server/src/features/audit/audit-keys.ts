import { type KeyObject, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { type Config, ConfigError } from '../../config.js'
import type { Db } from '../../db/database.js'
import { type ChainKey, chainKey } from './audit-chain.js'
import { type SigningKey, signingKey } from './audit-checkpoint.js'

/** Where the embedded run keeps the keys it generated: beside its SQLite file, never in it. */
export const DEFAULT_CHAIN_KEY_FILE = 'audit-chain.key'
export const DEFAULT_SIGNING_KEY_FILE = 'audit-signing-key.pem'

export interface AuditKeys {
  chain: ChainKey
  /** Null only for the verifier when no signing key is configured or kept beside the database. */
  signing: SigningKey | null
}

/**
 * The audit chain's key and the checkpoints' signing key (decision 034): as configured; otherwise, for an SQLite file,
 * from files beside it, generated once with only the owner allowed to read them (`create`) or read as they are (the
 * verifier: a key it made up would only find every row broken); for an in-memory database, made up for this process,
 * which is all such a database lives. PostgreSQL needs both configured: its instances must share them.
 */
export function resolveAuditKeys(audit: Config['audit'], database: Pick<Db, 'dialect' | 'file'>, mode: 'create' | 'read'): AuditKeys {
  const folder = database.file && database.file !== ':memory:' ? dirname(database.file) : null
  const memory = database.dialect === 'sqlite' && !folder
  if (database.dialect === 'postgres' && !audit.signingKeyPem && mode === 'create')
    throw new ConfigError(
      'Invalid configuration:\n- AUDIT_SIGNING_KEY_FILE: required on PostgreSQL: the Ed25519 private key (PEM) that signs the audit checkpoints, one file every instance reads, kept outside the database',
    )
  const chainFile = folder ? join(folder, DEFAULT_CHAIN_KEY_FILE) : null
  const chainSecret =
    audit.chainKey ??
    (chainFile
      ? keptFile(chainFile, mode, () => randomBytes(32).toString('base64url'))
      : memory
        ? randomBytes(32).toString('base64url')
        : null)
  if (!chainSecret)
    throw new ConfigError(
      `Invalid configuration:\n- AUDIT_CHAIN_KEY or AUDIT_CHAIN_KEY_FILE: not set${chainFile ? `, and there is no ${chainFile} beside the database (the platform writes it at its first start)` : ''}`,
    )
  if (chainSecret.length < 32) throw new ConfigError(`Invalid configuration:\n- ${chainFile}: must hold at least 32 characters`)
  const pem =
    audit.signingKeyPem ??
    (folder
      ? keptFile(join(folder, DEFAULT_SIGNING_KEY_FILE), mode, newSigningKeyPem)
      : memory && mode === 'create'
        ? newSigningKeyPem()
        : null)
  return { chain: chainKey(chainSecret), signing: pem ? signingKey(createPrivateKey(pem)) : null }
}

/** The keys a server starts with: both always there (create mode generates or refuses, never leaves one out). */
export function serverAuditKeys(audit: Config['audit'], database: Pick<Db, 'dialect' | 'file'>): { chain: ChainKey; signing: SigningKey } {
  const { chain, signing } = resolveAuditKeys(audit, database, 'create')
  if (!signing) throw new ConfigError('Invalid configuration:\n- AUDIT_SIGNING_KEY_FILE: no signing key')
  return { chain, signing }
}

/** A public key to trust for checkpoints, read from a PEM file (the auditor's copy of the published key). */
export function readPublicKey(file: string): KeyObject {
  return createPublicKey(readFileSync(file, 'utf8'))
}

function newSigningKeyPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
}

/**
 * The content of a key file. When it is missing: in create mode a new key, written first with `wx` (of two processes
 * creating it at once one writes, and both read the same key); in read mode null.
 */
function keptFile(file: string, mode: 'create' | 'read', make: () => string): string | null {
  const read = () => readFileSync(file, 'utf8').trim()
  try {
    return read()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    if (mode === 'read') return null
  }
  try {
    writeFileSync(file, `${make()}\n`, { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return read()
}
