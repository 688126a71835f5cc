import { type AccrualInput, AccrualInputSchema } from '@platform/contracts/accruals'
import { fiscalYearName } from '@platform/contracts/finance-fiscal-year'
import type { Db } from '../db/database.js'
import { createAccrualAccess } from '../features/accruals/accrual-access.js'
import { createAccrualClearingService } from '../features/accruals/accrual-clearing.service.js'
import { createAccrualCyclesService } from '../features/accruals/accrual-cycles.service.js'
import { createAccrualsRepository } from '../features/accruals/accruals.repository.js'
import { createAccrualsService } from '../features/accruals/accruals.service.js'
import type { AuditRepository } from '../features/audit/audit.repository.js'
import { createAuditService } from '../features/audit/audit.service.js'
import type { FinanceService } from '../features/finance/finance.service.js'
import type { UsersRepository } from '../features/users/users.repository.js'
import type { UsersService } from '../features/users/users.service.js'
import { HOUR_MS, type Clock, createManualClock } from '../lib/clock.js'
import { type AuthUser, authUserOf } from '../plugins/access.js'
import type { DemoStep } from './demo-district.js'

const CLIENT = { ip: '127.0.0.1', userAgent: 'demo seed' }
const SUPPLIES = { LHS: '01-0000-0-1110-1000-4300-010', MMS: '01-0000-0-1110-1000-4300-020', RES: '01-0000-0-1110-1000-4300-030' } as const
const UTILITIES = '01-0000-0-0000-0000-5500-000'
const TITLE_I = '01-3010-0-1110-1000-5800-010'
const LOTTERY = '01-1100-0-0000-0000-8560-000'
const RENT = '01-0000-0-0000-0000-8650-010'
const SUMMER_PAY = '01-0000-0-1110-1000-1100-010'
const SITE_APPROVER = 'siteapprover@demo.district.test'
const MMS_REQUESTER = 'requester.mms@demo.district.test'

type Site = 'LHS' | 'MMS' | 'RES'

/**
 * Accruals in the demo district: the cycle of the fiscal year that ended last June 30 (so its dates have passed and
 * say so), with about 25 requests in every state, entered through the services on a clock that walks from late June
 * to October as the demo people would: a June utilities estimate, a Title I consultant partly paid with a variance, a
 * lottery receivable, July rent received in advance, one returned for a missing packing slip, one rejected for goods
 * received July 3, a possible duplicate with its note, one written off.
 */
export function accrualsDemoStep(deps: {
  db: Db
  /** The audit log as the app writes it: keyed with the chain's key. */
  auditLog: AuditRepository
  finance: FinanceService
  users: UsersRepository
  usersService: UsersService
  appClock: Clock
}): DemoStep {
  return async ({ actor, siteIds }) => {
    const now = deps.appClock.now()
    const local = new Date(now.toLocaleString('en-US', { timeZone: deps.finance.districtTimeZone }))
    // The June 30 that has passed most recently: this year's once July has begun, else last year's.
    const endYear = local.getMonth() >= 6 ? local.getFullYear() : local.getFullYear() - 1
    const fiscalYear = fiscalYearName(endYear - 1)
    const day = (monthDay: string, hour = 17) => new Date(`${endYear}-${monthDay}T${String(hour).padStart(2, '0')}:00:00.000Z`)
    const clock = createManualClock(day('06-22'))
    // Never past the real present: a cycle that has just closed shows only what could have happened so far.
    const at = (monthDay: string) => clock.set(new Date(Math.min(day(monthDay).getTime(), now.getTime() - HOUR_MS)))
    const tick = () => clock.set(new Date(clock.now().getTime() + 60_000))
    const audit = createAuditService({ audit: deps.auditLog, clock })
    const shared = {
      accruals: createAccrualsRepository(deps.db),
      finance: deps.finance,
      access: createAccrualAccess(deps.finance),
      audit,
      clock,
    }
    const requests = createAccrualsService({ ...shared, listAttachments: async () => [] })
    const cycles = createAccrualCyclesService(shared)
    const clearing = createAccrualClearingService({ ...shared, requests })

    const [orgs, roles] = await Promise.all([deps.usersService.organizations(), deps.usersService.roles()])
    const appId = async (code: string) =>
      (await deps.db.kysely.selectFrom('applications').select('app_id').where('app_code', '=', code).executeTakeFirstOrThrow()).app_id
    const accrualsAppId = await appId('ACCRUALS')
    const dashboardAppId = await appId('DASHBOARD')
    const staff = roles.find((role) => role.role_code === 'STAFF')!
    const addPerson = (email: string, fullName: string, duties: Array<{ duty: string; sites: Site[] }>) =>
      deps.usersService.create(
        {
          email,
          fullName,
          organizationId: orgs[0]!.org_id,
          roleId: staff.role_id,
          isActive: true,
          sendInvitation: false,
          permissions: [
            { appId: dashboardAppId, permissionLevel: 'read' },
            { appId: accrualsAppId, permissionLevel: 'read' },
          ],
          duties: duties.map((duty) => ({ appId: accrualsAppId, duty: duty.duty, siteIds: duty.sites.map((code) => siteIds[code]!) })),
        },
        actor,
        CLIENT,
      )
    await addPerson(SITE_APPROVER, 'Sam Siteapprover', [{ duty: 'SITE_APPROVER', sites: ['LHS', 'MMS', 'RES'] }])
    await addPerson(MMS_REQUESTER, 'Mia Requester', [{ duty: 'REQUESTER', sites: ['MMS', 'RES'] }])

    const person = async (email: string): Promise<AuthUser> => {
      const row = await deps.users.findByEmail(email)
      if (!row) throw new Error(`the demo person ${email} is missing`)
      return authUserOf(row, 'demo-seed', null)
    }
    const rosa = await person('accruals@demo.district.test')
    const mia = await person(MMS_REQUESTER)
    const sam = await person(SITE_APPROVER)
    const fred = await person('fiscal@demo.district.test')

    at('06-22')
    const cycle = await cycles.create(
      {
        fiscalYear,
        cutoffOn: `${endYear}-06-30`,
        submitBy: `${endYear}-07-15`,
        lockOn: `${endYear}-07-31`,
        boardOn: `${endYear}-09-15`,
        countyOn: `${endYear}-10-15`,
        materialityCents: 50_000,
      },
      fred,
      CLIENT,
    )

    const requesterOf = (site: Site) => (site === 'LHS' ? rosa : mia)
    const file = async (site: Site, input: Partial<AccrualInput> & Pick<AccrualInput, 'vendor' | 'description' | 'amountCents'>) => {
      tick()
      const body = AccrualInputSchema.parse({
        cycleId: cycle.id,
        siteId: siteIds[site]!,
        type: 'PAYABLE',
        clearing: 'REVERSE',
        forGoods: false,
        basis: 'ACTUAL',
        lines: [{ account: SUPPLIES[site], amountCents: input.amountCents }],
        ...input,
      })
      return (await requests.create(body, requesterOf(site), CLIENT)).id
    }
    const submit = async (id: number, site: Site) => (tick(), requests.submit(id, requesterOf(site), CLIENT))
    const siteApprove = async (id: number) => (tick(), requests.siteApprove(id, sam, CLIENT))
    const approve = async (id: number) => (tick(), requests.approve(id, fred, CLIENT))
    const through = async (id: number, site: Site) => {
      await submit(id, site)
      await siteApprove(id)
      await approve(id)
    }

    // Late June and early July: the sites file.
    const utilities = await file('LHS', {
      vendor: 'Pacific Gas and Electric',
      description: 'June electricity and gas, billed in July',
      basis: 'ESTIMATE',
      basisNote: 'May bill plus 4% for the June heat wave',
      amountCents: 845_000,
      lines: [{ account: UTILITIES, amountCents: 845_000 }],
    })
    const consultant = await file('LHS', {
      vendor: 'Bright Futures Reading Consultants',
      description: 'Title I reading coaching, May 15 to June 27',
      clearing: 'PAY_AGAINST',
      servicePeriodFrom: `${endYear}-05-15`,
      servicePeriodTo: `${endYear}-06-27`,
      poNumber: 'PO-5521',
      amountCents: 1_200_000,
      lines: [{ account: TITLE_I, amountCents: 1_200_000 }],
      restrictedJustification: 'Coaching in the Title I school-wide plan, within the grant budget',
      basis: 'ESTIMATE',
      basisNote: 'Contract rate times the hours logged',
    })
    const lottery = await file('LHS', {
      type: 'RECEIVABLE',
      vendor: 'California State Lottery',
      description: 'Fourth-quarter lottery apportionment',
      clearing: 'PAY_AGAINST',
      basis: 'ESTIMATE',
      basisNote: "The state's per-ADA estimate times our P-2 ADA",
      amountCents: 2_350_000,
      lines: [{ account: LOTTERY, amountCents: 2_350_000 }],
    })
    const rent = await file('LHS', {
      type: 'UNEARNED_REVENUE',
      vendor: 'Grace Community Church',
      description: 'July gym rent received in June',
      receivedOn: `${endYear}-06-26`,
      amountCents: 180_000,
      lines: [{ account: RENT, amountCents: 180_000 }],
    })
    const summer = await file('LHS', {
      type: 'PAYROLL',
      vendor: 'Summer school teachers',
      description: 'June 16-30 summer school hours paid July 10',
      amountCents: 1_420_000,
      lines: [{ account: SUMMER_PAY, amountCents: 1_420_000 }],
    })
    const desks = await file('MMS', {
      vendor: 'School Specialty',
      description: 'Classroom desks',
      forGoods: true,
      poNumber: 'PO-4388',
      invoiceNumber: 'SS-90211',
      receivedOn: `${endYear}-06-18`,
      amountCents: 640_000,
    })
    const slipMissing = await file('MMS', {
      vendor: 'Scholastic Book Fairs',
      description: 'Library books delivered in June',
      forGoods: true,
      poNumber: 'PO-4402',
      receivedOn: `${endYear}-06-24`,
      amountCents: 210_000,
    })
    const arrivedLate = await file('RES', {
      vendor: 'Lakeshore Learning',
      description: 'Kindergarten manipulatives (services per the form)',
      poNumber: 'PO-4450',
      amountCents: 95_000,
    })
    const officeDepot = await file('LHS', {
      vendor: 'Office Depot',
      description: 'Copy paper and toner',
      forGoods: true,
      poNumber: 'PO-4410',
      invoiceNumber: 'INV-88120',
      receivedOn: `${endYear}-06-20`,
      amountCents: 312_500,
    })
    const water = await file('MMS', {
      vendor: 'City Water Department',
      description: 'June water',
      basis: 'ESTIMATE',
      basisNote: 'Same as June last year',
      amountCents: 96_000,
    })
    const buses = await file('RES', {
      vendor: 'Valley Charter Bus',
      description: 'End-of-year field trip buses, June 12',
      invoiceNumber: 'VCB-311',
      amountCents: 148_000,
    })
    const copier = await file('LHS', {
      vendor: 'Ricoh Financial',
      description: 'June copier lease and overage',
      invoiceNumber: 'RF-7731',
      amountCents: 42_500,
    })
    const chromebooks = await file('MMS', {
      vendor: 'CDW-G',
      description: 'Chromebook carts',
      forGoods: true,
      poNumber: 'PO-4391',
      invoiceNumber: 'CDW-5512',
      receivedOn: `${endYear}-06-11`,
      amountCents: 1_875_000,
    })
    const custodial = await file('RES', {
      vendor: 'Jani-King',
      description: 'June deep cleaning',
      invoiceNumber: 'JK-2207',
      amountCents: 87_500,
    })
    const stipends = await file('LHS', {
      type: 'PAYROLL',
      vendor: 'Coaches',
      description: 'Spring coaching stipends paid in July',
      amountCents: 360_000,
      lines: [{ account: SUMMER_PAY, amountCents: 360_000 }],
    })
    const printing = await file('MMS', {
      vendor: 'Minuteman Press',
      description: 'Yearbook printing',
      forGoods: true,
      invoiceNumber: 'MP-1180',
      receivedOn: `${endYear}-06-05`,
      amountCents: 512_000,
    })
    const tutoring = await file('RES', { vendor: 'Varsity Tutors', description: 'After-school tutoring in June', amountCents: 230_000 })
    const music = await file('LHS', {
      vendor: 'Music & Arts',
      description: 'Band instrument repairs',
      invoiceNumber: 'MA-4471',
      amountCents: 61_000,
    })
    const fence = await file('MMS', {
      vendor: 'Ace Fence',
      description: 'Fence repair after the June storm',
      invoiceNumber: 'AF-118',
      amountCents: 275_000,
    })
    const draftOne = await file('RES', { vendor: 'Staples', description: 'Office supplies (draft)', amountCents: 34_000 })
    const draftTwo = await file('LHS', { vendor: 'Amazon Business', description: 'Science lab supplies (draft)', amountCents: 28_900 })
    const draftThree = await file('MMS', { vendor: 'Home Depot', description: 'Custodial supplies (draft)', amountCents: 41_250 })
    const withdrawn = await file('MMS', { vendor: 'Dell', description: 'Monitors: billed in June, already paid', amountCents: 99_000 })
    const small = await file('RES', { vendor: 'Local Florist', description: 'Promotion ceremony flowers', amountCents: 12_500 })

    at('07-08')
    for (const [id, site] of [
      [utilities, 'LHS'],
      [consultant, 'LHS'],
      [lottery, 'LHS'],
      [rent, 'LHS'],
      [summer, 'LHS'],
      [desks, 'MMS'],
      [officeDepot, 'LHS'],
      [chromebooks, 'MMS'],
      [custodial, 'RES'],
      [stipends, 'LHS'],
      [printing, 'MMS'],
      [copier, 'LHS'],
    ] as const) {
      await through(id, site)
    }
    at('07-09')
    // Filed after the first was approved: the server shows it as a possible duplicate, and the note lets it go on.
    const duplicate = await file('LHS', {
      vendor: 'Office Depot',
      description: 'Copy paper and toner, second delivery',
      forGoods: true,
      poNumber: 'PO-4410',
      invoiceNumber: 'INV-88120',
      receivedOn: `${endYear}-06-27`,
      amountCents: 312_500,
      duplicateNote: 'A second delivery billed on the same invoice number by the vendor; confirmed with Office Depot',
    })
    at('07-10')
    await submit(slipMissing, 'MMS')
    await requests.returnToRequester(
      slipMissing,
      'The packing slip is missing: attach it so we can see the books arrived by June 30',
      sam,
      CLIENT,
    )
    await submit(arrivedLate, 'RES')
    await siteApprove(arrivedLate)
    tick()
    await requests.reject(
      arrivedLate,
      'The packing slip shows the goods arrived July 3, after the cut-off: they belong to the next fiscal year',
      fred,
      CLIENT,
    )
    await submit(withdrawn, 'MMS')
    tick()
    await requests.withdraw(withdrawn, mia, CLIENT)
    at('07-14')
    for (const [id, site] of [
      [duplicate, 'LHS'],
      [water, 'MMS'],
      [buses, 'RES'],
      [tutoring, 'RES'],
      [music, 'LHS'],
      [fence, 'MMS'],
      [small, 'RES'],
    ] as const)
      await submit(id, site)
    for (const id of [water, buses, music, fence]) await siteApprove(id)

    // August: the controller posts the journal; two more approvals wait for the next one.
    at('08-04')
    await cycles.postJournal(cycle.id, fred, CLIENT)
    at('08-06')
    await approve(water)
    await approve(buses)

    // Payments and receipts clear the posted accruals through the autumn.
    const pay = async (monthDay: string, id: number, reference: string, amountCents: number, varianceReason: string | null = null) => {
      at(monthDay)
      const paidOn = clock.now().toISOString().slice(0, 10)
      await clearing.liquidate(id, { paidOn, reference, amountCents, varianceReason }, fred, CLIENT)
    }
    await pay('08-10', utilities, 'WARRANT 118842', 861_240, 'The June heat wave ran longer than the estimate allowed')
    await pay('08-12', consultant, 'WARRANT 119305', 900_000, 'First of two invoices: the coaching hours of May and early June')
    await pay('08-15', desks, 'WARRANT 119377', 640_000)
    await pay('08-20', chromebooks, 'WARRANT 119410', 1_800_000, 'Short shipment: two carts were never delivered')
    await pay('08-25', officeDepot, 'WARRANT 118990', 150_000, 'Partial invoice; the rest of the toner is billed separately')
    await pay('09-22', lottery, 'COUNTY DEPOSIT 2291', 2_350_000)
    at('10-01')
    await clearing.writeOff(chromebooks, 'CDW-G credited the rest for a short shipment; nothing more will be billed', fred, CLIENT)

    void [rent, summer, custodial, stipends, printing, copier, tutoring, draftOne, draftTwo, draftThree, slipMissing, small]
    return `the ${fiscalYear} accrual cycle with 25 requests in Accruals`
  }
}
