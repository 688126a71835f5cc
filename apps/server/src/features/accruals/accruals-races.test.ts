import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccrualsPerson, accrualBody, draft, reviewTeam, setUpAccruals, stepOk } from '../../../test/accruals.js'
import type { TestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { type TwoInstances, raceTries, startTwoInstances } from '../../../test/two-instances.js'

/**
 * The races an auditor would try, on two instances sharing one database: the same step sent to both at the same moment, or two
 * steps from one state. Whatever the timing, no answer is a 500, and no state is left by two steps: the loser is told
 * in words (409) and its step left no trace (no audit row, no part played).
 */
describe.each(testDialects())('accruals: steps that cannot race, on two instances (%s)', (dialect) => {
  let two: TwoInstances
  let setup: Awaited<ReturnType<typeof setUpAccruals>>
  let team: Awaited<ReturnType<typeof reviewTeam>>
  let secondReviewer: AccrualsPerson
  let tries = 0
  beforeAll(async () => {
    two = await startTwoInstances({ dialect })
    // Late July (before the cycle locks): sessions signed in now last the whole file.
    two.clock.set(new Date('2026-07-20T17:00:00.000Z'))
    // The test helpers drive one platform: here instance a, with the people both instances share.
    const t = {
      request: two.a.request,
      signIn: two.signIn,
      createUser: two.createUser,
      db: two.a.db,
      clock: two.clock,
    } as unknown as TestApp
    setup = await setUpAccruals(t)
    team = await reviewTeam(setup)
    secondReviewer = await setup.person(['FISCAL_REVIEWER'])
    tries = raceTries(dialect)
    // Two connections of one process on one SQLite file: a connection waiting for the other's write lock sleeps on the
    // thread the other needs to finish, so a wait there can only end busy. Each waits briefly, as a writer in another
    // process would, and the step's transaction is tried again (accruals.repository.ts).
    if (dialect === 'sqlite') for (const instance of [two.a, two.b]) await sql`pragma busy_timeout = 20`.execute(instance.db.kysely)
  }, 120_000)
  afterAll(() => two?.close())

  const t = () => ({ request: two.a.request }) as unknown as TestApp
  let vendor = 0
  const newDraft = async () => {
    vendor += 1
    const body = accrualBody(setup.cycleId, setup.siteId, { vendor: `Race vendor ${vendor}`, poNumber: null, invoiceNumber: null })
    return (await draft(t(), team.requester.token, body)).id
  }
  const siteApproved = async () => {
    const id = await newDraft()
    await stepOk(t(), team.requester.token, id, 'submit')
    await stepOk(t(), team.siteApprover.token, id, 'site-approve')
    return id
  }
  const rowOf = (id: number) =>
    two.a.db.kysely.selectFrom('accruals').select(['state', 'version']).where('accrual_id', '=', id).executeTakeFirstOrThrow()
  const auditedSteps = async (id: number) =>
    (
      await two.a.db.kysely
        .selectFrom('audit_log')
        .select('action')
        .where('target_type', '=', 'accruals:request')
        .where('target_id', '=', String(id))
        .orderBy('audit_id')
        .execute()
    ).map((row) => row.action)
  const partsOf = async (id: number, part: string) =>
    (
      await two.a.db.kysely
        .selectFrom('finance_participants')
        .select('user_id')
        .where('app_code', '=', 'ACCRUALS')
        .where('record_id', '=', String(id))
        .where('part', '=', part)
        .execute()
    ).map((row) => row.user_id)
  const statusesOk = (statuses: number[]) => {
    for (const status of statuses) expect([200, 409]).toContain(status)
  }

  it('an edit saved against version 1 while a submit moves the request: one of them, or the edit then the submit; never a 500', async () => {
    const seen = new Set<string>()
    for (let attempt = 0; attempt < tries; attempt += 1) {
      const id = await newDraft()
      const body = { ...accrualBody(setup.cycleId, setup.siteId, { vendor: `Race vendor ${vendor}`, poNumber: null, invoiceNumber: null }) }
      const [edit, submit] = await Promise.all([
        two.a.request({
          method: 'PUT',
          url: `/api/accruals/${id}`,
          token: team.requester.token,
          payload: { ...body, description: 'Changed at the last moment', version: 1 },
        }),
        two.b.request({ method: 'POST', url: `/api/accruals/${id}/submit`, token: team.requester.token }),
      ])
      statusesOk([edit.statusCode, submit.statusCode])
      const row = await rowOf(id)
      const steps = await auditedSteps(id)
      seen.add(`${edit.statusCode}/${submit.statusCode}`)
      if (edit.statusCode === 409) {
        expect(edit.json().error).toMatch(/changed while you edited it|is submitted: only a draft or a returned request is edited/)
        expect(submit.statusCode).toBe(200)
        expect(row).toEqual({ state: 'SUBMITTED', version: 1 })
        expect(steps).toEqual(['accruals.drafted', 'accruals.submit'])
      } else if (submit.statusCode === 409) {
        expect(submit.json().error).toMatch(/changed while you were on it/)
        expect(row).toEqual({ state: 'DRAFT', version: 2 })
        expect(steps).toEqual(['accruals.drafted', 'accruals.edited'])
      } else {
        // Both: the edit came first, and what was submitted is the edited version.
        expect(row).toEqual({ state: 'SUBMITTED', version: 2 })
        expect(steps).toEqual(['accruals.drafted', 'accruals.edited', 'accruals.submit'])
      }
    }
    expect([...seen].every((pair) => ['200/409', '409/200', '200/200'].includes(pair))).toBe(true)
  }, 600_000)

  it('two approvals at once on two instances: one approves, the other is told; one audit row, one approver', async () => {
    for (let attempt = 0; attempt < tries; attempt += 1) {
      const id = await siteApproved()
      const answers = await Promise.all([
        two.a.request({ method: 'POST', url: `/api/accruals/${id}/approve`, token: team.reviewer.token }),
        two.b.request({ method: 'POST', url: `/api/accruals/${id}/approve`, token: secondReviewer.token }),
      ])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
      expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toMatch(/already approved|changed while you were on it/)
      expect((await rowOf(id)).state).toBe('APPROVED')
      expect((await auditedSteps(id)).filter((action) => action === 'accruals.approve')).toHaveLength(1)
      expect(await partsOf(id, 'approved')).toHaveLength(1)
    }
  }, 600_000)

  it('an approval and a withdrawal at once: exactly one of them, in the state it leaves', async () => {
    const won = { approve: 0, withdraw: 0 }
    for (let attempt = 0; attempt < tries; attempt += 1) {
      const id = await siteApproved()
      const [approve, withdraw] = await Promise.all([
        two.a.request({ method: 'POST', url: `/api/accruals/${id}/approve`, token: team.reviewer.token }),
        two.b.request({ method: 'POST', url: `/api/accruals/${id}/withdraw`, token: team.requester.token }),
      ])
      expect([approve.statusCode, withdraw.statusCode].sort()).toEqual([200, 409])
      const winner = approve.statusCode === 200 ? 'approve' : 'withdraw'
      won[winner] += 1
      expect((await rowOf(id)).state).toBe(winner === 'approve' ? 'APPROVED' : 'WITHDRAWN')
      const steps = await auditedSteps(id)
      expect(steps.filter((action) => action === 'accruals.approve' || action === 'accruals.withdraw')).toEqual([`accruals.${winner}`])
      expect(await partsOf(id, winner === 'approve' ? 'withdrawn' : 'approved')).toEqual([])
    }
    expect(won.approve + won.withdraw).toBe(tries)
  }, 600_000)
  it('two liquidations of what is open at once: one clears it, the other is told; one payment recorded', async () => {
    const controllers = [await setup.person(['CONTROLLER']), await setup.person(['CONTROLLER'])]
    for (let attempt = 0; attempt < tries; attempt += 1) {
      const id = await siteApproved()
      await stepOk(t(), team.reviewer.token, id, 'approve')
      const posted = await two.a.request({
        method: 'POST',
        url: `/api/accrual-cycles/${setup.cycleId}/journal`,
        token: setup.controller.token,
      })
      expect(posted.statusCode).toBe(200)
      const payload = { paidOn: '2026-07-15', reference: `W-${attempt}`, amountCents: 250_000 }
      const answers = await Promise.all([
        two.a.request({ method: 'POST', url: `/api/accruals/${id}/liquidations`, token: controllers[0]!.token, payload }),
        two.b.request({ method: 'POST', url: `/api/accruals/${id}/liquidations`, token: controllers[1]!.token, payload }),
      ])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
      const paid = await two.a.db.kysely.selectFrom('accrual_liquidations').select('amount_cents').where('accrual_id', '=', id).execute()
      expect(paid.map((row) => Number(row.amount_cents))).toEqual([250_000])
      expect((await rowOf(id)).state).toBe('LIQUIDATED')
    }
  }, 600_000)

  it("a change of a cycle's dates and a posting at once: the journal is dated by the dates it was posted under, and they stay", async () => {
    const outcomes = { changedFirst: 0, postedFirst: 0 }
    for (let attempt = 0; attempt < Math.min(tries, 30); attempt += 1) {
      const start = 2030 + attempt
      const fiscalYear = `${start}-${String((start + 1) % 100).padStart(2, '0')}`
      const dates = {
        fiscalYear,
        cutoffOn: `${start + 1}-06-30`,
        submitBy: `${start + 1}-07-15`,
        lockOn: `${start + 1}-07-31`,
        boardOn: `${start + 1}-09-15`,
        countyOn: `${start + 1}-10-15`,
        materialityCents: 100,
      }
      const cycle = await two.a.request({ method: 'POST', url: '/api/accrual-cycles', token: setup.controller.token, payload: dates })
      expect(cycle.statusCode, cycle.body).toBe(201)
      const cycleId = cycle.json().data.id as number
      vendor += 1
      const body = accrualBody(cycleId, setup.siteId, { vendor: `Cycle vendor ${vendor}`, poNumber: null, invoiceNumber: null })
      const { id } = await draft(t(), team.requester.token, body)
      await stepOk(t(), team.requester.token, id, 'submit')
      await stepOk(t(), team.siteApprover.token, id, 'site-approve')
      await stepOk(t(), team.reviewer.token, id, 'approve')
      const [change, journal] = await Promise.all([
        two.a.request({
          method: 'PUT',
          url: `/api/accrual-cycles/${cycleId}`,
          token: setup.controller.token,
          payload: { ...dates, cutoffOn: `${start + 1}-06-29` },
        }),
        two.b.request({ method: 'POST', url: `/api/accrual-cycles/${cycleId}/journal`, token: setup.controller.token }),
      ])
      expect(journal.statusCode).toBe(200)
      expect([200, 409]).toContain(change.statusCode)
      const stored = await two.a.db.kysely
        .selectFrom('accrual_cycles')
        .select('cutoff_on')
        .where('cycle_id', '=', cycleId)
        .executeTakeFirstOrThrow()
      expect(stored.cutoff_on).toBe(change.statusCode === 200 ? `${start + 1}-06-29` : `${start + 1}-06-30`)
      expect(journal.body).toContain(`,ACCRUAL,${stored.cutoff_on},`)
      outcomes[change.statusCode === 200 ? 'changedFirst' : 'postedFirst'] += 1
    }
    expect(outcomes.changedFirst + outcomes.postedFirst).toBe(Math.min(tries, 30))
  }, 600_000)
})
