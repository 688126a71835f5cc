import { addDays, determinationClock, localDateTime, weekdayOf } from '@platform/contracts/records-clock'
import type { Db } from '../db/database.js'
import type { AuditRepository } from '../features/audit/audit.repository.js'
import { createAuditService } from '../features/audit/audit.service.js'
import type { FinanceService } from '../features/finance/finance.service.js'
import { createRecordsAccess } from '../features/records/records-access.js'
import { createRecordsCalendarRepository } from '../features/records/records-calendar.repository.js'
import { createRecordsCalendarService } from '../features/records/records-calendar.service.js'
import { type RecordsDeps, createRecordsContext } from '../features/records/records-context.js'
import { createRecordsDeliveriesRepository } from '../features/records/records-deliveries.repository.js'
import { createRecordsRequesterRepository } from '../features/records/records-requester.repository.js'
import { createRecordsLettersService } from '../features/records/records-letters.service.js'
import { createRecordsRepository } from '../features/records/records.repository.js'
import { createRecordsService } from '../features/records/records.service.js'
import { createRecordsWorkRepository } from '../features/records/records-work.repository.js'
import { createRecordsWorkService } from '../features/records/records-work.service.js'
import type { UsersRepository } from '../features/users/users.repository.js'
import type { UsersService } from '../features/users/users.service.js'
import { HOUR_MS, type Clock, createManualClock } from '../lib/clock.js'
import { type AuthUser, authUserOf } from '../plugins/access.js'
import { californiaSchoolHolidays } from './california-school-holidays.js'
import type { DemoStep } from './demo-district.js'

const CLIENT = { ip: '127.0.0.1', userAgent: 'demo seed' }
const COORDINATOR = 'records@demo.district.test'
const COUNSEL = 'counsel@demo.district.test'
const SIGNATORY = 'superintendent@demo.district.test'
const CUSTODIAN = 'custodian@demo.district.test'

/** The exemptions the demo's counsel keeps in the library (citations of the Government Code unless named otherwise). */
const EXEMPTIONS = [
  {
    citation: 'Gov. Code §7927.700',
    title: 'Personnel, medical or similar files',
    description: 'Disclosure would be an unwarranted invasion of personal privacy.',
  },
  {
    citation: 'Gov. Code §7927.500',
    title: 'Preliminary drafts, notes and memoranda',
    description: 'Not retained in the ordinary course of business, where the public interest in withholding clearly outweighs disclosure.',
  },
  {
    citation: 'Gov. Code §7927.200',
    title: 'Pending litigation',
    description: 'Records pertaining to pending litigation to which the district is a party, until it is finally adjudicated or settled.',
  },
  {
    citation: 'Gov. Code §7927.705',
    title: 'Exempt under other law',
    description: 'Records whose disclosure is exempted or prohibited by federal or state law, including the Evidence Code.',
  },
  {
    citation: 'Evid. Code §954',
    title: 'Attorney-client privilege',
    description: 'Confidential communications between the district and its lawyers.',
  },
  {
    citation: 'Ed. Code §49076',
    title: 'Pupil records',
    description: 'Pupil records are released only as the Education Code and FERPA allow.',
  },
  {
    citation: 'Gov. Code §7922.000',
    title: 'Public interest balancing',
    description: 'On the facts of the case the public interest in withholding clearly outweighs the public interest in disclosure.',
  },
]

/** The instant a district-local date and time (HH:MM) fall on. */
function instantAt(date: string, time: string, timeZone: string): Date {
  const wanted = Date.parse(`${date}T${time}:00Z`)
  let guess = wanted
  for (let step = 0; step < 3; step += 1) {
    const local = localDateTime(new Date(guess), timeZone)
    guess -= Date.parse(`${local.date}T${local.time}:00Z`) - wanted
  }
  return new Date(guess)
}

/** A plain PDF of `pages` pages, standing in for a record the custodian found. */
async function recordPdf(title: string, pages: number): Promise<Buffer> {
  // Loaded here, not at the top: pdfkit and its fonts hold about 5 MB, which a server that never seeds a demo should not.
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: title } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  for (let page = 1; page <= pages; page += 1) {
    if (page > 1) doc.addPage()
    doc.font('Helvetica').fontSize(12).text(`${title}, page ${page} of ${pages}`)
  }
  doc.end()
  return done
}

/**
 * Public Information in the demo district: California's school holidays, an exemption library, a signatory and a
 * custodian, and a dozen requests in the situations the issue lists (received today, due tomorrow, overdue, extended,
 * clarifying, received the Friday before a Monday holiday, a partial denial with its letter, no records, fulfilled,
 * reopened, a fee pending, one naming warrants), entered through the services on a clock that walks to each step.
 */
export function recordsDemoStep(deps: {
  db: Db
  /** The audit log as the app writes it: keyed with the chain's key. */
  auditLog: AuditRepository
  finance: FinanceService
  users: UsersRepository
  usersService: UsersService
  appClock: Clock
  districtName: string
  /** The platform's mail queue: the demo's letters are delivered (or listed to mail) as any letter is. */
  mail: RecordsDeps['mail']
  appUrl: string
  secret: string
}): DemoStep {
  return async ({ actor }) => {
    const now = deps.appClock.now()
    const clock = createManualClock(now)
    const timeZone = deps.finance.districtTimeZone
    const audit = createAuditService({ audit: deps.auditLog, clock })
    const work = createRecordsWorkRepository(deps.db)
    const calendarRepository = createRecordsCalendarRepository(deps.db)
    const access = createRecordsAccess({ finance: deps.finance, isAssigned: (requestId, userId) => work.isAssigned(requestId, userId) })
    const context = createRecordsContext({
      requests: createRecordsRepository(deps.db),
      work,
      calendar: calendarRepository,
      requesters: createRecordsRequesterRepository(deps.db),
      deliveries: createRecordsDeliveriesRepository(deps.db),
      finance: deps.finance,
      access,
      audit,
      clock,
      mail: deps.mail,
      appUrl: deps.appUrl,
      districtName: deps.districtName,
      secret: deps.secret,
    })
    const records = createRecordsService(context)
    const tasks = createRecordsWorkService(context)
    const letters = createRecordsLettersService(context, { districtName: deps.districtName })
    const calendar = createRecordsCalendarService({ calendar: calendarRepository, access, audit, clock, districtTimeZone: timeZone })

    const today = localDateTime(now, timeZone).date
    const year = Number(today.slice(0, 4))
    for (const holiday of [...californiaSchoolHolidays(year - 1), ...californiaSchoolHolidays(year), ...californiaSchoolHolidays(year + 1)])
      await calendar.saveHoliday(holiday, null, null)
    const library = new Map<string, number>()
    for (const exemption of EXEMPTIONS) library.set(exemption.citation, (await calendar.addExemption(exemption, null, null)).id)

    const [orgs, roles, catalogue] = await Promise.all([
      deps.usersService.organizations(),
      deps.usersService.roles(),
      deps.db.kysely.selectFrom('applications').select(['app_id', 'app_code']).execute(),
    ])
    const appId = (code: string) => catalogue.find((app) => app.app_code === code)!.app_id
    for (const [email, fullName, duty] of [
      [SIGNATORY, 'Sam Superintendent', 'SIGNATORY'],
      [CUSTODIAN, 'Finn Custodian', 'CUSTODIAN'],
    ] as const) {
      await deps.usersService.create(
        {
          email,
          fullName,
          organizationId: orgs[0]!.org_id,
          roleId: roles.find((role) => role.role_code === 'STAFF')!.role_id,
          isActive: true,
          sendInvitation: false,
          permissions: [
            { appId: appId('DASHBOARD'), permissionLevel: 'read' },
            { appId: appId('PUBLIC_INFO'), permissionLevel: 'read' },
          ],
          duties: [{ appId: appId('PUBLIC_INFO'), duty, siteIds: null }],
        },
        actor,
        CLIENT,
      )
    }
    const person = async (email: string): Promise<AuthUser> => {
      const row = await deps.users.findByEmail(email)
      if (!row) throw new Error(`the demo person ${email} is missing`)
      return authUserOf(row, 'demo-seed', null)
    }
    const cora = await person(COORDINATOR)
    const cass = await person(COUNSEL)
    const sam = await person(SIGNATORY)
    const finn = await person(CUSTODIAN)

    const settings = await context.clockSettings()
    /** A received date whose determination falls due on `due` (or the nearest after it), at 10:00. */
    const receivedFor = (due: string) => {
      for (let back = 30; back >= 0; back -= 1) {
        const date = addDays(today, -back)
        if (determinationClock(instantAt(date, '10:00', timeZone), settings).dueOn >= due) return date
      }
      return today
    }
    const on = (date: string, time = '10:00') => clock.set(instantAt(date, time, timeZone))
    const later = (hours = 1) => clock.set(new Date(clock.now().getTime() + hours * HOUR_MS))
    const intake = async (
      receivedAt: Date,
      requesterName: string,
      requesterContact: string,
      text: string,
      channel: 'EMAIL' | 'WEB_FORM' | 'MAIL' | 'IN_PERSON' | 'PHONE' = 'EMAIL',
    ) => {
      if (clock.now().getTime() < receivedAt.getTime()) clock.set(new Date(receivedAt.getTime() + HOUR_MS / 2))
      if (clock.now().getTime() > now.getTime()) clock.set(now)
      return (await records.create({ receivedAt: receivedAt.toISOString(), channel, requesterName, requesterContact, text }, cora, CLIENT))
        .id
    }
    const pointPerson = (id: number) =>
      records.assign(id, { userId: cora.id, role: 'POINT_PERSON', reason: 'Coordinates the response', task: null }, cora, CLIENT)
    const custodian = (id: number, task: string) =>
      records.assign(id, { userId: finn.id, role: 'CUSTODIAN', reason: 'Keeps the business office files', task }, cora, CLIENT)
    const letter = async (
      id: number,
      kind: 'ACKNOWLEDGMENT' | 'DETERMINATION' | 'EXTENSION' | 'DENIAL' | 'CLOSURE',
      drafter: AuthUser,
      issue = true,
    ) => {
      const draft = await letters.draft(id, { kind, body: '' }, drafter, CLIENT)
      if (issue) await letters.issue(id, draft.id, 'Superintendent', sam, CLIENT)
    }

    // 1. Received today, acknowledgment drafted and waiting for a signature.
    const receivedToday = new Date(
      Math.min(now.getTime(), Math.max(now.getTime() - 2 * HOUR_MS, instantAt(today, '00:00', timeZone).getTime())),
    )
    on(today, '00:00')
    const first = await intake(
      receivedToday,
      'Dana Reporter',
      'dana@valleynews.example',
      'All e-mails between the superintendent and board members about the bond measure, from August 1 to October 31 this year.',
    )
    clock.set(now)
    await letter(first, 'ACKNOWLEDGMENT', cora, false)

    // 2. Due tomorrow, with a custodian searching.
    const tomorrowDate = receivedFor(addDays(today, 1))
    on(tomorrowDate)
    const dueTomorrow = await intake(
      instantAt(tomorrowDate, '09:15', timeZone),
      'Jordan Parent',
      '555-0134',
      'The contract with the school bus company and every amendment since 2022.',
      'PHONE',
    )
    later()
    await pointPerson(dueTomorrow)
    await custodian(dueTomorrow, 'Find the transportation contract and its amendments in the business office files.')

    // 3. Overdue: nobody determined it in time.
    const overdueDate = receivedFor(addDays(today, -3))
    on(overdueDate)
    const overdue = await intake(
      instantAt(overdueDate, '11:40', timeZone),
      'Lee Taxpayer',
      'lee@example.org',
      "The district's check register for September, all funds.",
      'WEB_FORM',
    )
    later()
    await pointPerson(overdue)

    // 4. Extended once, for voluminous records, with its letter.
    const extendedDate = addDays(today, -12)
    on(extendedDate)
    const extended = await intake(
      instantAt(extendedDate, '14:10', timeZone),
      'Valley Watchdog',
      'records@valleywatchdog.example',
      'Every purchase order over $10,000 issued in the last three fiscal years, with the invoices paid against them.',
    )
    later()
    await pointPerson(extended)
    await custodian(extended, 'Export purchase orders over $10,000 for three fiscal years and gather the invoices.')
    on(addDays(extendedDate, 6))
    await records.extend(extended, { reason: 'VOLUMINOUS', days: 14 }, sam, CLIENT)
    later()
    await letter(extended, 'EXTENSION', cass)

    // 5. Clarifying with the requester (the clock keeps running).
    const clarifyingDate = addDays(today, -3)
    on(clarifyingDate)
    const clarifying = await intake(
      instantAt(clarifyingDate, '16:20', timeZone),
      'M. Okafor',
      'mokafor@example.net',
      'Everything about the new stadium lights.',
      'MAIL',
    )
    on(addDays(clarifyingDate, 1))
    await records.clarify(
      clarifying,
      {
        clarifiedText: 'The stadium lighting contract, its change orders, and the board minutes approving them (2024-2026).',
        note: 'Agreed by phone with the requester.',
      },
      cora,
      CLIENT,
    )

    // 6. Received late on the Friday before a Monday holiday.
    const mondayHoliday = settings.holidays
      .map((holiday) => holiday.date)
      .filter((date) => weekdayOf(date) === 1 && addDays(date, 14) < today)
      .sort()
      .at(-1)!
    const friday = addDays(mondayHoliday, -3)
    on(friday, '16:45')
    const holidayEve = await intake(
      instantAt(friday, '16:45', timeZone),
      'R. Alvarez',
      'ralvarez@example.com',
      "The district's adopted budget and the first interim report for this fiscal year.",
      'WEB_FORM',
    )
    on(addDays(friday, 5))
    await records.determine(
      holidayEve,
      { outcome: 'DISCLOSABLE', estimatedProductionOn: addDays(friday, 8), responsible: [], exemptionIds: [] },
      sam,
      CLIENT,
    )
    later()
    await records.produce(holidayEve, 'Posted links and sent the PDFs.', cora, CLIENT)

    // 7. A partial denial with its letter: personnel pages withheld.
    const partialDate = addDays(today, -20)
    on(partialDate)
    const partial = await intake(
      instantAt(partialDate, '10:30', timeZone),
      'Citizens for Open Schools',
      // No e-mail: its letters go to the To mail list, with their envelope.
      'P.O. Box 1402, Fresno, CA 93716',
      "The investigation report on the Lincoln High athletics fund and the board's resulting action.",
    )
    later()
    await pointPerson(partial)
    await custodian(partial, 'Find the investigation report and the board action.')
    on(addDays(partialDate, 3))
    await tasks.upload(partial, 'athletics-fund-report.pdf', await recordPdf('Athletics fund investigation report', 3), finn, CLIENT)
    const document = (await records.detail(partial, cass)).documents[0]!
    await tasks.markExemption(
      partial,
      document.id,
      { fromPage: 2, toPage: 3, exemptionId: library.get('Gov. Code §7927.700')!, note: 'Names and discipline of employees' },
      cass,
      CLIENT,
    )
    on(addDays(partialDate, 6))
    await records.determine(
      partial,
      {
        outcome: 'PARTIAL',
        estimatedProductionOn: addDays(partialDate, 12),
        responsible: [
          { name: 'Cass Counsel', title: 'General Counsel' },
          { name: 'Sam Superintendent', title: 'Superintendent' },
        ],
        exemptionIds: [],
      },
      sam,
      CLIENT,
    )
    later()
    await letter(partial, 'DENIAL', cass)
    later()
    await records.produce(partial, 'Page 1 released; pages 2-3 withheld.', cora, CLIENT)

    // 8. No records.
    const noneDate = addDays(today, -25)
    on(noneDate)
    const none = await intake(
      instantAt(noneDate, '13:00', timeZone),
      'Pat Curious',
      'pat@example.org',
      'Any contract with a drone photography company.',
    )
    on(addDays(noneDate, 4))
    await records.determine(none, { outcome: 'NO_RECORDS', responsible: [], exemptionIds: [] }, sam, CLIENT)
    later()
    await letter(none, 'DETERMINATION', cora)
    later()
    await records.close(none, null, cora, CLIENT)

    // 9. Fulfilled and closed with its letter.
    const fulfilledDate = addDays(today, -40)
    on(fulfilledDate)
    const fulfilled = await intake(
      instantAt(fulfilledDate, '09:00', timeZone),
      'K. Nguyen',
      'knguyen@example.com',
      "The superintendent's employment contract and any amendments.",
      'IN_PERSON',
    )
    on(addDays(fulfilledDate, 5))
    await records.determine(
      fulfilled,
      { outcome: 'DISCLOSABLE', estimatedProductionOn: addDays(fulfilledDate, 9), responsible: [], exemptionIds: [] },
      sam,
      CLIENT,
    )
    on(addDays(fulfilledDate, 9))
    await records.produce(fulfilled, 'Sent by e-mail.', cora, CLIENT)
    later()
    await letter(fulfilled, 'DETERMINATION', cora)
    later()
    await records.close(fulfilled, 'Requester confirmed receipt.', cora, CLIENT)
    later()
    await letter(fulfilled, 'CLOSURE', cora)

    // 10. Reopened: the requester wrote back that an amendment was missing.
    const reopenedDate = addDays(today, -50)
    on(reopenedDate)
    const reopened = await intake(
      instantAt(reopenedDate, '15:00', timeZone),
      'Valley News',
      'desk@valleynews.example',
      'Board-approved settlement agreements from the last two years.',
    )
    on(addDays(reopenedDate, 6))
    await records.determine(
      reopened,
      { outcome: 'DISCLOSABLE', estimatedProductionOn: addDays(reopenedDate, 10), responsible: [], exemptionIds: [] },
      sam,
      CLIENT,
    )
    on(addDays(reopenedDate, 10))
    await records.produce(reopened, null, cora, CLIENT)
    later()
    await letter(reopened, 'DETERMINATION', cora)
    on(addDays(reopenedDate, 15))
    await records.close(reopened, null, cora, CLIENT)
    on(addDays(today, -5))
    await records.reopen(reopened, 'The requester pointed out a 2025 settlement that was not produced.', cora, CLIENT)

    // 11. A duplication fee pending.
    const feeDate = addDays(today, -15)
    on(feeDate)
    const fee = await intake(
      instantAt(feeDate, '10:00', timeZone),
      'Local Builders Association',
      'office@builders.example',
      'Paper copies of the bid packages for the gymnasium project.',
      'MAIL',
    )
    on(addDays(feeDate, 5))
    await records.determine(
      fee,
      { outcome: 'DISCLOSABLE', estimatedProductionOn: addDays(today, 5), responsible: [], exemptionIds: [] },
      sam,
      CLIENT,
    )
    later()
    await tasks.recordFee(
      fee,
      { kind: 'DUPLICATION', description: 'Paper copies, 240 pages at $0.10', quantity: 240, unitCents: 10 },
      cora,
      CLIENT,
    )
    await records.produce(fee, 'Copies made; released when the fee is paid.', cora, CLIENT)

    // 12. Naming warrants and a vendor: the fiscal search task it suggests.
    const warrantsDate = addDays(today, -4)
    on(warrantsDate)
    const warrants = await intake(
      instantAt(warrantsDate, '08:30', timeZone),
      'Acme Watch',
      'acme@example.org',
      'All warrants issued to Acme Paving and the contracts they paid, since July 1.',
    )
    later()
    await pointPerson(warrants)
    await custodian(warrants, 'Search the warrant register (accounts payable) for the warrants named')

    clock.set(now)
    return '12 public records requests'
  }
}
