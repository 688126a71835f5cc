import type { RecordsOverview } from '@platform/contracts/dashboard'
import type { QueueItem } from '@platform/contracts/finance'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import { isAdminRole } from '@platform/contracts/auth'
import { EXTENSION_REASONS, type Figures, type PublicInfoDuty, type PublicLogEntrySchema, RECORDS_APP } from '@platform/contracts/records'
import type { z } from 'zod'
import { DUE_SOON_DAYS, addDays, clockStatus } from '@platform/contracts/records-clock'
import { deadlineStatus, endOfDistrictDay } from '@platform/contracts/deadline'
import type { LetterKind } from '@platform/contracts/records'
import { labelOf } from '@platform/contracts/labels'
import { recordsLabels } from '@platform/contracts/labels/records'
import { letterFacts, signingCheck } from './records-detail.js'
import { CLOCK_STATES } from './records.repository.js'
import { STEP_DUTIES, missingLetterParts } from './records-rules.js'
import type { AuthUser } from '../../plugins/access.js'
import type { RecordsContext } from './records-context.js'
import type { RecordsOverviewRepository } from './records-overview.repository.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { Clock } from '../../lib/clock.js'

/** Later than any due date: every request still waiting for its determination is listed, however far its date. */
const LAST_DATE = '9999-12-31'

type PublicLogEntry = z.infer<typeof PublicLogEntrySchema>

const ALERT_WORDS = { DUE_SOON: `due within ${DUE_SOON_DAYS} days`, DUE_TODAY: 'due today', OVERDUE: 'overdue' } as const
type Alert = keyof typeof ALERT_WORDS

const csvCell = (value: string | null) => {
  const text = value ?? ''
  // A cell a spreadsheet would run as a formula is written as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The median and the average (to a tenth) of values given as how many times each occurs, in ascending order. */
export function middleAndAverage(counted: Array<{ value: number; count: number }>): { median: number | null; average: number | null } {
  const total = counted.reduce((sum, row) => sum + row.count, 0)
  if (total === 0) return { median: null, average: null }
  // The value at a 0-based position of the sorted list the counts stand for.
  const at = (position: number) => {
    let seen = 0
    for (const row of counted) {
      seen += row.count
      if (position < seen) return row.value
    }
    return counted[counted.length - 1]!.value
  }
  const half = Math.floor(total / 2)
  const median = total % 2 === 1 ? at(half) : (at(half - 1) + at(half)) / 2
  const average = Math.round((counted.reduce((sum, row) => sum + row.value * row.count, 0) / total) * 10) / 10
  return { median, average }
}

/** Watching over requests: due alerts by e-mail and in My queue, the public log, and the figures. */
export function createRecordsOversightService(
  context: RecordsContext,
  deps: {
    appUrl: string
    coordinatorEmails: () => Promise<string[]>
    emailOf: (userId: number) => Promise<string | null>
    enqueueMail: (mail: { to: string; values: Record<string, string> }) => Promise<unknown>
  },
) {
  const { requests, work, access, clock } = context

  /**
   * Requests whose requester wrote after the last answer: an item for the point person and the assigned custodians,
   * or for the coordinators when nobody assigned may answer, and only for someone who may take the `message` step
   * (an item leads to something the person can do).
   */
  async function awaitingAnswer(user: AuthUser, duties: Set<PublicInfoDuty>): Promise<QueueItem[]> {
    const waiting = await context.requesters.awaitingAnswer()
    if (waiting.length === 0) return []
    const answerDuties: readonly string[] = STEP_DUTIES.message.duties
    const answerers = new Set(
      (await context.calendar.people()).filter((person) => answerDuties.includes(person.duty)).map((p) => p.user_id),
    )
    const items: QueueItem[] = []
    for (const row of waiting) {
      const assigned = row.assignedIds.includes(user.id)
      const nobodyAnswers = !row.assignedIds.some((userId) => answerers.has(userId))
      if (!assigned && !(nobodyAnswers && duties.has('COORDINATOR'))) continue
      if (!(await access.may(user, 'message', row.request_id, duties))) continue
      items.push({
        key: `${RECORDS_APP}:request:${row.request_id}:answer`,
        appCode: RECORDS_APP,
        title: `Answer the requester of ${row.number}`,
        detail: `${row.unanswered} message${row.unanswered === 1 ? '' : 's'} from the requester waiting for an answer`,
        // The request page opens at its messages.
        href: `/apps/public-info/requests/${row.request_id}#messages`,
        dueAt: null,
        overdue: false,
      })
    }
    return items
  }

  return {
    /**
     * E-mails the point person and the coordinators about each request due within two days, due today or overdue:
     * once per request, alert and due date, whichever instance gets there first.
     */
    async sendDueAlerts(): Promise<number> {
      const today = context.today()
      let sent = 0
      const coordinators = await deps.coordinatorEmails()
      for (const row of await requests.dueBy(addDays(today, DUE_SOON_DAYS))) {
        const { daysLeft, status } = clockStatus(row.due_on, today)
        const alert: Alert | null =
          status === 'OVERDUE' ? 'OVERDUE' : status === 'DUE_TODAY' ? 'DUE_TODAY' : daysLeft === DUE_SOON_DAYS ? 'DUE_SOON' : null
        if (!alert) continue
        if (!(await requests.claimAlert(row.request_id, alert, row.due_on, clock.now().toISOString()))) continue
        const pointEmail = row.point_person_id === null ? null : await deps.emailOf(row.point_person_id)
        const recipients = [...new Set([...(pointEmail ? [pointEmail] : []), ...coordinators])]
        for (const to of recipients) {
          await deps.enqueueMail({
            to,
            values: {
              number: row.number,
              due_on: row.due_on,
              status: ALERT_WORDS[alert],
              request_url: `${deps.appUrl}/apps/public-info/requests/${row.request_id}`,
              email: to,
            },
          })
          sent += 1
        }
        await context.record('due_alert', null, row, null, { alert, dueOn: row.due_on, recipients: recipients.length })
      }
      return sent
    },

    /**
     * My queue: every request still waiting for its determination (point person, coordinators; signatories, who
     * determine it), whatever its distance from due; open search tasks (their custodian); and drafts a signatory may
     * sign now, by the same checks the request's page offers its Sign and issue button with; requesters' messages
     * waiting for an answer (see `awaitingAnswer`), and possible duplicates for the coordinators until cleared.
     */
    async queueFor(user: AuthUser): Promise<QueueItem[]> {
      const duties = await access.dutiesOf(user)
      if (duties.size === 0) return []
      const now = clock.now()
      const zone = context.finance.districtTimeZone
      const deadline = (date: string) => ({ dueAt: endOfDistrictDay(date, zone), overdue: deadlineStatus(date, now, zone).overdue })
      const items: QueueItem[] = []
      const determines = await access.may(user, 'determine', undefined, duties)
      const followsAll = duties.has('COORDINATOR') || determines
      for (const row of await requests.dueBy(LAST_DATE)) {
        if (!followsAll && row.point_person_id !== user.id) continue
        items.push({
          key: `${RECORDS_APP}:request:${row.request_id}:determine`,
          appCode: RECORDS_APP,
          title: determines ? `Determine ${row.number}` : `Follow ${row.number} to its determination`,
          detail: (row.clarified_text ?? row.request_text).slice(0, 120),
          href: `/apps/public-info/requests/${row.request_id}`,
          ...deadline(row.due_on),
        })
      }
      for (const task of await work.openTasksOf(user.id)) {
        items.push({
          key: `${RECORDS_APP}:task:${task.task_id}`,
          appCode: RECORDS_APP,
          title: `Search for records of ${task.number}`,
          detail: task.description.slice(0, 120),
          href: `/apps/public-info/requests/${task.request_id}`,
          ...((CLOCK_STATES as readonly string[]).includes(task.state) ? deadline(task.due_on) : { dueAt: null, overdue: false }),
        })
      }
      if (await access.may(user, 'issueLetter', undefined, duties)) {
        // A closure letter follows the closing; any other draft of a closed request is past its time (nothing to sign).
        const drafts = (await work.draftLetters()).filter((draft) => draft.kind === 'CLOSURE' || draft.state !== 'CLOSED')
        for (const draft of drafts) {
          const row = await requests.findById(draft.request_id)
          if (!row) continue
          // The page's own rule: a draft lacking a required part, or one this person drafted or edited, is not offered.
          if (missingLetterParts(draft.kind as LetterKind, await letterFacts(context, row)).length > 0) continue
          if ((await context.finance.reasonNotOffered(signingCheck(row, draft, user.id))) !== null) continue
          items.push({
            key: `${RECORDS_APP}:letter:${draft.letter_id}:sign`,
            appCode: RECORDS_APP,
            title: `Sign the ${draft.kind.toLowerCase()} letter of ${draft.number}`,
            detail: null,
            href: `/apps/public-info/requests/${draft.request_id}`,
            ...((CLOCK_STATES as readonly string[]).includes(draft.state) ? deadline(draft.due_on) : { dueAt: null, overdue: false }),
          })
        }
      }
      items.push(...(await awaitingAnswer(user, duties)))
      if (await access.may(user, 'dismissDuplicate', undefined, duties)) {
        for (const flagged of await context.requesters.flaggedDuplicates()) {
          items.push({
            key: `${RECORDS_APP}:request:${flagged.request_id}:duplicate`,
            appCode: RECORDS_APP,
            title: `Check whether ${flagged.number} repeats ${flagged.duplicate_number}`,
            detail: flagged.request_text.slice(0, 120),
            href: `/apps/public-info/requests/${flagged.request_id}`,
            dueAt: null,
            overdue: false,
          })
        }
      }
      return items
    },

    /** The public log: what was asked and how it went, never who asked or how to reach them. */
    async publicLog(from: string | undefined, to: string | undefined, user: AuthUser): Promise<PublicLogEntry[]> {
      if (!(await access.may(user, 'view'))) return []
      return (await requests.publicLog(from, to)).map((row) => ({
        number: row.number,
        receivedOn: row.received_on,
        summary: (row.clarified_text ?? row.request_text).slice(0, 500),
        state: row.state as PublicLogEntry['state'],
        outcome: row.outcome as PublicLogEntry['outcome'],
        dueOn: row.due_on,
        extended: row.extended_at !== null,
        determinedOn: row.determined_on,
        closedOn: row.closed_on,
      }))
    },

    /** The public log as the public reads it: columns headed as on the screen, states and outcomes in words. */
    publicLogCsv(entries: PublicLogEntry[]): string {
      const header = ['Number', 'Received', 'Request', 'State', 'Outcome', 'Due', 'Extended', 'Determined', 'Closed']
      const lines = entries.map((entry) =>
        [
          entry.number,
          entry.receivedOn,
          entry.summary,
          labelOf(recordsLabels.requestState, entry.state),
          labelOf(recordsLabels.outcome, entry.outcome),
          entry.dueOn,
          entry.extended ? 'yes' : 'no',
          entry.determinedOn,
          entry.closedOn,
        ]
          .map(csvCell)
          .join(','),
      )
      return `${[header.join(','), ...lines].join('\r\n')}\r\n`
    },

    async figures(from: string | undefined, to: string | undefined, user: AuthUser): Promise<Figures> {
      // Figures over the requests the person may see: none for a holder without a duty.
      const { counts, extensions, exemptionUses, closedDays } = (await access.may(user, 'view'))
        ? await requests.figures(from, to, context.today())
        : {
            counts: { received: 0, open: 0, overdue: 0, determined: 0, on_time: 0, closed: 0 },
            extensions: [],
            exemptionUses: [],
            closedDays: [],
          }
      const determined = Number(counts.determined ?? 0)
      const onTime = Number(counts.on_time ?? 0)
      // An exemption counts once per request, whether marked on a page or cited in the determination.
      const uses = new Map(exemptionUses.map((row) => [Number(row.exemption_id), Number(row.n)]))
      const library = await requests.exemptionsById([...uses.keys()])
      return {
        received: Number(counts.received ?? 0),
        open: Number(counts.open ?? 0),
        overdue: Number(counts.overdue ?? 0),
        determined,
        determinedOnTime: onTime,
        onTimeRate: determined === 0 ? null : onTime / determined,
        extensionsByReason: EXTENSION_REASONS.map((reason) => ({
          reason,
          count: Number(extensions.find((row) => row.extension_reason === reason)?.n ?? 0),
        })),
        exemptionsUsed: library
          .map((entry) => ({ citation: entry.citation, title: entry.title, count: uses.get(entry.exemption_id) ?? 0 }))
          .sort((a, b) => b.count - a.count || a.citation.localeCompare(b.citation)),
        closed: Number(counts.closed ?? 0),
        daysToClose: middleAndAverage(closedDays.map((row) => ({ value: Number(row.days), count: Number(row.n) }))),
      }
    },
  }
}
export type RecordsOversightService = ReturnType<typeof createRecordsOversightService>

/**
 * Public Information's section of the Dashboard Overview: requests overdue and due this week (requests belong to the
 * district, so every duty sees them all, as the list does), and draft letters waiting for a signature. Null for
 * someone with no duty here who is not an administrator.
 */
export function createRecordsOverview(deps: { overview: RecordsOverviewRepository; finance: FinanceService; clock: Clock }) {
  const { overview, finance, clock } = deps
  return async (user: AuthUser): Promise<RecordsOverview | null> => {
    if ((await finance.dutiesIn(user, RECORDS_APP)).length === 0 && !isAdminRole(user.roleCode)) return null
    const today = localDate(clock.now(), finance.districtTimeZone)
    const [due, lettersAwaitingSignature] = await Promise.all([overview.dueCounts(today, addDays(today, 6)), overview.draftLetters()])
    return { ...due, lettersAwaitingSignature, href: '/apps/public-info/requests' }
  }
}
