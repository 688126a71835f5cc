import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { grantApplication } from '../../../test/factories.js'
import { intake, setUpRecords, step } from '../../../test/records.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('Reports Studio: the records_requests dataset and its starter reports (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('reports on-time determinations by month and open requests by age, without requester details', async () => {
    const setup = await setUpRecords(t)
    const coordinator = await setup.person(['COORDINATOR'])
    const signatory = await setup.person(['SIGNATORY'])
    const viewer = await setup.person(['VIEWER'])
    await grantApplication(t.db, viewer.userId, 'REPORTS_STUDIO')
    const onTime = await intake(t, coordinator.token, { requesterName: 'Hidden Name' })
    const late = await intake(t, coordinator.token)
    await intake(t, coordinator.token)
    await step(t, signatory.token, onTime.id, 'determine', { outcome: 'NO_RECORDS' })
    t.clock.set(new Date('2026-03-20T18:00:00.000Z'))
    await step(t, await t.signIn(signatory.email), late.id, 'determine', { outcome: 'NO_RECORDS' })

    const viewerToken = await t.signIn(viewer.email)
    const listed = await t.request({ method: 'GET', url: '/api/reportlist', token: viewerToken })
    expect(listed.statusCode, listed.body).toBe(200)
    const reports = listed.json().reports as Array<{ REPORT_ID: number; REPORT_NAME: string }>
    const run = async (name: string) => {
      const report = reports.find((entry) => entry.REPORT_NAME === name)!
      const answer = await t.request({ method: 'POST', url: '/api/reportrun', token: viewerToken, payload: { reportId: report.REPORT_ID } })
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json().rows as Array<{ kind: string; label: string | null; cells: unknown[] }>
    }
    const onTimeRows = await run('Public records: on-time determinations by month')
    expect(onTimeRows.filter((row) => row.kind === 'detail').map((row) => row.cells)).toEqual([['2026-03', 2, 1, 0.5]])
    const open = await run('Public records: open requests by age')
    // A state is grouped by its code and shown in words.
    expect(open.filter((row) => row.kind === 'detail').map((row) => row.cells.slice(0, 2))).toEqual([
      ['Determined', 2],
      ['Received', 1],
    ])
    expect(JSON.stringify([onTimeRows, open])).not.toContain('Hidden Name')
  })
})
