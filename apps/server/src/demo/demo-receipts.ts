import type { ReceiptInput } from '@platform/contracts/receipts'
import type { Db } from '../db/database.js'
import type { AuditRepository } from '../features/audit/audit.repository.js'
import { createAuditService } from '../features/audit/audit.service.js'
import type { FinanceService } from '../features/finance/finance.service.js'
import type { SeparationService } from '../features/finance/separation.service.js'
import { createDepositsRepository } from '../features/receipts/deposits.repository.js'
import { createDepositsService } from '../features/receipts/deposits.service.js'
import { createReceiptAccess } from '../features/receipts/receipt-access.js'
import { createReceiptsRepository } from '../features/receipts/receipts.repository.js'
import { createReceiptsService } from '../features/receipts/receipts.service.js'
import type { UsersRepository } from '../features/users/users.repository.js'
import type { UsersService } from '../features/users/users.service.js'
import { DAY_MS, HOUR_MS, type Clock, createManualClock } from '../lib/clock.js'
import { type AuthUser, authUserOf } from '../plugins/access.js'
import type { DemoStep } from './demo-district.js'

const CLIENT = { ip: '127.0.0.1', userAgent: 'demo seed' }
const GENERAL = { LHS: '01-0000-0-1110-1000-8699-010', MMS: '01-0000-0-1110-1000-8699-020', RES: '01-0000-0-1110-1000-8699-030' } as const
const CAFETERIA = { LHS: '13-5310-0-0000-3700-8634-010', MMS: '13-5310-0-0000-3700-8634-020', RES: '13-5310-0-0000-3700-8634-030' } as const
const RENTAL_LHS = '01-0000-0-0000-0000-8650-010'
const PRINCIPAL = 'principal.res@demo.district.test'

const PAYERS = [
  'Booster Club',
  'Ana Ruiz',
  'Lee Family',
  'PTA',
  'Chess Club',
  'Jordan Smith',
  'Parents of K. Nguyen',
  'Community Church (gym rental)',
  'Drama Club',
  'M. Patel',
]

/**
 * Payment Receipts in the demo district: about forty receipts over the last six weeks and deposits in every state,
 * entered through the services as the demo people would, on a clock that walks forward from six weeks ago.
 * Includes a split receipt, two voids, a returned check, a deposit $5 short, a site holding cash for 9 days, and one
 * separation-of-duties exception (a small school's principal who collects and approves).
 */
export function receiptsDemoStep(deps: {
  db: Db
  /** The audit log as the app writes it: keyed with the chain's key. */
  auditLog: AuditRepository
  finance: FinanceService
  separation: SeparationService
  users: UsersRepository
  usersService: UsersService
  appClock: Clock
}): DemoStep {
  return async ({ actor, siteIds }) => {
    const end = deps.appClock.now().getTime()
    const clock = createManualClock(new Date(end - 42 * DAY_MS))
    const at = (daysAgo: number) => clock.set(new Date(end - daysAgo * DAY_MS))
    const audit = createAuditService({ audit: deps.auditLog, clock })
    const shared = {
      receipts: createReceiptsRepository(deps.db),
      deposits: createDepositsRepository(deps.db),
      finance: deps.finance,
      access: createReceiptAccess(deps.finance),
      audit,
      clock,
    }
    const receipts = createReceiptsService(shared)
    const deposits = createDepositsService(shared)

    // Roosevelt is small: its principal collects and approves, which needs an exception when the two meet.
    const [orgs, roles] = await Promise.all([deps.usersService.organizations(), deps.usersService.roles()])
    const receiptsAppId = (
      await deps.db.kysely.selectFrom('applications').select('app_id').where('app_code', '=', 'PAYMENT_RECEIPTS').executeTakeFirstOrThrow()
    ).app_id
    const dashboardAppId = (
      await deps.db.kysely.selectFrom('applications').select('app_id').where('app_code', '=', 'DASHBOARD').executeTakeFirstOrThrow()
    ).app_id
    await deps.usersService.create(
      {
        email: PRINCIPAL,
        fullName: 'Pat Principal',
        organizationId: orgs[0]!.org_id,
        roleId: roles.find((role) => role.role_code === 'STAFF')!.role_id,
        isActive: true,
        sendInvitation: false,
        permissions: [
          { appId: dashboardAppId, permissionLevel: 'read' },
          { appId: receiptsAppId, permissionLevel: 'read' },
        ],
        duties: [
          { appId: receiptsAppId, duty: 'COLLECTOR', siteIds: [siteIds.RES!] },
          { appId: receiptsAppId, duty: 'APPROVER', siteIds: [siteIds.RES!] },
        ],
      },
      actor,
      CLIENT,
    )

    const people = new Map<string, AuthUser>()
    const person = async (email: string): Promise<AuthUser> => {
      const known = people.get(email)
      if (known) return known
      const row = await deps.users.findByEmail(email)
      if (!row) throw new Error(`the demo person ${email} is missing`)
      const user = authUserOf(row, 'demo-seed', null)
      people.set(email, user)
      return user
    }
    const carla = await person('collector.lhs@demo.district.test')
    const marco = await person('collector.mms@demo.district.test')
    const cole = await person('counter@demo.district.test')
    const amy = await person('approver@demo.district.test')
    const rita = await person('reconciler@demo.district.test')
    const pat = await person(PRINCIPAL)

    let payer = 0
    let issued = 0
    const issue = async (by: AuthUser, site: 'LHS' | 'MMS' | 'RES', cents: number, extra: Partial<ReceiptInput> = {}) => {
      clock.set(new Date(clock.now().getTime() + HOUR_MS))
      issued += 1
      const tender = extra.tender ?? (cents % 3 === 0 ? 'CHECK' : 'CASH')
      return receipts.issue(
        {
          siteId: siteIds[site]!,
          payer: PAYERS[payer++ % PAYERS.length]!,
          tender,
          checkNumber: tender === 'CHECK' ? String(1000 + issued) : null,
          purpose: 'Club fees',
          amountCents: cents,
          lines: [{ account: GENERAL[site], amountCents: cents }],
          ...extra,
        },
        by,
        CLIENT,
      )
    }
    const cashOf = (cents: number) => {
      const cash: Array<{ denominationCents: number; count: number }> = []
      let rest = cents
      for (const denomination of [2000, 1000, 500, 100, 25, 1]) {
        const count = Math.floor(rest / denomination)
        if (count > 0) cash.push({ denominationCents: denomination, count })
        rest -= count * denomination
      }
      return cash
    }
    /** Gathers, then takes the deposit as far as `until`, each step by its proper person. */
    const deposit = async (
      site: 'LHS' | 'MMS' | 'RES',
      collector: AuthUser,
      ids: number[],
      until: string,
      options: { shortCents?: number; approver?: AuthUser } = {},
    ) => {
      let current = await deposits.gather({ siteId: siteIds[site]!, receiptIds: ids }, collector, CLIENT)
      const order = ['COUNTED', 'APPROVED', 'SUBMITTED', 'CONFIRMED', 'RECONCILED']
      const reach = (state: string) => order.indexOf(until) >= order.indexOf(state)
      const later = () => clock.set(new Date(clock.now().getTime() + 5 * HOUR_MS))
      if (reach('COUNTED')) {
        later()
        const expected = current.receipts.reduce((sum, receipt) => sum + receipt.amountCents!, 0)
        const checks = current.receipts
          .filter((receipt) => receipt.tender !== 'CASH')
          .map((receipt) => ({ receiptId: receipt.id, amountCents: receipt.amountCents! }))
        const cash = expected - checks.reduce((sum, check) => sum + check.amountCents, 0) - (options.shortCents ?? 0)
        const note = options.shortCents ? 'Counted twice with the collector present; a $5 bill is missing.' : null
        current = await deposits.count(
          current.id,
          { cash: cashOf(cash), checks, bagNumber: `BAG-${current.id}`, note, version: current.version },
          cole,
          CLIENT,
        )
      }
      if (reach('APPROVED')) {
        later()
        current = await deposits.approve(current.id, options.approver ?? amy, CLIENT)
      }
      if (reach('SUBMITTED')) {
        later()
        current = await deposits.submit(current.id, amy, CLIENT)
      }
      if (reach('CONFIRMED')) {
        later()
        current = await deposits.confirm(
          current.id,
          {
            treasuryReference: `CT-${current.id}-${current.label.slice(-4)}`,
            confirmedOn: new Date(clock.now().getTime() + DAY_MS).toISOString().slice(0, 10),
          },
          rita,
          CLIENT,
        )
      }
      if (reach('RECONCILED')) {
        later()
        current = await deposits.reconcile(current.id, { statementReference: 'County statement' }, rita, CLIENT)
      }
      return current
    }

    // Lincoln High: a deposit in every state.
    at(40)
    const split = await issue(carla, 'LHS', 12_550, {
      purpose: 'Yearbook and cafeteria card',
      lines: [
        { account: GENERAL.LHS, amountCents: 10_000 },
        { account: CAFETERIA.LHS, amountCents: 2550 },
      ],
    })
    const first = [
      split.id,
      (await issue(carla, 'LHS', 2500)).id,
      (await issue(carla, 'LHS', 4500)).id,
      (await issue(carla, 'LHS', 1000)).id,
      (await issue(carla, 'LHS', 2000)).id,
      (await issue(carla, 'LHS', 30_000, { purpose: 'Gym rental', lines: [{ account: RENTAL_LHS, amountCents: 30_000 }] })).id,
    ]
    await deposit('LHS', carla, first, 'RECONCILED')
    at(32)
    const bounced = await issue(carla, 'LHS', 7500, { tender: 'CHECK' })
    const second = [
      bounced.id,
      (await issue(carla, 'LHS', 1200)).id,
      (await issue(carla, 'LHS', 1800)).id,
      (await issue(carla, 'LHS', 900)).id,
    ]
    await deposit('LHS', carla, second, 'CONFIRMED')
    clock.set(new Date(clock.now().getTime() + 3 * DAY_MS))
    await receipts.recordReturnedCheck(bounced.id, 'Returned by the bank: insufficient funds (NSF).', rita, CLIENT)
    at(26)
    const mistaken = await issue(carla, 'LHS', 6000)
    await receipts.voidReceipt(mistaken.id, 'Issued twice for the same payment.', amy, CLIENT)
    at(20)
    const third = [
      (await issue(carla, 'LHS', 2000)).id,
      (await issue(carla, 'LHS', 3500)).id,
      (await issue(carla, 'LHS', 1100)).id,
      (await issue(carla, 'LHS', 2400)).id,
    ]
    await deposit('LHS', carla, third, 'SUBMITTED', { shortCents: 500 })
    at(12)
    await deposit(
      'LHS',
      carla,
      [(await issue(carla, 'LHS', 1500)).id, (await issue(carla, 'LHS', 2700)).id, (await issue(carla, 'LHS', 800)).id],
      'APPROVED',
    )
    at(5)
    await deposit(
      'LHS',
      carla,
      [(await issue(carla, 'LHS', 1300)).id, (await issue(carla, 'LHS', 2200)).id, (await issue(carla, 'LHS', 600)).id],
      'COUNTED',
    )
    at(2)
    await deposit('LHS', carla, [(await issue(carla, 'LHS', 1700)).id, (await issue(carla, 'LHS', 4200)).id], 'OPEN')
    at(1)
    await issue(carla, 'LHS', 950)
    await issue(carla, 'LHS', 3000)

    // Madison: a reconciled deposit, a void, and cash held for 9 days (past its weekly deposit).
    at(15)
    const madison = [
      (await issue(marco, 'MMS', 3300)).id,
      (await issue(marco, 'MMS', 1600, { purpose: 'Lunch account', lines: [{ account: CAFETERIA.MMS, amountCents: 1600 }] })).id,
      (await issue(marco, 'MMS', 2100)).id,
    ]
    await deposit('MMS', marco, madison, 'RECONCILED')
    const wrong = await issue(marco, 'MMS', 4000)
    await receipts.voidReceipt(wrong.id, 'Wrong payer; reissued to the right family.', amy, CLIENT)
    // The oldest of these is 9 days and an hour old when the demo starts.
    clock.set(new Date(end - 9 * DAY_MS - 2 * HOUR_MS))
    for (const cents of [1200, 2500, 900, 3100, 700, 1500]) await issue(marco, 'MMS', cents)

    // Roosevelt: the principal collected and approves under a super administrator's one-use exception.
    at(8)
    const roosevelt = await deposits.gather(
      { siteId: siteIds.RES!, receiptIds: [(await issue(pat, 'RES', 1800)).id, (await issue(marco, 'RES', 2200)).id] },
      marco,
      CLIENT,
    )
    const counted = await deposits.count(
      roosevelt.id,
      {
        cash: cashOf(1800 + 2200 - roosevelt.receipts.filter((r) => r.tender !== 'CASH').reduce((s, r) => s + r.amountCents!, 0)),
        checks: roosevelt.receipts.filter((r) => r.tender !== 'CASH').map((r) => ({ receiptId: r.id, amountCents: r.amountCents! })),
        bagNumber: 'BAG-RES-1',
        version: roosevelt.version,
        note: null,
      },
      cole,
      CLIENT,
    )
    // She is refused first (the refusal is what the super administrator's Separation of duties screen starts from).
    const refused: unknown = await deposits.approve(roosevelt.id, pat, CLIENT).then(
      () => null,
      (error: unknown) => error,
    )
    if ((refused as { code?: string } | null)?.code !== 'separation_of_duties')
      throw new Error("The demo expects Roosevelt's principal to be refused before her exception.")
    await deps.separation.recordException(
      {
        appId: receiptsAppId,
        recordId: counted.label,
        step: 'approve',
        userId: pat.id,
        reason: 'Only the principal is trained to approve at Roosevelt this month; the district office reviewed the count.',
      },
      actor,
      CLIENT,
    )
    await deposits.approve(roosevelt.id, pat, CLIENT)
    at(3)
    await issue(marco, 'RES', 1400)
    await issue(pat, 'RES', 600)

    return `${issued} receipts and 9 deposits in Payment Receipts`
  }
}
