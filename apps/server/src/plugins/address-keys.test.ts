import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/build-test-app.js'
import { testDialects } from '../../test/test-database.js'

/** Calls without a session are limited per network address, counted under a keyed hash: the table never holds the address. */
describe.each(testDialects())('request limits keep no visitor’s address (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('counts two addresses apart under keys that contain neither', async () => {
    for (const remoteAddress of ['203.0.113.7', '198.51.100.23']) {
      expect((await t.request({ method: 'GET', url: '/api/public-records/info', remoteAddress })).statusCode).toBe(200)
      expect((await t.request({ method: 'GET', url: '/api/no-such-route', remoteAddress })).statusCode).toBe(404)
    }
    const keys = (await t.db.kysely.selectFrom('rate_limits').select('bucket_key').execute()).map((row) => row.bucket_key)
    const perAddress = keys.filter((key) => key.startsWith('api-ip:'))
    expect(new Set(perAddress).size).toBe(2)
    for (const key of keys) {
      expect(key).not.toContain('203.0.113')
      expect(key).not.toContain('198.51.100')
    }
  })
})
