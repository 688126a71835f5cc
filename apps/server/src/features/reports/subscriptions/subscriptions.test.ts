import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../../test/build-test-app.js'
import { testDialects } from '../../../../test/test-database.js'
import { PROJECTS_REPORT } from '../export-jobs/export-jobs-testing.js'
import { createSettingsRepository } from '../../../db/settings.repository.js'
import { resolveAuthSecret } from '../../auth/session-token.js'
import { unsubscribeToken } from './unsubscribe-token.js'
import { createProjectsReport, MONDAYS_AT_7, READER_APPS, subscribe } from './subscriptions-testing.js'

describe.each(testDialects())('report subscriptions: who sets them up, sees, changes and leaves them (%s)', (dialect) => {
  let t: TestApp
  let admin: string
  let reportId: number
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
    reportId = await createProjectsReport(t.request, admin)
  })
  afterEach(() => t.close())

  const person = async (fullName: string, applications = READER_APPS, roleCode: 'STAFF' | 'REPORT_WRITER' = 'STAFF') => {
    const made = await t.createUser({ fullName, applications, roleCode })
    return { ...made, token: await t.signIn(made.email) }
  }
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) })

  it('anyone who may run the report subscribes people who may view it; others are refused in words', async () => {
    const writer = await person('Wes Writer')
    const pat = await person('Pat Lee', ['REPORTS_STUDIO'])
    const body = { reportId, format: 'xlsx', schedule: MONDAYS_AT_7 }

    const refused = await call(writer.token, 'POST', '/api/reportsubscriptions', { ...body, recipientIds: [writer.userId, pat.userId] })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({
      error: 'Pat Lee may not view this report, so they cannot receive it.',
      code: 'recipient_not_allowed',
    })

    const gone = await t.createUser({ fullName: 'Gil Gone', applications: READER_APPS, isActive: false })
    const inactive = await call(writer.token, 'POST', '/api/reportsubscriptions', { ...body, recipientIds: [gone.userId] })
    expect(inactive.statusCode).toBe(422)
    expect(inactive.json().error).toBe("Gil Gone's account is not active, so they cannot receive this report.")

    // Pat cannot run it (the tracker's data is not theirs), so cannot subscribe anyone to it.
    const cannotRun = await call(pat.token, 'POST', '/api/reportsubscriptions', { ...body, recipientIds: [writer.userId] })
    expect(cannotRun.statusCode).toBe(403)

    const made = await call(writer.token, 'POST', '/api/reportsubscriptions', { ...body, recipientIds: [writer.userId] })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({
      reportId,
      reportName: 'Every project',
      createdBy: { userId: writer.userId, fullName: 'Wes Writer' },
      format: 'xlsx',
      scheduleText: 'Every Monday at 7:00 AM',
      nextRunAt: '2026-03-02T15:00:00.000Z',
      paused: false,
      version: 1,
      canManage: true,
      recipients: [{ userId: writer.userId, fullName: 'Wes Writer', unsubscribedAt: null }],
    })
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('target_type', '=', 'report_subscription')
      .execute()
    expect(audit).toEqual([{ action: 'report_subscription.created', actor_user_id: writer.userId }])
  })

  it('offers as recipients only the active people who may view the report, matching what was typed', async () => {
    const writer = await person('Wes Writer')
    await person('Wendy Reader')
    await person('Wanda Outsider', ['REPORTS_STUDIO'])
    await t.createUser({ fullName: 'Walt Gone', applications: READER_APPS, isActive: false })
    const url = (search: string) => `/api/reportsubscriptions/recipients?reportId=${reportId}&search=${encodeURIComponent(search)}`
    const offered = await call(writer.token, 'GET', url('w'))
    expect(offered.statusCode, offered.body).toBe(200)
    expect(offered.json().people.map((p: { fullName: string }) => p.fullName)).toEqual(['Wendy Reader', 'Wes Writer'])
    expect(offered.json().people[0]).toEqual({ userId: expect.any(Number), fullName: 'Wendy Reader', email: expect.stringContaining('@') })
    expect((await call(writer.token, 'GET', url('wendy'))).json().people.map((p: { fullName: string }) => p.fullName)).toEqual([
      'Wendy Reader',
    ])
    // Someone who cannot run the report learns nothing of who could receive it.
    const outsider = await person('Olive Outsider', ['REPORTS_STUDIO'])
    expect((await call(outsider.token, 'GET', url('w'))).statusCode).toBe(403)
    const missing = await call(writer.token, 'GET', '/api/reportsubscriptions/recipients?search=w')
    expect(missing.statusCode).toBe(400)
  })

  it('checks the parameter values as the viewer does', async () => {
    const withParameter = await call(admin, 'POST', '/api/reportcreate', {
      name: 'Costly projects',
      definition: {
        ...PROJECTS_REPORT,
        parameters: [{ id: 'min', label: 'Least cost', type: 'decimal' }],
        filters: [{ field: 'construction_cost', op: 'gte', value: { param: 'min' }, ignoreIfEmpty: true }],
      },
    })
    const costly = withParameter.json().report.REPORT_ID as number
    const reader = await person('Rae Reader')
    const body = {
      reportId: costly,
      format: 'csv',
      schedule: { frequency: 'monthly', hour: 18, monthDay: 31 },
      recipientIds: [reader.userId],
    }
    const wrong = await call(reader.token, 'POST', '/api/reportsubscriptions', { ...body, parameters: { min: 'a lot' } })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().error).toContain('Least cost')
    const right = await call(reader.token, 'POST', '/api/reportsubscriptions', { ...body, parameters: { min: '250' } })
    expect(right.statusCode, right.body).toBe(201)
    expect(right.json()).toMatchObject({
      parameters: { min: '250' },
      scheduleText: 'On the 31st of each month (its last day when shorter) at 6:00 PM',
      nextRunAt: '2026-04-01T01:00:00.000Z',
    })
  })

  it('the creator, the report’s owner and administrators manage it; recipients see it; anyone else finds nothing', async () => {
    const owner = await person('Olive Owner', READER_APPS, 'REPORT_WRITER')
    const ownersReport = await createProjectsReport(t.request, owner.token, 'Olive’s projects')
    const creator = await person('Cy Creator')
    const recipient = await person('Rae Recipient')
    const outsider = await person('Oz Outsider')
    const made = await subscribe(t.request, creator.token, {
      reportId: ownersReport,
      recipientIds: [creator.userId, recipient.userId],
      format: 'link',
      schedule: { frequency: 'daily', hour: 7 },
    })
    const url = `/api/reportsubscriptions/${made.id}`

    const listed = async (token: string, query = '') =>
      (
        (await call(token, 'GET', `/api/reportsubscriptions${query}`)).json().subscriptions as Array<{ id: number; canManage: boolean }>
      ).map((entry) => [entry.id, entry.canManage])
    expect(await listed(creator.token)).toEqual([[made.id, true]])
    expect(await listed(owner.token, `?reportId=${ownersReport}`)).toEqual([[made.id, true]])
    expect(await listed(admin)).toEqual([[made.id, true]])
    expect(await listed(recipient.token)).toEqual([[made.id, false]])
    expect(await listed(outsider.token)).toEqual([])
    expect(await listed(creator.token, `?reportId=${reportId}`)).toEqual([])
    const seenByRecipient = await call(recipient.token, 'GET', url)
    expect(seenByRecipient.statusCode).toBe(200)
    expect(seenByRecipient.json().recipients).toEqual([expect.objectContaining({ userId: recipient.userId })])
    expect((await call(owner.token, 'GET', url)).json().recipients).toHaveLength(2)
    expect((await call(outsider.token, 'GET', url)).json()).toMatchObject({ code: 'subscription_not_found' })

    const change = {
      parameters: {},
      recipientIds: [recipient.userId],
      format: 'pdf',
      schedule: { frequency: 'daily', hour: 9 },
      version: 1,
    }
    const byRecipient = await call(recipient.token, 'PUT', url, change)
    expect(byRecipient.statusCode).toBe(403)
    expect(byRecipient.json().error).toBe(
      "Only the person who set up this subscription, the report's owner and administrators can change it.",
    )
    expect((await call(outsider.token, 'PUT', url, change)).statusCode).toBe(404)
    expect((await call(recipient.token, 'POST', `${url}/pause`, { paused: true })).statusCode).toBe(403)
    expect((await call(outsider.token, 'DELETE', url)).statusCode).toBe(404)

    const changed = await call(owner.token, 'PUT', url, change)
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({
      format: 'pdf',
      version: 2,
      recipients: [{ userId: recipient.userId }],
      nextRunAt: '2026-03-02T17:00:00.000Z',
    })
    const stale = await call(creator.token, 'PUT', url, { ...change, format: 'csv' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().error).toBe(
      'This subscription was changed again (version 2) after you opened version 1. Reload it to see those changes, then make yours.',
    )
    // The creator, taken off the list by the owner, still manages it.
    expect((await call(creator.token, 'POST', `${url}/pause`, { paused: true })).json()).toMatchObject({ paused: true, version: 3 })
    const deleted = await call(creator.token, 'DELETE', url)
    expect(deleted.statusCode).toBe(200)
    expect((await call(admin, 'GET', url)).statusCode).toBe(404)
    const actions = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'report_subscription')
      .orderBy('audit_id')
      .execute()
    expect(actions.map((row) => row.action)).toEqual([
      'report_subscription.created',
      'report_subscription.updated',
      'report_subscription.paused',
      'report_subscription.deleted',
    ])
  })

  it('unsubscribes through the link’s token without signing in; a bad or changed token is refused in words', async () => {
    const reader = await person('Rae Reader')
    const made = await subscribe(t.request, admin, { reportId, recipientIds: [reader.userId], format: 'link', schedule: MONDAYS_AT_7 })
    const unsubscribe = (token: string) =>
      t.request({ method: 'POST', url: '/api/public/report-subscriptions/unsubscribe', payload: { token } })

    const secret = await resolveAuthSecret(t.config.authSecret, createSettingsRepository(t.db))
    const token = unsubscribeToken(secret, made.id, reader.userId)
    const left = await unsubscribe(token)
    expect(left.statusCode, left.body).toBe(200)
    expect(left.json()).toEqual({ reportName: 'Every project', message: "You will no longer receive 'Every project' by e-mail." })
    // A second click says the same, and keeps the first time.
    const firstAt = (await call(admin, 'GET', `/api/reportsubscriptions/${made.id}`)).json().recipients[0].unsubscribedAt
    expect(firstAt).toBe(t.clock.now().toISOString())
    t.clock.advance(60_000)
    expect((await unsubscribe(token)).statusCode).toBe(200)
    expect((await call(admin, 'GET', `/api/reportsubscriptions/${made.id}`)).json().recipients[0].unsubscribedAt).toBe(firstAt)

    const badLink = {
      error: 'This unsubscribe link is not one the platform sent, or it was changed. Open it again from the e-mail.',
      code: 'unsubscribe_link_invalid',
    }
    // Someone else's link made from this one by changing the person: refused.
    const [subscriptionPart, , mac] = token.split('.')
    const changed = await unsubscribe(`${subscriptionPart}.${reader.userId + 1}.${mac}`)
    expect(changed.statusCode).toBe(400)
    expect(changed.json()).toEqual(badLink)
    expect((await unsubscribe(unsubscribeToken('another-secret', made.id, reader.userId))).json()).toEqual(badLink)
    expect((await unsubscribe('not-a-token-at-all')).statusCode).toBe(400)
    const tooShort = await unsubscribe('x')
    expect(tooShort.statusCode).toBe(400)
    expect(tooShort.json().error).toContain('This unsubscribe link is incomplete. Open it again from the e-mail')

    await call(admin, 'DELETE', `/api/reportsubscriptions/${made.id}`)
    const afterDelete = await unsubscribe(token)
    expect(afterDelete.statusCode).toBe(404)
    expect(afterDelete.json().error).toBe('This subscription was deleted, or you were taken off it: you will not receive it.')
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('action', '=', 'report_subscription.unsubscribed')
      .execute()
    expect(audit).toEqual([
      { action: 'report_subscription.unsubscribed', actor_user_id: reader.userId },
      { action: 'report_subscription.unsubscribed', actor_user_id: reader.userId },
    ])
  })
})
