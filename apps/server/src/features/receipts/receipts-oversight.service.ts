import type { ReceiptsOverview } from '@platform/contracts/dashboard'
import type { QueueItem } from '@platform/contracts/finance'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import { deadlineStatus } from '@platform/contracts/deadline'
import { daysBetween } from '@platform/contracts/records-clock'
import { type DepositState, RECEIPTS_APP, depositDueAt, depositLabel } from '@platform/contracts/receipts'
import { DAY_MS, type Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { DepositsRepository } from './deposits.repository.js'
import type { ReceiptAccess } from './receipt-access.js'
import { DEPOSIT_ORDER, DEPOSIT_RECORD, DEPOSIT_STEP_NAMES, DEPOSIT_STEPS, type DepositStep } from './receipt-steps.js'
import { type Client, SEPARATION_TARGET } from './receipt-mapping.js'
import { exactCents } from './exact-cents.js'
import { type JournalRange, receiptsEscapeFiles, writeLateEntries } from './receipts-journal.js'
import type { ReceiptsJournalRepository } from './receipts-journal.repository.js'
import type { ReceiptsRepository } from './receipts.repository.js'
import type { ReceiptsOverviewRepository } from './receipts-overview.repository.js'
import { countingSites } from './amount-visibility.js'

/** What My queue calls each step of a deposit. */
const QUEUE_TITLES: Record<DepositStep, string> = {
  count: 'Count deposit',
  approve: 'Approve deposit',
  submit: 'Submit deposit to the treasury',
  confirm: 'Confirm deposit with the treasury reference',
  reconcile: 'Reconcile deposit',
}

/** The county's longest wait: cash older than this is overdue whatever the site's frequency (Ed Code 41001). */
export const OVERDUE_DAYS = 30

/** The deposit clock, My queue, the exceptions list and the ERP journal: watching over receipts rather than making them. */
export function createReceiptsOversightService(deps: {
  receipts: ReceiptsRepository
  deposits: DepositsRepository
  finance: FinanceService
  access: ReceiptAccess
  audit: AuditService
  clock: Clock
  journal: ReceiptsJournalRepository
  appUrl: string
  approverEmails: (siteId: number) => Promise<string[]>
  enqueueMail: (mail: { to: string; values: Record<string, string> }) => Promise<unknown>
  listSeparationExceptions: () => Promise<
    Array<{
      appCode: string
      recordId: string
      step: string
      userName: string
      reason: string
      createdAt: string
      usedAt: string | null
      createdByName: string
    }>
  >
}) {
  const { receipts, deposits, finance, access, audit, clock } = deps

  async function undeposited(user: AuthUser | null) {
    const rows = await receipts.undepositedBySite(user ? await access.scope(user) : { all: true })
    const viewer = user ? await access.viewer(user) : null
    const now = clock.now()
    const timeZone = finance.districtTimeZone
    const today = localDate(now, timeZone)
    const result = []
    for (const row of rows) {
      // Ages and lateness on the district's calendar, by the one deadline rule the badge and My queue use.
      const ageDays = daysBetween(localDate(new Date(row.oldest_issued_at), timeZone), today)
      const due = deadlineStatus(depositDueAt(row.oldest_issued_at, row.deposit_frequency_days, timeZone), now, timeZone)
      // Undeposited cash is uncounted: its sum is hidden from a counter at the site (the blind count's policy).
      const hidden = viewer ? viewer.hidesReceipt({ siteId: row.site_id, state: 'ISSUED', depositState: null }) : false
      result.push({
        siteId: row.site_id,
        siteCode: row.code,
        siteName: row.name,
        depositFrequencyDays: row.deposit_frequency_days,
        receiptCount: Number(row.receipt_count),
        amountCents: hidden ? null : exactCents(row.amount_cents),
        oldestIssuedAt: row.oldest_issued_at,
        ageDays,
        late: due.overdue,
        overdue: ageDays > OVERDUE_DAYS,
      })
    }
    return result
  }

  /** The deposits waiting for this person's step, at sites where they hold its duty and played no conflicting part. */
  async function depositItems(user: AuthUser): Promise<QueueItem[]> {
    const duties = await finance.dutiesIn(user, RECEIPTS_APP)
    const sitesOf = (duty: string) => {
      const held = duties.filter((candidate) => candidate.duty === duty)
      if (held.length === 0) return undefined
      return held.some((candidate) => candidate.siteIds === null) ? null : held.flatMap((candidate) => candidate.siteIds ?? [])
    }
    const items: QueueItem[] = []
    for (const step of DEPOSIT_STEP_NAMES) {
      const rule = DEPOSIT_STEPS[step]
      const siteIds = sitesOf(rule.duty)
      if (siteIds === undefined) continue
      for (const row of await deposits.waiting([rule.from], siteIds)) {
        const label = depositLabel(row.site_code, row.fiscal_year, row.deposit_id)
        // The same table and the same participants the step itself is checked against (receipt-steps.ts).
        if (rule.barred.length > 0) {
          const collectors = rule.barred.includes('collected') ? await deposits.collectorsOf(row.deposit_id) : []
          const barred = await access.reasonNotOffered({
            recordType: DEPOSIT_RECORD,
            recordId: row.deposit_id,
            label,
            step,
            rule,
            userId: user.id,
            derived: collectors.map((userId) => ({ userId, part: 'collected' })),
          })
          if (barred !== null) continue
        }
        items.push({
          key: `${RECEIPTS_APP}:deposit:${row.deposit_id}:${step}`,
          appCode: RECEIPTS_APP,
          title: `${QUEUE_TITLES[step]} ${label}`,
          detail: `${row.receipt_count} receipts`,
          href: `/apps/payment-receipts/deposits/${row.deposit_id}`,
          dueAt: null,
          overdue: false,
        })
      }
    }
    return items
  }

  /**
   * Sites whose cash is due at the bank within SOON_DAYS (or already late), for the people who gather deposits there:
   * the item opens the deposit builder, where a collector chooses the receipts. Approvers hear of it by e-mail.
   */
  async function clockItems(user: AuthUser): Promise<QueueItem[]> {
    const items: QueueItem[] = []
    const now = clock.now()
    for (const site of await undeposited(user)) {
      if (!(await access.has(user, 'COLLECTOR', site.siteId))) continue
      const dueAt = depositDueAt(site.oldestIssuedAt, site.depositFrequencyDays, finance.districtTimeZone)
      const status = deadlineStatus(dueAt, now, finance.districtTimeZone)
      if (status.tone === 'later') continue
      items.push({
        key: `${RECEIPTS_APP}:undeposited:${site.siteId}`,
        appCode: RECEIPTS_APP,
        title: `Deposit the cash held at ${site.siteName}`,
        detail: `${site.receiptCount} receipt${site.receiptCount === 1 ? '' : 's'} waiting, the oldest ${site.ageDays} day${site.ageDays === 1 ? '' : 's'} old (deposit every ${site.depositFrequencyDays} days)`,
        href: '/apps/payment-receipts/deposits/new',
        dueAt,
        overdue: status.overdue,
      })
    }
    return items
  }

  return {
    undeposited,
    queueFor: async (user: AuthUser) => [...(await clockItems(user)), ...(await depositItems(user))],

    /** E-mails each late site's approvers, at most once per site per district day, whichever instance gets there first. */
    async sendClockNotices(): Promise<number> {
      const day = localDate(clock.now(), finance.districtTimeZone)
      let sent = 0
      for (const site of await undeposited(null)) {
        if (!site.late) continue
        if (!(await receipts.claimClockNotice(site.siteId, day, clock.now().toISOString()))) continue
        for (const to of await deps.approverEmails(site.siteId)) {
          await deps.enqueueMail({
            to,
            values: {
              site: site.siteName,
              age_days: String(site.ageDays),
              frequency_days: String(site.depositFrequencyDays),
              receipts_url: `${deps.appUrl}/apps/payment-receipts/undeposited`,
              email: to,
            },
          })
          sent += 1
        }
        await audit.record({
          action: 'receipts.clock_notice',
          outcome: 'success',
          targetType: 'payment_receipts:site',
          targetId: site.siteId,
          details: { day, ageDays: site.ageDays, recipients: sent },
        })
      }
      return sent
    },

    /** Voids, over/short counts, returned checks and spent or open separation-of-duties exceptions, newest first. */
    async exceptions(siteId: number | undefined, user: AuthUser) {
      const scope = await access.scope(user)
      // Through the blind count's policy like every answer: a void, an over/short or a returned check is never uncounted
      // cash today, and should one ever be, its amount is hidden here without another change.
      const viewer = await access.viewer(user)
      const items = []
      for (const row of await receipts.voids(scope, siteId)) {
        items.push({
          kind: 'VOID' as const,
          at: row.voided_at ?? '',
          siteId: row.site_id,
          recordLabel: row.number,
          href: `/apps/payment-receipts/receipts/${row.receipt_id}`,
          amountCents: viewer.hidesReceipt({ siteId: row.site_id, state: 'VOIDED', depositState: null }) ? null : row.amount_cents,
          detail: row.void_reason ?? '',
          personName: row.voided_by_name,
        })
      }
      for (const row of await deposits.overShorts(scope, siteId)) {
        items.push({
          kind: 'OVER_SHORT' as const,
          at: row.counted_at ?? row.created_at,
          siteId: row.site_id,
          recordLabel: depositLabel(row.site_code, row.fiscal_year, row.deposit_id),
          href: `/apps/payment-receipts/deposits/${row.deposit_id}`,
          amountCents: viewer.hidesDeposit({ siteId: row.site_id, state: row.state }) ? null : row.over_short_cents,
          detail: row.count_note ?? '',
          personName: row.counted_by_name,
        })
      }
      for (const row of await receipts.returnedChecks(scope, siteId)) {
        items.push({
          kind: 'RETURNED_CHECK' as const,
          at: row.recorded_at,
          siteId: row.site_id,
          recordLabel: row.number,
          href: `/apps/payment-receipts/receipts/${row.receipt_id}`,
          amountCents: viewer.hidesReceipt({ siteId: row.site_id, state: 'RETURNED', depositState: null }) ? null : row.amount_cents,
          detail: row.reason,
          personName: row.recorded_by_name,
        })
      }
      if (siteId === undefined) {
        const visible = scope.all ? null : new Set(scope.siteIds)
        for (const row of await deps.listSeparationExceptions()) {
          if (row.appCode !== RECEIPTS_APP) continue
          const site = (await finance.sites()).find((candidate) => row.recordId.startsWith(`${candidate.code}-`))
          if (visible && (!site || !visible.has(site.id))) continue
          items.push({
            kind: 'SEPARATION_EXCEPTION' as const,
            at: row.createdAt,
            siteId: site?.id ?? null,
            recordLabel: row.recordId,
            href: '/apps/payment-receipts/exceptions',
            amountCents: null,
            detail: `${row.step} allowed by ${row.createdByName}: ${row.reason}${row.usedAt ? ' (used)' : ' (not yet used)'}`,
            personName: row.userName,
          })
        }
      }
      return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    },

    /**
     * Readies the ERP journal of confirmed deposits and returned checks over a range (its text is then read from the
     * stored lines: receiptsJournalCsv); refuses before the first byte when an account it needs is not set.
     * Administrators and approvers or reconcilers everywhere. Answers the district's ERP import layout; in Escape
     * Online's, also the files (receiptsEscapeFiles), made and checked before anything is recorded as exported.
     */
    async journal(range: JournalRange, user: AuthUser, client: Client): Promise<JournalDownload> {
      const scope = await access.scope(user)
      const everywhere =
        access.isAdmin(user) ||
        (await finance.dutiesIn(user, RECEIPTS_APP)).some(
          (duty) => duty.siteIds === null && (duty.duty === 'RECONCILER' || duty.duty === 'APPROVER'),
        )
      if (!scope.all || !everywhere)
        throw new AppError(
          'forbidden',
          'The ERP journal covers every site: it is for administrators and for approvers or reconcilers of all sites.',
          { code: 'journal_forbidden' },
        )
      await writeLateEntries(deps.journal, range, await finance.postingAccounts(), finance.districtTimeZone)
      const layout = await deps.journal.erpLayout()
      const files = layout.layout === 'ESCAPE_ONLINE' ? await receiptsEscapeFiles(deps.journal, range, layout) : null
      if (files?.length === 0)
        throw new AppError(
          'unprocessable',
          `There is nothing to import from ${range.from} to ${range.to}: no deposit was confirmed and no check returned on those days.`,
          { code: 'journal_empty' },
        )
      await audit.record({
        action: 'receipts.journal_exported',
        outcome: 'success',
        actorUserId: user.id,
        targetType: SEPARATION_TARGET,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { from: range.from, to: range.to, ...(files ? { layout: layout.layout } : {}) },
      })
      return { files }
    },
  }
}
export type ReceiptsOversightService = ReturnType<typeof createReceiptsOversightService>

/** A journal download readied: null files for the platform's CSV (streamed from the stored lines), else Escape's files. */
export interface JournalDownload {
  files: Array<{ name: string; text: string }> | null
}

/**
 * Payment Receipts' section of the Dashboard Overview: the cash waiting at the person's sites by site and age, and the
 * deposits waiting at each step, scoped as the lists they link to are. Null for someone with no duty here (an
 * administrator sees every site, read-only, as in the lists).
 */
export function createReceiptsOverview(deps: {
  overview: ReceiptsOverviewRepository
  undepositedBySite: ReceiptsRepository['undepositedBySite']
  finance: FinanceService
  clock: Clock
}) {
  const { overview, finance, clock } = deps
  return async (user: AuthUser): Promise<ReceiptsOverview | null> => {
    const scope = await finance.visibleSites(user, RECEIPTS_APP)
    if (!scope.all && scope.siteIds.length === 0) return null
    const [sites, deposits, counting] = await Promise.all([
      deps.undepositedBySite(scope),
      overview.depositsByState(scope),
      countingSites(finance, user),
    ])
    const now = clock.now().getTime()
    // Undeposited cash is uncounted cash: its sum is never shown to whoever counts at its site (the blind count).
    const blindAt = (siteId: number) => counting.all || counting.siteIds.includes(siteId)
    return {
      undeposited: sites.map((row) => ({
        siteId: row.site_id,
        siteName: row.name,
        receiptCount: Number(row.receipt_count),
        amountCents: blindAt(row.site_id) ? null : exactCents(row.amount_cents),
        oldestAgeDays: Math.max(0, Math.floor((now - Date.parse(row.oldest_issued_at)) / DAY_MS)),
        dueAt: depositDueAt(row.oldest_issued_at, row.deposit_frequency_days, finance.districtTimeZone),
        href: '/apps/payment-receipts/undeposited',
      })),
      // In the order a deposit goes through its steps.
      depositsWaiting: [...deposits]
        .sort((a, b) => DEPOSIT_ORDER.indexOf(a.state as DepositState) - DEPOSIT_ORDER.indexOf(b.state as DepositState))
        .map((row) => ({
          state: row.state,
          count: Number(row.n),
          href: `/apps/payment-receipts/deposits?state=${row.state}`,
        })),
    }
  }
}
