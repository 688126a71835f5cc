import type { StepReasons } from '@platform/contracts/finance'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import { parseAccountString } from '@platform/contracts/finance-account'
import {
  type ReceiptDetail,
  type ReceiptInput,
  type ReceiptListQuery,
  type ReceiptSummary,
  type RegisterEntry,
} from '@platform/contracts/receipts'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { DepositsRepository } from './deposits.repository.js'
import type { ReceiptAccess, ReceiptStepCheck } from './receipt-access.js'
import { RECEIPT_RECORD, RECEIPT_STEPS } from './receipt-steps.js'
import { auditStepIn, type Client, RECEIPT_TARGET, SEPARATION_TARGET, toHistory, toSummary } from './receipt-mapping.js'
import { accountWords } from './receipt-accounts.js'
import { returnedCheckEntry } from './receipts-journal.js'
import { journalEntries } from './receipts-journal.repository.js'
import type { ReceiptRow, ReceiptsRepository } from './receipts.repository.js'

/** Receipts: issuing with a gapless number, reading, voids and returned checks. */
export function createReceiptsService(deps: {
  receipts: ReceiptsRepository
  deposits: DepositsRepository
  finance: FinanceService
  access: ReceiptAccess
  audit: AuditService
  clock: Clock
}) {
  const { receipts, deposits, finance, access, audit, clock } = deps

  async function activeSite(siteId: number) {
    const site = await finance.site(siteId).catch(() => null)
    if (!site) throw new AppError('bad_request', `There is no site ${siteId}.`, { code: 'unknown_site' })
    return site
  }

  async function load(id: number, user: AuthUser) {
    const row = await receipts.findById(id)
    if (!row) throw new AppError('not_found', `There is no receipt ${id}.`, { code: 'receipt_not_found' })
    await access.requireView(user, row.site_id, `receipt ${id}`)
    return row
  }

  /** The step's audit row, written inside the step's own transaction. */
  const recordIn = auditStepIn(audit, RECEIPT_TARGET)

  /**
   * A later step on a receipt as separation of duties checks it (receipt-steps.ts): its collector takes none. Check it
   * before the step's transaction; confirm it inside, once the receipt's row is locked (the exception is spent there).
   */
  const receiptStep = (row: ReceiptRow, step: keyof typeof RECEIPT_STEPS, user: AuthUser): ReceiptStepCheck => ({
    recordType: RECEIPT_RECORD,
    recordId: row.receipt_id,
    label: row.number,
    step,
    rule: RECEIPT_STEPS[step],
    userId: user.id,
    // The receipt's own column names its collector too (a receipt issued before participants were kept).
    derived: [{ userId: row.collector_id, part: 'collected' }],
  })

  async function depositStateOf(depositId: number | null) {
    if (depositId === null) return null
    return (await deposits.findById(depositId))?.state ?? null
  }

  /** A receipt's page as stored: its row, lines, correction and history, with the steps this person is offered. */
  async function detail(id: number, user: AuthUser): Promise<ReceiptDetail> {
    const row = await load(id, user)
    const depositState = await depositStateOf(row.deposit_id)
    const correction = await receipts.correctionOf(id)
    const history = await audit.history([
      { type: RECEIPT_TARGET, id: String(id) },
      { type: SEPARATION_TARGET, id: row.number },
    ])
    const hidden = (await access.viewer(user)).hidesReceipt({ siteId: row.site_id, state: row.state, depositState })
    const voidable = row.state === 'ISSUED' || (row.state === 'DEPOSITED' && depositState === 'OPEN')
    const returnable =
      row.state === 'DEPOSITED' && row.tender === 'CHECK' && (depositState === 'CONFIRMED' || depositState === 'RECONCILED')
    // A step the person holds the duty for, in the state for it, is offered, or shown with why not (separation of duties).
    const stepReasons: StepReasons = {}
    const offered = async (action: 'void' | 'returnCheck', possible: boolean, step: keyof typeof RECEIPT_STEPS) => {
      if (!possible || !(await access.has(user, RECEIPT_STEPS[step].duty, row.site_id))) return false
      const reason = await access.reasonNotOffered(receiptStep(row, step, user))
      if (reason !== null) stepReasons[action] = reason
      return reason === null
    }
    return {
      ...toSummary(row, hidden),
      lines: hidden ? null : (await receipts.lines(id)).map((line) => ({ account: line.account, amountCents: line.amount_cents })),
      voidReason: row.void_reason,
      voidedAt: row.voided_at,
      voidedByName: row.voided_by === null ? null : (history.find((entry) => entry.action === 'receipts.voided')?.actor_name ?? null),
      correction: correction && {
        id: correction.correction_id,
        kind: 'RETURNED_CHECK',
        reason: correction.reason,
        amountCents: correction.amount_cents,
        lines: correction.lines.map((line) => ({ account: line.account, amountCents: line.amount_cents })),
        recordedBy: correction.recorded_by,
        recordedByName: correction.recorded_by_name,
        recordedAt: correction.recorded_at,
      },
      history: toHistory(history, hidden),
      actions: {
        void: await offered('void', voidable, 'void'),
        returnCheck: await offered('returnCheck', returnable, 'record a returned check on'),
        attach:
          row.state !== 'VOIDED' &&
          ((await access.has(user, 'COLLECTOR', row.site_id)) || (await access.has(user, 'APPROVER', row.site_id))),
      },
      stepReasons,
    }
  }

  return {
    detail,

    async issue(input: ReceiptInput, user: AuthUser, client: Client): Promise<ReceiptDetail> {
      const site = await activeSite(input.siteId)
      await access.require(user, 'COLLECTOR', site.id)
      if (!site.active)
        throw new AppError('unprocessable', `${site.name} is inactive: no receipts are issued there.`, { code: 'site_inactive' })
      const problems: string[] = []
      for (const [index, lineProblems] of (await finance.eachAccountProblems(input.lines.map((line) => line.account))).entries()) {
        for (const problem of lineProblems) problems.push(`line ${index + 1} (${input.lines[index]!.account}): ${problem}`)
      }
      if (problems.length > 0) throw new AppError('bad_request', problems.join(' '), { code: 'invalid_account' })
      const accounts = input.lines.map((line) => line.account)
      const refused = new Set((await finance.collectableAccountProblems(site, accounts)).flat())
      if (refused.size > 0) throw new AppError('unprocessable', [...refused].join(' '), { code: 'account_not_allowed' })
      const now = clock.now()
      const receipt = {
        siteId: site.id,
        fiscalYear: finance.fiscalYearOf(now),
        payer: input.payer,
        tender: input.tender,
        checkNumber: input.tender === 'CASH' ? null : (input.checkNumber ?? null),
        purpose: input.purpose,
        amountCents: input.amountCents,
        collectorId: user.id,
        issuedAt: now.toISOString(),
        issuedOn: localDate(now, finance.districtTimeZone),
        lines: input.lines,
      }
      const issued = await receipts.issue(receipt, async (trx, { id, number }) => {
        const details = { number, siteId: site.id, amountCents: input.amountCents, tender: input.tender, lines: input.lines.length }
        await recordIn(trx, 'receipts.issued', user, id, client, details)
      })
      return detail(issued.id, user)
    },

    async list(
      query: ReceiptListQuery,
      user: AuthUser,
    ): Promise<{ data: ReceiptSummary[]; pagination: { total: number; limit: number; offset: number } }> {
      const scope = await access.scope(user)
      const { rows, total } = await receipts.list(
        {
          scope,
          siteId: query.siteId,
          state: query.state,
          from: query.from,
          to: query.to,
          search: query.search,
          undeposited: query.undeposited === 'true',
        },
        query.limit,
        query.offset,
      )
      const viewer = await access.viewer(user)
      const depositStates = new Map<number, string | null>()
      const data: ReceiptSummary[] = []
      for (const row of rows) {
        if (row.deposit_id !== null && !depositStates.has(row.deposit_id) && viewer.blindAt(row.site_id))
          depositStates.set(row.deposit_id, await depositStateOf(row.deposit_id))
        const depositState = row.deposit_id === null ? null : (depositStates.get(row.deposit_id) ?? null)
        data.push(toSummary(row, viewer.hidesReceipt({ siteId: row.site_id, state: row.state, depositState })))
      }
      return { data, pagination: { total, limit: query.limit, offset: query.offset } }
    },

    async voidReceipt(id: number, reason: string, user: AuthUser, client: Client): Promise<ReceiptDetail> {
      const row = await load(id, user)
      await access.require(user, 'APPROVER', row.site_id)
      if (row.state === 'VOIDED') throw new AppError('conflict', `Receipt ${row.number} is already void.`, { code: 'already_void' })
      if (row.state === 'RETURNED')
        throw new AppError('unprocessable', `Receipt ${row.number} is a returned check; it cannot be voided.`, { code: 'not_voidable' })
      const depositState = await depositStateOf(row.deposit_id)
      const counted = () =>
        new AppError(
          'unprocessable',
          `Receipt ${row.number} is in a deposit that is already counted: a receipt is voided only while its deposit is open. Correct it with a later record (a returned check, or the count's note).`,
          { code: 'deposit_counted' },
        )
      const lastOne = () =>
        new AppError(
          'unprocessable',
          `Receipt ${row.number} is the last receipt in its deposit, and a deposit is never empty: count the deposit as it is and explain the difference in the count's note.`,
          { code: 'last_receipt' },
        )
      if (depositState !== null && depositState !== 'OPEN') throw counted()
      const check = receiptStep(row, 'void', user)
      const clearance = await access.checkStep(check)
      const outcome = await receipts.voidReceipt(
        id,
        { reason, voidedBy: user.id, at: clock.now().toISOString(), depositId: row.deposit_id, amountCents: row.amount_cents },
        async (trx) => {
          await access.confirmStepIn(trx, check, clearance)
          await access.recordParts(trx, { recordType: RECEIPT_RECORD, recordId: id }, [{ userId: user.id, part: 'voided' }])
          await recordIn(trx, 'receipts.voided', user, id, client, { number: row.number, reason, depositId: row.deposit_id })
        },
      )
      if (outcome === 'deposit_not_open') throw counted()
      if (outcome === 'last_receipt') throw lastOne()
      if (outcome === 'changed')
        throw new AppError(
          'conflict',
          `Receipt ${row.number} changed meanwhile (it was gathered into a deposit, voided, or its deposit moved on). Reload and try again.`,
          { code: 'receipt_changed' },
        )
      return detail(id, user)
    },

    async recordReturnedCheck(id: number, reason: string, user: AuthUser, client: Client): Promise<ReceiptDetail> {
      const row = await load(id, user)
      await access.require(user, 'RECONCILER', row.site_id)
      if (row.tender !== 'CHECK')
        throw new AppError(
          'unprocessable',
          `Receipt ${row.number} was paid by ${row.tender.toLowerCase().replace('_', ' ')}, not by check.`,
          { code: 'not_a_check' },
        )
      if (row.state === 'RETURNED')
        throw new AppError('conflict', `The check of receipt ${row.number} is already recorded as returned.`, { code: 'already_returned' })
      const depositState = await depositStateOf(row.deposit_id)
      if (row.state !== 'DEPOSITED' || (depositState !== 'CONFIRMED' && depositState !== 'RECONCILED')) {
        throw new AppError(
          'unprocessable',
          `Receipt ${row.number} is not in a deposit the treasury confirmed, so its check cannot have come back.`,
          { code: 'not_confirmed' },
        )
      }
      const check = receiptStep(row, 'record a returned check on', user)
      const clearance = await access.checkStep(check)
      const posting = await finance.postingAccounts()
      const at = clock.now().toISOString()
      const recorded = await receipts.recordReturn(id, { reason, recordedBy: user.id, at }, async (trx, { correctionId }) => {
        // Its reversing entry is stored as issued, on the district day it is recorded; a fund with no cash account
        // refuses the step before anything else is written, and rolls it back.
        const source = await journalEntries.returnedCheckSource(trx, correctionId)
        await journalEntries.store(trx, returnedCheckEntry(source, posting, finance.districtTimeZone, 'recording this returned check'))
        await access.confirmStepIn(trx, check, clearance)
        await recordIn(trx, 'receipts.check_returned', user, id, client, { number: row.number, reason, amountCents: -row.amount_cents })
      })
      if (!recorded)
        throw new AppError('conflict', `The check of receipt ${row.number} was recorded as returned meanwhile.`, {
          code: 'already_returned',
        })
      return detail(id, user)
    },

    async returnedChecks(siteId: number | undefined, user: AuthUser) {
      const rows = await receipts.returnedChecks(await access.scope(user), siteId)
      return rows.map((row) => ({
        receiptId: row.receipt_id,
        number: row.number,
        siteId: row.site_id,
        payer: row.payer,
        checkNumber: row.check_number,
        amountCents: row.amount_cents,
        reason: row.reason,
        recordedAt: row.recorded_at,
        recordedByName: row.recorded_by_name,
      }))
    },

    async register(siteId: number, fiscalYear: string, user: AuthUser) {
      const site = await activeSite(siteId)
      await access.requireView(user, siteId, `site ${siteId}`)
      const viewer = await access.viewer(user)
      // The counter first, then the receipts: a number and its receipt commit together, so every number the counter
      // has given is among the receipts read after it. Read the other way round, receipts issued between the two
      // reads showed as gaps that were not there.
      const counted = await receipts.lastSequence(siteId, fiscalYear)
      // The stored states are the contract's (the column is only ever written from them).
      const entries = (await receipts.register(siteId, fiscalYear)) as Array<RegisterEntry & { depositState: string | null }>
      const lastSequence = Math.max(counted, entries.at(-1)?.sequence ?? 0)
      // Sequences run 1, 2, 3… in order, so a gap is wherever an entry's sequence jumps.
      const gaps: number[] = []
      let voidedCount = 0
      let expected = 1
      for (const entry of entries) {
        for (; expected < entry.sequence; expected += 1) gaps.push(expected)
        expected = entry.sequence + 1
        if (entry.state === 'VOIDED') voidedCount += 1
        // Cash not yet counted keeps its amount from a counter (the blind count).
        if (viewer.hidesReceipt({ siteId, state: entry.state, depositState: entry.depositState })) entry.amountCents = null
      }
      for (; expected <= lastSequence; expected += 1) gaps.push(expected)
      return { siteId, siteCode: site.code, fiscalYear, lastSequence, gaps, voidedCount, entries }
    },

    async myDuties(user: AuthUser) {
      const duties = await finance.dutiesIn(user, 'PAYMENT_RECEIPTS')
      return { isAdmin: access.isAdmin(user), duties: duties.map((duty) => ({ duty: duty.duty, siteIds: duty.siteIds })) }
    },

    /** For the printable receipt: the record as the payer sees it. */
    async printable(id: number, user: AuthUser) {
      const receipt = await detail(id, user)
      if (receipt.amountCents === null || receipt.lines === null)
        throw new AppError('forbidden', 'The amounts of this receipt are hidden from you until its deposit is counted.', {
          code: 'amounts_hidden',
        })
      const site = await activeSite(receipt.siteId)
      const accounts = receipt.lines.map((line) => line.account)
      const parsed = accounts.map((account) => parseAccountString(account))
      const values = [...new Set(parsed.flatMap((result) => (result.ok ? Object.values(result.segments) : [])))]
      return {
        receipt,
        siteName: site.name,
        timeZone: finance.districtTimeZone,
        accountWords: accountWords(accounts, await receipts.segmentNames(values)),
      }
    },
  }
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>
