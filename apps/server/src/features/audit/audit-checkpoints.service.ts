import type { AuditCheckpoint, AuditVerifyResponse, CheckpointStatement } from '@platform/contracts/audit'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import type { DbTransaction } from '../../db/database.js'
import type { JobLeases } from '../../db/job-leases.js'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { ChainKey } from './audit-chain.js'
import { type SigningKey, checkpointText, signCheckpoint, signedCheckpointOf } from './audit-checkpoint.js'
import { type CheckpointToCheck, verifyAuditChain } from './audit-verify.js'
import type { AuditRepository } from './audit.repository.js'
import type { AuditCheckpointsRepository, CheckpointRow } from './audit-checkpoints.repository.js'
import type { AuditService } from './audit.service.js'

/** The kind of lease a checkpoint holds from the moment it is signed until its e-mails are queued. */
export const CHECKPOINT_LEASE = 'audit_checkpoint'

/** One checkpoint e-mail: the text to keep, and the same checkpoint as a file for the verifier. */
export interface CheckpointMail {
  to: string
  values: Record<string, string>
  attachments: Array<{ filename: string; content: string; contentType: string }>
}

export interface CheckpointDeps {
  checkpoints: AuditCheckpointsRepository
  audit: AuditService
  /** The chain itself, as the verifier reads it. */
  auditLog: AuditRepository
  leases: JobLeases
  clock: Clock
  chain: ChainKey
  signing: SigningKey
  /** APP_URL: which platform's log a checkpoint is of. */
  platform: string
  districtTimeZone: string
  auditorEmails: string[]
  /** Queues one e-mail inside the transaction that marks the checkpoint mailed. */
  enqueueMail(mail: CheckpointMail, trx: DbTransaction): Promise<unknown>
  inTransaction<T>(work: (trx: DbTransaction) => Promise<T>): Promise<T>
}

/** A checkpoint row as the API shows it. */
export function toCheckpoint(row: CheckpointRow): AuditCheckpoint {
  return {
    checkpointId: row.checkpoint_id,
    kind: row.kind === 'daily' ? 'daily' : 'on_demand',
    dailyOf: row.daily_of,
    madeBy: row.made_by_name,
    signedAt: row.signed_at,
    lastAuditId: row.last_audit_id,
    lastHash: row.last_hash,
    rowCount: row.row_count,
    chainKeyId: row.chain_key_id,
    publicKeyId: row.public_key_id,
    statement: row.statement,
    signature: row.signature,
    mailedAt: row.mailed_at,
    mailedTo: row.mailed_to ? (JSON.parse(row.mailed_to) as string[]) : [],
  }
}

/**
 * Signed checkpoints of the audit chain (decision 034): the chain's head signed with a key outside the database, kept
 * in the checkpoint log and e-mailed to the auditors, once a day and on demand. A rewrite of the chain by someone who
 * holds the chain key still changes the hash of every row from the rewritten one on, which the checkpoints signed
 * before it hold.
 */
export function createAuditCheckpointsService(deps: CheckpointDeps) {
  const { checkpoints, audit, leases, clock, chain, signing } = deps

  /**
   * Queues the checkpoint's e-mails and writes its audit row, once whoever calls: the owner after signing, or the
   * sweep when the owner died before it could (the claim on `mailed_at` decides).
   */
  async function sendOut(checkpointId: number, trx: DbTransaction): Promise<void> {
    const row = await checkpoints.find(checkpointId, trx)
    if (!row || !(await checkpoints.claimMailing(checkpointId, clock.now().toISOString(), deps.auditorEmails, trx))) return
    const signed = signedCheckpointOf(row)
    const label = row.daily_of
      ? `Daily checkpoint ${row.checkpoint_id} of ${row.daily_of}`
      : `Checkpoint ${row.checkpoint_id}, signed on demand`
    const statement = JSON.parse(row.statement) as CheckpointStatement
    const text = checkpointText(signed, statement, label)
    const file = {
      filename: `audit-checkpoint-${row.checkpoint_id}.json`,
      content: `${JSON.stringify(signed, null, 2)}\n`,
      contentType: 'application/json',
    }
    for (const to of deps.auditorEmails)
      await deps.enqueueMail(
        {
          to,
          values: {
            checkpoint: text,
            checkpoint_id: String(row.checkpoint_id),
            signed_at: row.signed_at,
            last_audit_id: String(row.last_audit_id),
            public_key_id: row.public_key_id,
            email: to,
          },
          attachments: [file],
        },
        trx,
      )
    await audit.record(
      {
        action: 'audit.checkpoint_signed',
        outcome: 'success',
        actorUserId: row.made_by,
        targetType: 'audit_checkpoint',
        targetId: row.checkpoint_id,
        details: { kind: row.kind, lastAuditId: row.last_audit_id, rowCount: row.row_count, recipients: deps.auditorEmails.length },
      },
      trx,
    )
  }
  leases.onExpired(CHECKPOINT_LEASE, (trx, key) => sendOut(Number(key), trx))

  /** Signs the head as it is now and adds it to the log, then sends it out under the checkpoint's lease. */
  async function make(kind: 'daily' | 'on_demand', actorId: number | null): Promise<number | null> {
    const day = localDate(clock.now(), deps.districtTimeZone)
    const started = await leases.start(CHECKPOINT_LEASE, async (trx) => {
      if (kind === 'daily' && (await checkpoints.dailyExists(day, trx))) return null
      const head = await checkpoints.chainHead(trx)
      const statement: CheckpointStatement = {
        type: 'audit-checkpoint',
        version: 1,
        platform: deps.platform,
        signedAt: clock.now().toISOString(),
        lastAuditId: head.last_audit_id,
        lastHash: head.last_hash,
        rowCount: head.row_count,
        chainKeyId: chain.keyId,
        publicKeyId: signing.publicKeyId,
      }
      const signed = signCheckpoint(signing, statement, null)
      const id = await checkpoints.insert(
        {
          kind,
          daily_of: kind === 'daily' ? day : null,
          made_by: actorId,
          signed_at: statement.signedAt,
          last_audit_id: statement.lastAuditId,
          last_hash: statement.lastHash,
          row_count: statement.rowCount,
          chain_key_id: statement.chainKeyId,
          public_key_id: statement.publicKeyId,
          public_key: signed.publicKey,
          statement: signed.statement,
          signature: signed.signature,
          mailed_at: null,
          mailed_to: null,
        },
        trx,
      )
      return id === null ? null : { key: id, value: id }
    })
    if (!started) return null
    await started.lease.finish(() => deps.inTransaction((trx) => sendOut(started.value, trx)))
    return started.value
  }

  return {
    publicKeyPem: signing.publicKeyPem,
    publicKeyId: signing.publicKeyId,
    auditorCount: deps.auditorEmails.length,

    /** Today's checkpoint (the district's day), unless an instance made it already: what the housekeeping runs. */
    daily: () => make('daily', null),

    /** A checkpoint now, at a SUPER_ADMIN's request. */
    async signNow(actorId: number): Promise<{ checkpoint: AuditCheckpoint; message: string }> {
      const id = await make('on_demand', actorId)
      const row = id === null ? undefined : await checkpoints.find(id)
      if (!row) throw new AppError('unavailable', 'The checkpoint could not be signed; try again.')
      const checkpoint = toCheckpoint(row)
      const sent =
        checkpoint.mailedTo.length > 0
          ? `e-mailed to ${checkpoint.mailedTo.length} auditor${checkpoint.mailedTo.length === 1 ? '' : 's'}`
          : 'kept in the log only (no AUDITOR_EMAILS configured)'
      return { checkpoint, message: `Checkpoint ${checkpoint.checkpointId} signed at row ${checkpoint.lastAuditId}, ${sent}.` }
    },

    async list(limit: number, offset: number) {
      const { rows, total } = await checkpoints.list(limit, offset)
      return { data: rows.map(toCheckpoint), pagination: { total, limit, offset } }
    },

    /**
     * The chain checked against the key and against every checkpoint in the log (and any given), with the published
     * key: what `npm run audit:verify` does.
     */
    async verify(files: CheckpointToCheck[] = []): Promise<AuditVerifyResponse> {
      const fromLog = (await checkpoints.all()).map((row): CheckpointToCheck => ({
        source: 'log',
        file: null,
        signed: signedCheckpointOf(row),
      }))
      return verifyAuditChain(deps.auditLog, { chain, trustedKey: signing.publicKey, checkpoints: [...fromLog, ...files] })
    },
  }
}
export type AuditCheckpointsService = ReturnType<typeof createAuditCheckpointsService>
