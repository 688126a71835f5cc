import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/build-test-app.js'
import { testDialects } from '../../test/test-database.js'

describe.each(testDialects())('Cache-Control of API answers (%s)', (dialect) => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
  })
  afterAll(() => t.close())

  it('marks every /api answer no-store: personal data, exports, refusals and unknown calls alike', async () => {
    const answers = [
      await t.request({ method: 'GET', url: '/api/health' }),
      await t.request({ method: 'GET', url: '/api/get-user-profile', token: admin }),
      await t.request({ method: 'GET', url: '/api/userlist?search=admin', token: admin }),
      await t.request({ method: 'GET', url: '/api/audit/export', token: admin }),
      await t.request({
        method: 'POST',
        url: '/api/reportexport',
        token: admin,
        payload: { definition: { schemaVersion: 1, dataset: 'dsa_projects', columns: [{ field: 'project_name' }] }, format: 'csv' },
      }),
      await t.request({ method: 'GET', url: '/api/get-user-profile' }),
      await t.request({ method: 'GET', url: '/api/userdetails?userId=abc', token: admin }),
      await t.request({ method: 'GET', url: '/api/no-such-call', token: admin }),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 401, 400, 404])
    for (const answer of answers) expect(answer.headers['cache-control'], answer.raw.req.url).toBe('no-store')
  })

  it('leaves pages to the web app', async () => {
    const page = await t.request({ method: 'GET', url: '/api-guide' })
    expect(page.headers['cache-control']).not.toBe('no-store')
  })
})
