import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { accrualBody, approved, draft, reviewTeam, setUpAccruals, stepOk } from '../../../test/accruals.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('accruals: My queue and e-mails (%s)', (dialect) => {
  let smtp: SmtpPeer
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpAccruals>>
  let team: Awaited<ReturnType<typeof reviewTeam>>
  beforeAll(async () => {
    smtp = await startSmtpPeer()
  })
  afterAll(() => smtp.close())
  beforeEach(async () => {
    t = await buildTestApp({ dialect, smtp })
    setup = await setUpAccruals(t)
    team = await reviewTeam(setup)
  })
  afterEach(() => t.close())

  const mailsTo = (to: string, subject: string) =>
    smtp.inbox.filter((message) => message.to.includes(to) && message.subject.startsWith(subject))
  async function delivered(to: string, subject: string, count = 1) {
    await t.mailQueue.processDue()
    for (let waited = 0; mailsTo(to, subject).length < count && waited < 50; waited += 1)
      await new Promise((resolve) => setTimeout(resolve, 100))
    return mailsTo(to, subject)
  }
  const queue = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/my-queue', token })).json().data as Array<{
      key: string
      title: string
      appCode: string
      href: string
    }>

  it('requests to approve reach the next reviewer in My queue and by e-mail; never the requester', async () => {
    const { id } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    await stepOk(t, team.requester.token, id, 'submit')
    expect((await queue(team.siteApprover.token)).map((item) => item.key)).toContain(`ACCRUALS:accrual:${id}:site-approve`)
    expect((await queue(team.reviewer.token)).filter((item) => item.appCode === 'ACCRUALS')).toEqual([])
    const toApprove = await delivered(team.siteApprover.email, 'To approve: accrual #')
    expect(toApprove).toHaveLength(1)
    expect(toApprove[0]!.text).toContain(`/apps/accruals/requests/${id}`)
    await stepOk(t, team.siteApprover.token, id, 'site-approve')
    expect((await queue(team.reviewer.token)).map((item) => item.key)).toContain(`ACCRUALS:accrual:${id}:approve`)
    expect(await delivered(team.reviewer.email, 'To approve: accrual #')).toHaveLength(1)
    expect(mailsTo(team.requester.email, 'To approve')).toHaveLength(0)
  })

  it("a returned request is in its requester's queue and e-mailed to them with the reason", async () => {
    const { id } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    await stepOk(t, team.requester.token, id, 'submit')
    await stepOk(t, team.siteApprover.token, id, 'return', { reason: 'The packing slip is missing' })
    expect(await queue(team.requester.token)).toContainEqual(
      expect.objectContaining({
        title: 'Correct and resubmit accrual #' + id + ' (Office Depot, $2,500.00)',
        // Opens the edit form, which the request's page offers its holder now.
        href: `/apps/accruals/requests/${id}/edit`,
      }),
    )
    const page = (await t.request({ method: 'GET', url: `/api/accruals/${id}`, token: team.requester.token })).json().data
    expect(page.actions).toMatchObject({ edit: true, submit: true })
    const returned = await delivered(team.requester.email, 'Returned to you')
    expect(returned).toHaveLength(1)
    expect(returned[0]!.text).toContain('The packing slip is missing')
  })

  it('the deadline: drafts show in My queue and are e-mailed once, three days ahead', async () => {
    await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    expect((await queue(team.requester.token)).filter((item) => item.appCode === 'ACCRUALS')).toEqual([])
    await t.maintenance()
    await t.mailQueue.processDue()
    expect(mailsTo(team.requester.email, 'Accruals for 2025-26')).toHaveLength(0)
    t.clock.set(new Date('2026-07-12T16:00:00.000Z'))
    const token = await t.signIn(team.requester.email)
    expect((await queue(token)).map((item) => item.title)).toEqual([expect.stringMatching(/^Submit accrual #\d+/)])
    await t.maintenance()
    await t.maintenance()
    const reminders = await delivered(team.requester.email, 'Accruals for 2025-26 are due by 2026-07-15')
    expect(reminders).toHaveLength(1)
    expect(reminders[0]!.text).toContain('You have 1 not yet submitted')
  })

  it('once the cycle locks, a requester is no longer asked to submit what only a controller may now change', async () => {
    const { id } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    const submitItem = async () => {
      const token = await t.signIn(team.requester.email)
      const items = (await queue(token)).filter((item) => item.key === `ACCRUALS:accrual:${id}:submit`)
      const page = (await t.request({ method: 'GET', url: `/api/accruals/${id}`, token })).json().data
      return { items, offered: page.actions.submit as boolean }
    }
    // Past the submission deadline (Wed 15 Jul) but before the lock (Fri 31 Jul): overdue, and still the requester's to submit.
    t.clock.set(new Date('2026-07-20T16:00:00.000Z'))
    expect(await submitItem()).toEqual({
      items: [expect.objectContaining({ overdue: true, href: `/apps/accruals/requests/${id}` })],
      offered: true,
    })
    // 11 p.m. Pacific on the lock day: the district's day has not ended, so the cycle is not locked yet.
    t.clock.set(new Date('2026-08-01T06:00:00.000Z'))
    expect((await submitItem()).offered).toBe(true)
    expect((await submitItem()).items).toHaveLength(1)
    t.clock.set(new Date('2026-08-01T08:00:00.000Z'))
    expect(await submitItem()).toEqual({ items: [], offered: false })
  })

  it('a review is due by the end of the lock day on the district clock', async () => {
    const { id: toSubmit } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    const { id: toReview } = await draft(
      t,
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, { vendor: 'Staples', duplicateNote: 'A second order' }),
    )
    await stepOk(t, team.requester.token, toReview, 'submit')
    t.clock.set(new Date('2026-07-14T16:00:00.000Z'))
    const keys = (await queue(await t.signIn(team.requester.email))).map((item) => item.key)
    expect(keys).toContain(`ACCRUALS:accrual:${toSubmit}:submit`)
    const approverItems = (await queue(await t.signIn(team.siteApprover.email))).filter((item) => item.appCode === 'ACCRUALS')
    expect(approverItems.map((item) => item.key)).toEqual([`ACCRUALS:accrual:${toReview}:site-approve`])
    expect(approverItems[0]).toMatchObject({ dueAt: '2026-08-01T06:59:59.999Z', overdue: false })
  })

  it("approved requests waiting for the journal are in the district controller's queue", async () => {
    await approved(t, setup, team)
    const items = (await queue(setup.controller.token)).filter((item) => item.appCode === 'ACCRUALS')
    expect(items.map((item) => item.title)).toEqual(['Post the 2025-26 accruals journal'])
    await t.request({ method: 'POST', url: `/api/accrual-cycles/${setup.cycleId}/journal`, token: setup.controller.token })
    expect((await queue(setup.controller.token)).filter((item) => item.appCode === 'ACCRUALS')).toEqual([])
  })
})
