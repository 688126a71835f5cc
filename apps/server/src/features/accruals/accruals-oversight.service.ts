import { ACCRUALS_APP, type AccrualState, type AccrualStep } from '@platform/contracts/accruals'
import { LABELS, labelOf } from '@platform/contracts/labels'
import type { AccrualsOverview } from '@platform/contracts/dashboard'
import type { QueueItem } from '@platform/contracts/finance'
import { formatCents } from '@platform/contracts/finance-money'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import { deadlineStatus, endOfDistrictDay } from '@platform/contracts/deadline'
import { DAY_MS, type Clock } from '../../lib/clock.js'
import type { AuthUser } from '../../plugins/access.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { AccrualAccess } from './accrual-access.js'
import { isLocked } from './accrual-rules.js'
import { EDIT_DUTY, EDITABLE_STATES, LOCKED_DUTY, STATE_ORDER, STEP_TABLE } from './accrual-steps.js'
import type { AccrualRow, AccrualsRepository } from './accruals.repository.js'
import type { AccrualsOverviewRepository } from './accruals-overview.repository.js'

/** The people who played any of these parts (they are not asked to take the step). */
const barringUsers = (participants: Array<{ userId: number; part: string }>, barred: readonly string[]) =>
  participants.filter((participant) => barred.includes(participant.part)).map((participant) => participant.userId)

/** How many days before the sites' deadline the reminder goes out and My queue shows it. */
export const DEADLINE_NOTICE_DAYS = 3

type Mail = { kind: 'accrual_to_approve' | 'accrual_returned' | 'accrual_deadline'; to: string; values: Record<string, string> }

const label = (row: Pick<AccrualRow, 'accrual_id' | 'vendor' | 'amount_cents'>) =>
  `accrual #${row.accrual_id} (${row.vendor}, ${formatCents(Number(row.amount_cents))})`
const href = (id: number) => `/apps/accruals/requests/${id}`

/** My queue and the e-mails of Accruals: what waits for whom, and the reminders. */
export function createAccrualsOversightService(deps: {
  accruals: AccrualsRepository
  finance: FinanceService
  access: AccrualAccess
  clock: Clock
  appUrl: string
  enqueueMail: (mail: Mail) => Promise<unknown>
}) {
  const { accruals, finance, access, clock } = deps
  const today = () => localDate(clock.now(), finance.districtTimeZone)
  const zone = () => finance.districtTimeZone
  /** A deadline date as My queue carries it: the end of that district day, overdue by the one rule. */
  const deadline = (date: string) => ({
    dueAt: endOfDistrictDay(date, zone()),
    overdue: deadlineStatus(date, clock.now(), zone()).overdue,
  })
  const daysTo = (date: string) => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today()}T00:00:00Z`)) / DAY_MS)

  async function sitesOf(user: AuthUser, duty: string): Promise<number[] | null | undefined> {
    const held = (await access.duties(user)).filter((candidate) => candidate.duty === duty)
    if (held.length === 0) return undefined
    return held.some((candidate) => candidate.siteIds === null) ? null : held.flatMap((candidate) => candidate.siteIds ?? [])
  }

  async function reviewItems(user: AuthUser): Promise<QueueItem[]> {
    const items: QueueItem[] = []
    // What waits for a review the person may take: never a request they took a barred part in (separation's table).
    const barred = async (row: AccrualRow, step: 'site-approve' | 'approve') =>
      (await access.reasonNotOffered(access.stepCheck(row.accrual_id, step, STEP_TABLE[step][row.state as 'SUBMITTED']!, user.id))) !== null
    const reviews = [
      { duty: 'SITE_APPROVER', state: 'SUBMITTED', step: 'site-approve' as const, title: 'Site-approve' },
      { duty: 'FISCAL_REVIEWER', state: 'SITE_APPROVED', step: 'approve' as const, title: 'Approve' },
    ]
    for (const review of reviews) {
      const siteIds = await sitesOf(user, review.duty)
      if (siteIds === undefined) continue
      for (const row of await accruals.waiting([review.state], siteIds)) {
        if (await barred(row as AccrualRow, review.step)) continue
        const cycle = await accruals.findCycle(row.cycle_id)
        items.push({
          key: `${ACCRUALS_APP}:accrual:${row.accrual_id}:${review.step}`,
          appCode: ACCRUALS_APP,
          title: `${review.title} ${label(row)}`,
          detail: `${row.site_code}, ${labelOf(LABELS.finance.accrualType, row.type)}`,
          href: href(row.accrual_id),
          ...(cycle ? deadline(cycle.lock_on) : { dueAt: null, overdue: false }),
        })
      }
    }
    return items
  }

  async function requesterItems(user: AuthUser): Promise<QueueItem[]> {
    const items: QueueItem[] = []
    // The requests the person holds: only they may correct and submit them.
    const mine = (await accruals.list({ scope: { all: true }, holderId: user.id, states: [...EDITABLE_STATES] }, 200, 0)).rows
    for (const row of mine) {
      const cycle = await accruals.findCycle(row.cycle_id)
      if (!cycle) continue
      // The rule the request's own edit and submit steps apply: after the lock date only a controller changes or
      // submits a request, so a requester without that duty has nothing to do here (the page would offer only Withdraw).
      const duty = isLocked(cycle, today()) ? LOCKED_DUTY : EDIT_DUTY
      if (!STEP_TABLE.submit[row.state as 'DRAFT']) continue
      if (!(await access.has(user, duty, row.site_id))) continue
      const returned = row.state === 'RETURNED'
      // A draft shows once its deadline is near; a returned one at once.
      if (!returned && daysTo(cycle.submit_by) > DEADLINE_NOTICE_DAYS) continue
      items.push({
        key: `${ACCRUALS_APP}:accrual:${row.accrual_id}:${returned ? 'fix' : 'submit'}`,
        appCode: ACCRUALS_APP,
        title: `${returned ? 'Correct and resubmit' : 'Submit'} ${label(row)}`,
        detail: returned ? 'Returned to you to correct' : `The ${cycle.fiscal_year} cycle's submission deadline`,
        // A returned request is corrected in its edit form; a draft is submitted from its page.
        href: returned ? `${href(row.accrual_id)}/edit` : href(row.accrual_id),
        ...deadline(cycle.submit_by),
      })
    }
    return items
  }

  async function controllerItems(user: AuthUser): Promise<QueueItem[]> {
    if (!(await access.hasEverywhere(user, 'CONTROLLER'))) return []
    const items: QueueItem[] = []
    for (const cycle of await accruals.listCycles()) {
      const { total } = await accruals.list({ scope: { all: true }, cycleId: cycle.cycle_id, state: 'APPROVED' }, 1, 0)
      if (total === 0) continue
      items.push({
        key: `${ACCRUALS_APP}:cycle:${cycle.cycle_id}:journal`,
        appCode: ACCRUALS_APP,
        title: `Post the ${cycle.fiscal_year} accruals journal`,
        detail: `${total} approved request${total === 1 ? '' : 's'} not yet posted`,
        href: `/apps/accruals/cycles/${cycle.cycle_id}/journals`,
        ...deadline(cycle.board_on),
      })
    }
    return items
  }

  return {
    queueFor: async (user: AuthUser) => [...(await reviewItems(user)), ...(await requesterItems(user)), ...(await controllerItems(user))],

    /** After a step: the next reviewers are told there is something to approve, the requester that it came back. */
    async afterStep(accrualId: number, step: AccrualStep): Promise<void> {
      const row = (await accruals.findById(accrualId)) as AccrualRow | undefined
      if (!row) return
      const url = `${deps.appUrl}${href(accrualId)}`
      if (step === 'return') {
        const requester = await accruals.userEmail(row.holder_id ?? row.requester_id)
        if (!requester || requester.is_active !== 1) return
        if (!(await accruals.claimNotice(`returned:${accrualId}:${row.version}:${row.updated_at}`, clock.now().toISOString()))) return
        await deps.enqueueMail({
          kind: 'accrual_returned',
          to: requester.email,
          values: { accrual: label(row), reason: row.last_reason ?? '', accrual_url: url, email: requester.email },
        })
        return
      }
      const next =
        step === 'submit'
          ? { duty: 'SITE_APPROVER', words: 'site approval' }
          : step === 'site-approve'
            ? { duty: 'FISCAL_REVIEWER', words: 'fiscal review' }
            : null
      if (!next) return
      const site = await finance.site(row.site_id).catch(() => null)
      const rule = STEP_TABLE[step === 'submit' ? 'site-approve' : 'approve'][step === 'submit' ? 'SUBMITTED' : 'SITE_APPROVED']!
      const tookPart = new Set(barringUsers(await access.participants(accrualId), rule.barred))
      for (const holder of await accruals.holders(next.duty, row.site_id)) {
        if (tookPart.has(holder.user_id)) continue
        await deps.enqueueMail({
          kind: 'accrual_to_approve',
          to: holder.email,
          values: { accrual: label(row), step: next.words, site: site?.name ?? row.site_code, accrual_url: url, email: holder.email },
        })
      }
    },

    /**
     * The deadline reminder: DEADLINE_NOTICE_DAYS before a cycle's submission deadline, each requester with drafts or
     * returned requests is e-mailed once, whichever instance notices first.
     */
    async sendDeadlineNotices(): Promise<number> {
      let sent = 0
      for (const cycle of await accruals.listCycles()) {
        const days = daysTo(cycle.submit_by)
        if (days < 0 || days > DEADLINE_NOTICE_DAYS) continue
        for (const requester of await accruals.unsubmittedByRequester(cycle.cycle_id)) {
          if (requester.is_active !== 1) continue
          if (!(await accruals.claimNotice(`deadline:${cycle.cycle_id}:${requester.requester_id}`, clock.now().toISOString()))) continue
          await deps.enqueueMail({
            kind: 'accrual_deadline',
            to: requester.email,
            values: {
              fiscal_year: cycle.fiscal_year,
              submit_by: cycle.submit_by,
              open_count: String(requester.n),
              accruals_url: `${deps.appUrl}/apps/accruals/requests?view=me`,
              email: requester.email,
            },
          })
          sent += 1
        }
      }
      return sent
    },
  }
}
export type AccrualsOversightService = ReturnType<typeof createAccrualsOversightService>

/**
 * Accruals' section of the Dashboard Overview: the newest cycle's progress at the person's sites against its
 * submission deadline, its totals by type, and the requests waiting for a review at the sites where they review.
 * Null for someone with no duty here.
 */
export function createAccrualsOverview(deps: { overview: AccrualsOverviewRepository; finance: FinanceService }) {
  const { overview, finance } = deps
  return async (user: AuthUser): Promise<AccrualsOverview | null> => {
    const scope = await finance.visibleSites(user, ACCRUALS_APP)
    if (!scope.all && scope.siteIds.length === 0) return null
    const duties = await finance.dutiesIn(user, ACCRUALS_APP)
    const sitesOf = (duty: string) => {
      const held = duties.filter((candidate) => candidate.duty === duty)
      if (held.length === 0) return undefined
      return held.some((candidate) => candidate.siteIds === null) ? null : held.flatMap((candidate) => candidate.siteIds ?? [])
    }
    const cycle = await overview.currentCycle()
    const reviews = [
      { duty: 'SITE_APPROVER', state: 'SUBMITTED' },
      { duty: 'FISCAL_REVIEWER', state: 'SITE_APPROVED' },
    ]
    const [byState, byType, ...waiting] = await Promise.all([
      cycle ? overview.byState(cycle.cycle_id, scope) : [],
      cycle ? overview.byType(cycle.cycle_id, scope) : [],
      ...reviews.map((review) => {
        const sites = sitesOf(review.duty)
        return sites === undefined ? 0 : overview.countWaiting(review.state, sites)
      }),
    ])
    const figures = (rows: Array<{ code: string; n: number | string; cents: number | string | null }>) =>
      rows.map((row) => ({ code: row.code, count: Number(row.n), amountCents: Number(row.cents ?? 0) }))
    return {
      cycle: cycle
        ? {
            cycleId: cycle.cycle_id,
            fiscalYear: cycle.fiscal_year,
            submitBy: cycle.submit_by,
            lockOn: cycle.lock_on,
            // In the order a request goes through its steps.
            byState: figures(byState).sort(
              (a, b) => STATE_ORDER.indexOf(a.code as AccrualState) - STATE_ORDER.indexOf(b.code as AccrualState),
            ),
            byType: figures(byType),
            href: `/apps/accruals/cycles/${cycle.cycle_id}`,
          }
        : null,
      toReview: waiting.reduce((sum, count) => sum + count, 0),
      reviewHref: '/apps/accruals/review',
    }
  }
}
