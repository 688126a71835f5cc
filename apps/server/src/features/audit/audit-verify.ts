import type { KeyObject } from 'node:crypto'
import type { AuditVerifyResponse, CheckpointCheck, CheckpointStatement, SignedCheckpoint } from '@platform/contracts/audit'
import { type ChainKey, GENESIS_HASH, auditRowHash, keyIdOf, keyedRowHash } from './audit-chain.js'
import { readCheckpoint } from './audit-checkpoint.js'
import type { AuditRepository } from './audit.repository.js'

const VERIFY_PAGE = 2000

/** A checkpoint to hold against the database: from the log or from a file, or why a file could not be read. */
export interface CheckpointToCheck {
  source: 'log' | 'file'
  file: string | null
  signed: SignedCheckpoint | { unreadable: string }
}

export interface VerifyOptions {
  chain: ChainKey
  /** The published key checkpoints must be signed with; null when the verifier was given none. */
  trustedKey: KeyObject | null
  checkpoints: CheckpointToCheck[]
}

type ChainReader = Pick<AuditRepository, 'chainBounds' | 'chainPage' | 'rowHash' | 'chainCount'>
type Problem = AuditVerifyResponse['problem']

/**
 * Checks the chain (decision 034): the rows before the chain-keyed row with the published SHA-256, the rest with the
 * chain key, each row's link to the one before, and the head; then every checkpoint: its signature against the
 * published key, and the row it signed against the database. The head is read first, so rows appended while the check
 * runs are left for the next check.
 */
export async function verifyAuditChain(audit: ChainReader, options: VerifyOptions): Promise<AuditVerifyResponse> {
  const bounds = await audit.chainBounds()
  const { startId, keyed, head, beforeChain } = bounds
  const keyedFromId = keyed?.audit_id ?? null
  const base = { beforeChain, keyedFromId, intactThroughId: null, checkpoints: { checked: 0, matching: 0, problems: [] } }
  if (startId === null || head === null)
    return {
      ...base,
      ok: false,
      checked: 0,
      legacyRows: 0,
      firstBrokenId: head?.last_audit_id ?? null,
      problem: 'head',
      message: 'The audit chain has no start row or no head: it was removed.',
    }
  const namedKey = keyed ? keyIdOf(keyed.details) : null
  if (keyed && namedKey !== options.chain.keyId)
    return {
      ...base,
      ok: false,
      checked: 0,
      legacyRows: 0,
      firstBrokenId: null,
      problem: 'wrong_key',
      message: `The key given (id ${options.chain.keyId}) is not the one the chain was keyed with at row ${keyed.audit_id} (id ${namedKey ?? 'unnamed'}): check AUDIT_CHAIN_KEY, or that row was changed.`,
    }

  // The checkpoints' signatures first, so the walk below can note the rows they signed as it passes them.
  const read = options.checkpoints.map((candidate) => readOne(options, candidate))
  const wanted = new Set(read.flatMap((one) => ('statement' in one ? [one.statement.lastAuditId] : [])))
  const seen = new Map<number, { hash: string; count: number }>()

  // The chain, row by row.
  let expectedPrevious = GENESIS_HASH
  let afterId = startId - 1
  let checked = 0
  let legacyRows = 0
  let broken: { id: number; problem: Problem } | null = null
  walk: for (;;) {
    const rows = (await audit.chainPage(afterId, VERIFY_PAGE)).filter((row) => row.audit_id <= head.last_audit_id)
    for (const row of rows) {
      const legacy = keyedFromId === null || row.audit_id < keyedFromId
      const content = { ...row, prev_hash: row.prev_hash ?? '' }
      const hash = legacy ? auditRowHash(content) : keyedRowHash(options.chain, content)
      if (row.prev_hash !== expectedPrevious || row.row_hash === null || hash !== row.row_hash) {
        broken = { id: row.audit_id, problem: 'row' }
        break walk
      }
      checked += 1
      if (legacy) legacyRows += 1
      if (wanted.has(row.audit_id)) seen.set(row.audit_id, { hash: row.row_hash, count: checked })
      expectedPrevious = row.row_hash
      afterId = row.audit_id
    }
    if (rows.length < VERIFY_PAGE) break
  }
  // Rows removed from the end leave the head pointing past the last row that is still there.
  if (!broken && (afterId !== head.last_audit_id || expectedPrevious !== head.last_hash))
    broken = { id: head.last_audit_id, problem: 'head' }
  if (!broken && keyedFromId === null) broken = { id: -1, problem: 'not_keyed' }

  // The checkpoints.
  const checks: Array<CheckpointCheck & { order: number }> = []
  for (const one of read) checks.push({ ...('statement' in one ? await compare(audit, bounds, seen, one) : one), order: checks.length })
  const rewritten = checks.filter((check) => check.status === 'rewritten').sort((a, b) => (a.lastAuditId ?? 0) - (b.lastAuditId ?? 0))
  const problems = checks.filter((check) => check.status !== 'matches')
  const firstRewritten = rewritten[0]?.lastAuditId ?? null
  const rowBreak = broken && broken.id >= 0 ? broken.id : null
  const firstBrokenId = [rowBreak, firstRewritten]
    .filter((id): id is number => id !== null)
    .reduce<number | null>((a, b) => (a === null ? b : Math.min(a, b)), null)
  const intactThroughId = checks
    .filter(
      (check) => check.status === 'matches' && check.lastAuditId !== null && (firstBrokenId === null || check.lastAuditId < firstBrokenId),
    )
    .reduce<number | null>((a, check) => Math.max(a ?? 0, check.lastAuditId!), null)
  const problem: Problem = broken?.problem ?? (problems.length > 0 ? 'checkpoint' : null)
  const summary = {
    checked: checks.length,
    matching: checks.length - problems.length,
    problems: problems.map(({ order: _order, ...check }) => check),
  }
  return {
    ok: problem === null,
    checked,
    firstBrokenId,
    beforeChain,
    legacyRows,
    keyedFromId,
    problem,
    intactThroughId,
    message: describe({ problem, firstBrokenId, checked, legacyRows, beforeChain, keyedFromId, intactThroughId, summary }),
    checkpoints: summary,
  }
}

type Read = CheckpointCheck | { at: Omit<CheckpointCheck, 'status' | 'message'>; statement: CheckpointStatement }

/** A checkpoint's signature checked against the published key, and its chain key against the one given. */
function readOne(options: VerifyOptions, candidate: CheckpointToCheck): Read {
  const where = { source: candidate.source, file: candidate.file }
  if ('unreadable' in candidate.signed)
    return {
      ...where,
      checkpointId: null,
      lastAuditId: null,
      signedAt: null,
      status: 'unreadable',
      message: `Not read: ${candidate.signed.unreadable}.`,
    }
  const signed = candidate.signed
  const id = { ...where, checkpointId: signed.checkpointId }
  if (!options.trustedKey)
    return {
      ...id,
      lastAuditId: null,
      signedAt: null,
      status: 'unreadable',
      message: 'No published key was given to check its signature against (--public-key, or the configured signing key).',
    }
  const read = readCheckpoint(signed, options.trustedKey)
  if (!read.ok)
    return {
      ...id,
      lastAuditId: read.statement?.lastAuditId ?? null,
      signedAt: read.statement?.signedAt ?? null,
      status: read.status,
      message: read.message,
    }
  const at = { ...id, lastAuditId: read.statement.lastAuditId, signedAt: read.statement.signedAt }
  if (read.statement.chainKeyId !== options.chain.keyId)
    return {
      ...at,
      status: 'other_chain',
      message: `It belongs to the chain keyed with key ${read.statement.chainKeyId}, not this one's (${options.chain.keyId}).`,
    }
  return { at, statement: read.statement }
}

/**
 * The row a genuine checkpoint signed, against the database: its hash and the count of rows through it, as the walk
 * saw them (or read now, for a row past where the walk stopped).
 */
async function compare(
  audit: ChainReader,
  bounds: Awaited<ReturnType<ChainReader['chainBounds']>>,
  seen: Map<number, { hash: string; count: number }>,
  { at, statement }: { at: Omit<CheckpointCheck, 'status' | 'message'>; statement: CheckpointStatement },
): Promise<CheckpointCheck> {
  const rewritten = (message: string): CheckpointCheck => ({ ...at, status: 'rewritten', message })
  const n = statement.lastAuditId
  if (bounds.head === null || bounds.startId === null) return rewritten('The chain it signed is no longer there.')
  if (n > bounds.head.last_audit_id)
    return rewritten(`It signed row ${n}, but the chain now ends at row ${bounds.head.last_audit_id}: rows were cut from the end.`)
  const passed = seen.get(n)
  const hash = passed ? passed.hash : await audit.rowHash(n)
  if (hash === undefined) return rewritten(`Row ${n}, which it signed, is no longer in the log.`)
  if (hash !== statement.lastHash)
    return rewritten(`Row ${n} does not hold the hash it signed: the chain was rewritten at or before row ${n}.`)
  const count = passed ? passed.count : await audit.chainCount(bounds.startId, n)
  if (count !== statement.rowCount)
    return rewritten(
      `The chain holds ${count} rows through row ${n}; it signed ${statement.rowCount}: rows were removed or added before it.`,
    )
  return { ...at, status: 'matches', message: `Row ${n} holds the hash it signed.` }
}

function describe(result: {
  problem: Problem
  firstBrokenId: number | null
  checked: number
  legacyRows: number
  beforeChain: number
  keyedFromId: number | null
  intactThroughId: number | null
  summary: AuditVerifyResponse['checkpoints']
}): string {
  const { problem, firstBrokenId, checked, legacyRows, beforeChain, keyedFromId, intactThroughId, summary } = result
  const intact = intactThroughId === null ? '' : ` Rows through ${intactThroughId} match a checkpoint signed earlier.`
  const legacyNote =
    firstBrokenId !== null && (keyedFromId === null || firstBrokenId < keyedFromId)
      ? ' (a row written before the chain was keyed, checked with the published SHA-256)'
      : ''
  const checkpointWords = `${summary.checked} checkpoint${summary.checked === 1 ? '' : 's'} checked, ${summary.matching} matching`
  switch (problem) {
    case null:
      return `The audit chain holds: ${checked} rows checked (${legacyRows} written before the chain was keyed, checked with the published SHA-256; the rest with the chain key; ${beforeChain} written before the chain started, not checked); ${checkpointWords}.`
    case 'row':
      return `The audit chain is broken at row ${firstBrokenId}${legacyNote}: it does not match its hash or its link to the row before (${checked} rows matched before it; ${checkpointWords}).${intact}`
    case 'head':
      return `The audit chain is broken at row ${firstBrokenId}: rows are missing from its end (${checked} rows matched; ${checkpointWords}).${intact}`
    case 'not_keyed':
      return `The audit chain is not keyed: it has no chain-keyed row (the platform was never started with a key, or that row and every one after it were replaced). ${checked} rows match the published SHA-256 only, which anyone can recompute; ${checkpointWords}.`
    case 'checkpoint': {
      const first = summary.problems[0]!
      return firstBrokenId !== null
        ? `The audit chain was rewritten: every row matches the chain key, but row ${firstBrokenId} does not hold the hash a checkpoint signed earlier, so the chain is broken at or before row ${firstBrokenId}.${intact} ${checkpointWords}.`
        : `A checkpoint is not genuine: ${first.message} ${checkpointWords}.`
    }
    default:
      return `The audit chain cannot be checked: ${problem}.`
  }
}
