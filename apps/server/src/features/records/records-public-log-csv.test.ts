import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { intake, setUpRecords, step } from '../../../test/records.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('the public log as CSV, in words (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('heads its columns as the screen does and writes states and outcomes in words, never their codes', async () => {
    const setup = await setUpRecords(t)
    const coordinator = await setup.person(['COORDINATOR'])
    const signatory = await setup.person(['SIGNATORY'])
    const { id } = await intake(t, coordinator.token, { text: 'Board minutes, 2025' })
    await step(t, coordinator.token, id, 'assignments', { userId: coordinator.userId, role: 'POINT_PERSON', reason: 'Keeps the minutes' })
    expect((await step(t, signatory.token, id, 'determine', { outcome: 'NO_RECORDS' })).statusCode).toBe(200)

    const csv = await t.request({ method: 'GET', url: '/api/records-public-log?format=csv', token: coordinator.token })
    expect(csv.statusCode).toBe(200)
    const [header, row] = csv.body.split('\r\n')
    expect(header).toBe('Number,Received,Request,State,Outcome,Due,Extended,Determined,Closed')
    expect(row).toMatch(/^PRR-2026-0001,2026-03-01,"Board minutes, 2025",Determined,No records,2026-03-11,no,\d{4}-\d{2}-\d{2},$/)
    expect(csv.body).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b|\bDETERMINED\b|_on\b/)
  })
})
