import { type KeyObject, createHash, createPublicKey, sign, verify } from 'node:crypto'
import {
  type CheckpointStatement,
  CheckpointStatementSchema,
  type SignedCheckpoint,
  SignedCheckpointSchema,
} from '@platform/contracts/audit'

/** The checkpoints' signing key (decision 034) and the public half that is published. */
export interface SigningKey {
  readonly privateKey: KeyObject
  readonly publicKey: KeyObject
  readonly publicKeyPem: string
  readonly publicKeyId: string
}

/** Refuses any key but an Ed25519 private key: the checkpoints' format names that algorithm. */
export function signingKey(privateKey: KeyObject): SigningKey {
  if (privateKey.type !== 'private' || privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('The audit signing key must be an Ed25519 private key in PEM (openssl genpkey -algorithm ed25519)')
  const publicKey = createPublicKey(privateKey)
  return {
    privateKey,
    publicKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicKeyId: publicKeyId(publicKey),
  }
}

/** A SHA-256 of the public key's DER form, shortened: how a person compares the key of a checkpoint with the published one. */
export function publicKeyId(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16)
}

/** The text that is signed: the statement's fields in the schema's order, as JSON. */
export function statementText(statement: CheckpointStatement): string {
  return JSON.stringify(CheckpointStatementSchema.parse(statement))
}

/** Signs a statement; what the checkpoint log keeps and the auditors receive. */
export function signCheckpoint(key: SigningKey, statement: CheckpointStatement, checkpointId: number | null): SignedCheckpoint {
  const text = statementText(statement)
  return {
    checkpointId,
    statement: text,
    signature: sign(null, Buffer.from(text, 'utf8'), key.privateKey).toString('base64'),
    algorithm: 'Ed25519',
    publicKey: key.publicKeyPem,
  }
}

export type ReadCheckpoint =
  | { ok: true; statement: CheckpointStatement }
  | { ok: false; status: 'bad_signature' | 'unreadable'; message: string; statement: CheckpointStatement | null }

/**
 * A checkpoint's statement, once its signature is shown to be the trusted key's. The key the checkpoint carries is
 * never trusted: anyone can sign with a key of their own.
 */
export function readCheckpoint(signed: SignedCheckpoint, trusted: KeyObject): ReadCheckpoint {
  let statement: CheckpointStatement | null = null
  try {
    const parsed = CheckpointStatementSchema.safeParse(JSON.parse(signed.statement))
    if (parsed.success) statement = parsed.data
  } catch {
    // not JSON: said below
  }
  if (!statement) return { ok: false, status: 'unreadable', message: 'Its statement is not a checkpoint statement.', statement: null }
  let valid: boolean
  try {
    valid = verify(null, Buffer.from(signed.statement, 'utf8'), trusted, Buffer.from(signed.signature, 'base64'))
  } catch {
    // A signature of the wrong length or a key of another kind: not a valid signature either.
    valid = false
  }
  if (!valid) {
    const otherKey = statement.publicKeyId !== publicKeyId(trusted)
    return {
      ok: false,
      status: 'bad_signature',
      message: otherKey
        ? `Its signature is not the published key's (it names key ${statement.publicKeyId}; the published key is ${publicKeyId(trusted)}): forged or from another platform.`
        : 'Its signature does not match its statement: the statement or the signature was changed (forged).',
      statement,
    }
  }
  return { ok: true, statement }
}

/** A checkpoint of the log as the auditors keep it, and as `npm run audit:verify -- --checkpoint` reads it. */
export function signedCheckpointOf(row: {
  checkpoint_id: number
  statement: string
  signature: string
  public_key: string
}): SignedCheckpoint {
  return {
    checkpointId: row.checkpoint_id,
    statement: row.statement,
    signature: row.signature,
    algorithm: 'Ed25519',
    publicKey: row.public_key,
  }
}

/** A checkpoint file's content, or why it cannot be one. */
export function parseCheckpointFile(text: string): SignedCheckpoint | string {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return 'it is not JSON'
  }
  const parsed = SignedCheckpointSchema.safeParse(json)
  return parsed.success ? parsed.data : 'it is not a signed audit checkpoint (statement, signature, algorithm, publicKey)'
}

/** The checkpoint as text a person can keep: what it says, then exactly what was signed, the signature and the key. */
export function checkpointText(signed: SignedCheckpoint, statement: CheckpointStatement, label: string): string {
  return [
    `${label}`,
    `Signed at: ${statement.signedAt}`,
    `Last audit row: ${statement.lastAuditId}`,
    `Its hash: ${statement.lastHash}`,
    `Rows in the chain through it: ${statement.rowCount}`,
    `Chain key id: ${statement.chainKeyId}`,
    `Signing key id: ${statement.publicKeyId}`,
    '',
    'Signed statement (exactly as signed):',
    signed.statement,
    '',
    'Signature (Ed25519, base64):',
    signed.signature,
    '',
    'Public key:',
    signed.publicKey.trim(),
  ].join('\n')
}
