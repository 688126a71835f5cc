import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type AccrualsPerson, accrualBody, draft, reviewTeam, setUpAccruals, step, stepOk } from '../../../test/accruals.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('accruals: the review steps and who takes each (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpAccruals>>
  let team: Awaited<ReturnType<typeof reviewTeam>>
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpAccruals(t)
    team = await reviewTeam(setup)
  })
  afterEach(() => t.close())

  const submitted = async () => {
    const { id } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    await stepOk(t, team.requester.token, id, 'submit')
    return id
  }
  const siteApproved = async () => {
    const id = await submitted()
    await stepOk(t, team.siteApprover.token, id, 'site-approve')
    return id
  }
  const stateOf = async (id: number) =>
    (await t.db.kysely.selectFrom('accruals').select('state').where('accrual_id', '=', id).executeTakeFirstOrThrow()).state

  it('walks DRAFT → SUBMITTED → SITE_APPROVED → APPROVED, each step audited and shown in the history', async () => {
    const { id, state } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    expect(state).toBe('DRAFT')
    expect((await stepOk(t, team.requester.token, id, 'submit')).state).toBe('SUBMITTED')
    expect((await stepOk(t, team.siteApprover.token, id, 'site-approve')).state).toBe('SITE_APPROVED')
    const done = await step(t, team.reviewer.token, id, 'approve')
    expect(done.statusCode).toBe(200)
    const data = done.json().data
    expect(data.state).toBe('APPROVED')
    expect(data.history.map((entry: { action: string }) => entry.action)).toEqual([
      'accruals.drafted',
      'accruals.submit',
      'accruals.site_approve',
      'accruals.approve',
    ])
    expect(data.siteApproverName).not.toBeNull()
    expect(data.approverName).not.toBeNull()
  })

  it('a returned request goes back to its requester with the reason, is edited as a new version, and goes round again', async () => {
    const id = await siteApproved()
    const returned = await step(t, team.reviewer.token, id, 'return', { reason: 'The packing slip is missing' })
    expect(returned.statusCode).toBe(200)
    expect(returned.json().data).toMatchObject({ state: 'RETURNED', lastReason: 'The packing slip is missing', siteApproverName: null })
    const edited = await t.request({
      method: 'PUT',
      url: `/api/accruals/${id}`,
      token: team.requester.token,
      payload: accrualBody(setup.cycleId, setup.siteId, { description: 'Supplies, packing slip attached' }),
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().data.version).toBe(2)
    expect(
      edited
        .json()
        .data.versions.map((version: { version: number; content: { description: string } }) => [
          version.version,
          version.content.description,
        ]),
    ).toEqual([
      [1, 'Classroom supplies delivered in June'],
      [2, 'Supplies, packing slip attached'],
    ])
    await stepOk(t, team.requester.token, id, 'submit')
    await stepOk(t, team.siteApprover.token, id, 'site-approve')
    expect((await stepOk(t, team.reviewer.token, id, 'approve')).state).toBe('APPROVED')
  })

  it('return and reject need a reason', async () => {
    const id = await submitted()
    for (const name of ['return', 'reject']) {
      const answer = await step(t, team.siteApprover.token, id, name, { reason: '' })
      expect(answer.statusCode).toBe(400)
      expect(answer.json().error).toContain('reason')
    }
    expect(await stateOf(id)).toBe('SUBMITTED')
  })

  describe('each cell of the duty table', () => {
    // [step, state it starts from, who may, who may not (by duty or part) and the code they get, payload]
    type Who =
      | 'requester'
      | 'otherRequester'
      | 'siteApprover'
      | 'reviewer'
      | 'viewer'
      | 'controller'
      | 'requesterAsApprover'
      | 'siteApproverAsReviewer'
      | 'otherSiteApprover'
    // A refusal's status follows from its code.
    const statusOf = { duty_required: 403, not_holder: 403, separation_of_duties: 422, not_found: 404 } as const
    interface Cell {
      step: string
      from: 'draft' | 'submitted' | 'siteApproved'
      allowed: Who[]
      refused: Array<[Who, keyof typeof statusOf]>
      payload?: Record<string, unknown>
      to: string
    }
    // Returning and rejecting are the same decision with two outcomes: from each state the same people may take both,
    // each with its reason.
    const sendingBack = (
      from: Cell['from'],
      allowed: Who[],
      refused: Cell['refused'],
      reasons: { return: string; reject: string },
    ): Cell[] => [
      { step: 'return', from, allowed, refused, payload: { reason: reasons.return }, to: 'RETURNED' },
      { step: 'reject', from, allowed, refused, payload: { reason: reasons.reject }, to: 'REJECTED' },
    ]
    const cells: Cell[] = [
      {
        step: 'submit',
        from: 'draft',
        // Only the request's holder (its drafter here): another requester at the site may not send it on.
        allowed: ['requester'],
        refused: [
          ['otherRequester', 'not_holder'],
          ['siteApprover', 'duty_required'],
          ['reviewer', 'duty_required'],
          ['viewer', 'duty_required'],
          ['otherSiteApprover', 'not_found'],
        ],
        to: 'SUBMITTED',
      },
      {
        step: 'withdraw',
        from: 'submitted',
        allowed: ['requester'],
        refused: [
          ['otherRequester', 'not_holder'],
          ['siteApprover', 'duty_required'],
          ['viewer', 'duty_required'],
          ['controller', 'duty_required'],
        ],
        to: 'WITHDRAWN',
      },
      {
        step: 'site-approve',
        from: 'submitted',
        allowed: ['siteApprover'],
        refused: [
          ['requester', 'duty_required'],
          ['reviewer', 'duty_required'],
          ['requesterAsApprover', 'separation_of_duties'],
          ['viewer', 'duty_required'],
          ['otherSiteApprover', 'not_found'],
        ],
        to: 'SITE_APPROVED',
      },
      ...sendingBack(
        'submitted',
        ['siteApprover'],
        [
          ['reviewer', 'duty_required'],
          ['requesterAsApprover', 'separation_of_duties'],
        ],
        { return: 'Needs the invoice', reject: 'Not an accrual' },
      ),
      {
        step: 'approve',
        from: 'siteApproved',
        allowed: ['reviewer'],
        refused: [
          ['siteApprover', 'duty_required'],
          ['requester', 'duty_required'],
          ['requesterAsApprover', 'separation_of_duties'],
          ['siteApproverAsReviewer', 'separation_of_duties'],
          ['viewer', 'duty_required'],
        ],
        to: 'APPROVED',
      },
      ...sendingBack(
        'siteApproved',
        ['reviewer'],
        [
          ['siteApprover', 'duty_required'],
          ['requesterAsApprover', 'separation_of_duties'],
          ['siteApproverAsReviewer', 'separation_of_duties'],
        ],
        { return: 'Estimate too high', reject: 'Belongs to next year' },
      ),
    ]

    for (const cell of cells) {
      it(`${cell.step} from ${cell.from}: ${cell.allowed.join(', ')} may; ${cell.refused.map(([who]) => who).join(', ')} may not`, async () => {
        // The requester holds every duty here too (requesterAsApprover), and the site approver holds the reviewer's duty
        // too (siteApproverAsReviewer): duties alone never let them act on their own work.
        const requesterAsApprover = await setup.person(['REQUESTER', 'SITE_APPROVER', 'FISCAL_REVIEWER'])
        const siteApproverAsReviewer = await setup.person(['SITE_APPROVER', 'FISCAL_REVIEWER'])
        const people: Record<Who, AccrualsPerson> = {
          requester: team.requester,
          otherRequester: await setup.person(['REQUESTER']),
          siteApprover: team.siteApprover,
          reviewer: team.reviewer,
          viewer: team.viewer,
          controller: await setup.person(['CONTROLLER']),
          requesterAsApprover,
          siteApproverAsReviewer,
          otherSiteApprover: await setup.person(['SITE_APPROVER', 'FISCAL_REVIEWER', 'REQUESTER'], [setup.otherSiteId]),
        }
        const author = cell.refused.some(([who]) => who === 'requesterAsApprover') ? requesterAsApprover : team.requester
        const approver = cell.refused.some(([who]) => who === 'siteApproverAsReviewer') ? siteApproverAsReviewer : team.siteApprover
        for (const allowed of cell.allowed) {
          const { id } = await draft(
            t,
            author.token,
            accrualBody(setup.cycleId, setup.siteId, { vendor: `Vendor ${allowed}`, poNumber: null, invoiceNumber: null }),
          )
          if (cell.from !== 'draft') await stepOk(t, author.token, id, 'submit')
          if (cell.from === 'siteApproved') await stepOk(t, approver.token, id, 'site-approve')
          for (const [who, code] of cell.refused) {
            const answer = await step(t, people[who].token, id, cell.step, cell.payload)
            expect(answer.statusCode, `${who} ${cell.step}`).toBe(statusOf[code])
            expect(answer.json().code, `${who} ${cell.step}`).toBe(code)
          }
          const before = await stateOf(id)
          const answer = await step(t, people[allowed].token, id, cell.step, cell.payload)
          expect(answer.statusCode, `${allowed} ${cell.step}: ${answer.body}`).toBe(200)
          expect(answer.json().data.state).toBe(cell.to)
          expect(before).not.toBe(cell.to)
        }
      })
    }
  })

  it("the separation refusal is audited, and a super administrator's exception lets that one person take that one step once", async () => {
    const selfApprover = await setup.person(['REQUESTER', 'SITE_APPROVER'])
    const { id } = await draft(t, selfApprover.token, accrualBody(setup.cycleId, setup.siteId))
    await stepOk(t, selfApprover.token, id, 'submit')
    const refused = await step(t, selfApprover.token, id, 'site-approve')
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error).toContain(
      `You drafted and submitted request #${id}, so another person with the Site approver duty must site-approve it.`,
    )
    const other = await t.signIn('admin@example.org')
    // The seeded administrator is a super administrator: they record the exception for the self-approver.
    const exception = await t.request({
      method: 'POST',
      url: '/api/finance/exceptions',
      token: other,
      payload: {
        appId: setup.appId,
        recordId: String(id),
        step: 'site-approve',
        userId: selfApprover.userId,
        reason: 'Sole approver at the site this week',
      },
    })
    expect(exception.statusCode).toBe(201)
    expect((await stepOk(t, selfApprover.token, id, 'site-approve')).state).toBe('SITE_APPROVED')
    const detail = await t.request({ method: 'GET', url: `/api/accruals/${id}`, token: selfApprover.token })
    expect(detail.json().data.history.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['finance.separation_refused', 'finance.separation_exception_used', 'accruals.site_approve']),
    )
  })

  it('a step out of order or taken twice is a 409 that says so, and changes nothing', async () => {
    const { id } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    const early = await step(t, team.reviewer.token, id, 'approve')
    expect(early.statusCode).toBe(409)
    expect(early.json()).toMatchObject({ code: 'wrong_state' })
    expect(early.json().error).toContain('must be site approved')
    await stepOk(t, team.requester.token, id, 'submit')
    const twice = await step(t, team.requester.token, id, 'submit')
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ code: 'already_done' })
    await stepOk(t, team.siteApprover.token, id, 'site-approve')
    await stepOk(t, team.reviewer.token, id, 'approve')
    const again = await step(t, team.reviewer.token, id, 'approve')
    expect(again.json()).toMatchObject({ code: 'already_done' })
    const late = await step(t, team.requester.token, id, 'withdraw')
    expect(late.statusCode).toBe(409)
    expect(await stateOf(id)).toBe('APPROVED')
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'accruals:request')
      .where('target_id', '=', String(id))
      .execute()
    expect(audited.map((row) => row.action)).toEqual(['accruals.drafted', 'accruals.submit', 'accruals.site_approve', 'accruals.approve'])
  })

  it('a step whose audit row cannot be written does not happen (the step and its row commit together)', async () => {
    const head = await t.db.kysely.selectFrom('audit_chain_head').selectAll().executeTakeFirstOrThrow()
    const { id } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    // Without its head row the chain cannot be appended to: the append fails inside the step's transaction.
    await t.db.kysely.deleteFrom('audit_chain_head').execute()
    expect((await step(t, team.requester.token, id, 'submit')).statusCode).toBe(500)
    expect(await stateOf(id)).toBe('DRAFT')
    const drafted = await t.request({
      method: 'POST',
      url: '/api/accruals',
      token: team.requester.token,
      payload: accrualBody(setup.cycleId, setup.siteId, { vendor: 'Not kept', poNumber: null, invoiceNumber: null }),
    })
    expect(drafted.statusCode).toBe(500)
    const edited = await t.request({
      method: 'PUT',
      url: `/api/accruals/${id}`,
      token: team.requester.token,
      payload: accrualBody(setup.cycleId, setup.siteId, { description: 'Not kept' }),
    })
    expect(edited.statusCode).toBe(500)
    await t.db.kysely.insertInto('audit_chain_head').values(head).execute()
    expect(await t.db.kysely.selectFrom('accruals').select(['accrual_id', 'version', 'description']).execute()).toEqual([
      { accrual_id: id, version: 1, description: 'Classroom supplies delivered in June' },
    ])
    expect(await t.db.kysely.selectFrom('accrual_versions').select('version').execute()).toEqual([{ version: 1 }])
    expect((await stepOk(t, team.requester.token, id, 'submit')).state).toBe('SUBMITTED')
  })

  it('two approvals at once: one wins, the other is told it was already done', async () => {
    const id = await siteApproved()
    const secondReviewer = await setup.person(['FISCAL_REVIEWER'])
    const answers = await Promise.all([step(t, team.reviewer.token, id, 'approve'), step(t, secondReviewer.token, id, 'approve')])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const audited = await t.db.kysely.selectFrom('audit_log').select('action').where('action', '=', 'accruals.approve').execute()
    expect(audited).toHaveLength(1)
  })

  it('views: requesters, approvers and viewers see their site; administrators every site; others get 404', async () => {
    const id = await submitted()
    for (const who of [team.requester, team.siteApprover, team.reviewer, team.viewer]) {
      expect((await t.request({ method: 'GET', url: `/api/accruals/${id}`, token: who.token })).statusCode).toBe(200)
    }
    expect((await t.request({ method: 'GET', url: `/api/accruals/${id}`, token: setup.admin })).statusCode).toBe(200)
    const elsewhere = await setup.person(['VIEWER'], [setup.otherSiteId])
    expect((await t.request({ method: 'GET', url: `/api/accruals/${id}`, token: elsewhere.token })).statusCode).toBe(404)
    const list = await t.request({ method: 'GET', url: '/api/accruals', token: elsewhere.token })
    expect(list.json().pagination.total).toBe(0)
    const noApp = await t.createUser({})
    const outsider = await t.signIn(noApp.email)
    expect((await t.request({ method: 'GET', url: `/api/accruals/${id}`, token: outsider })).statusCode).toBe(403)
    // The screens show only the steps the person may take.
    const asApprover = await t.request({ method: 'GET', url: `/api/accruals/${id}`, token: team.siteApprover.token })
    expect(asApprover.json().data.actions).toMatchObject({
      siteApprove: true,
      approve: false,
      return: true,
      reject: true,
      withdraw: false,
      edit: false,
    })
    const asRequester = await t.request({ method: 'GET', url: `/api/accruals/${id}`, token: team.requester.token })
    expect(asRequester.json().data.actions).toMatchObject({ siteApprove: false, withdraw: true })
  })
})
