import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/build-test-app.js'
import { testDialects } from '../../test/test-database.js'

describe.each(testDialects())('serving the web app (%s)', (dialect) => {
  let dist: string
  let t: TestApp
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" nonce="__CSP_NONCE__" src="/assets/index-3f9a1c.js"></script></head><body></body></html>',
    )
    writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")\n')
    writeFileSync(join(dist, 'assets', 'index-77b2e0.css'), 'body { margin: 0 }\n')
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))
  afterEach(() => t.close())

  const school = '10.40.0.1'
  const get = (url: string) => t.request({ method: 'GET', url, remoteAddress: school })

  it('marks hashed assets immutable, and never caches the page', async () => {
    t = await buildTestApp({ dialect, env: { WEB_DIST_DIR: dist } })
    for (const url of ['/assets/index-3f9a1c.js', '/assets/index-77b2e0.css']) {
      const asset = await get(url)
      expect(asset.statusCode).toBe(200)
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    const page = await get('/users')
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).toMatch(/nonce="[^_"]+"/)
    // Files outside /assets/ keep their name across releases: the browser asks again each time.
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=0')
  })

  it('never limits pages and static files, while the /api limits still hold for the same address', async () => {
    t = await buildTestApp({ dialect, env: { WEB_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: '50', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100' } })
    const urls = [
      '/',
      '/login',
      '/apps/reports-studio',
      '/assets/index-3f9a1c.js',
      '/assets/index-77b2e0.css',
      '/favicon.svg',
      '/auth/verify?email=a%40b.org&token=x',
      '/assets/missing-file.js',
    ]
    const statuses: number[] = []
    for (let start = 0; start < 2000; start += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, (_, i) => get(urls[(start + i) % urls.length]!)))
      statuses.push(...batch.map((answer) => answer.statusCode))
    }
    expect(statuses).toHaveLength(2000)
    expect(statuses.filter((status) => status === 429)).toEqual([])
    expect(new Set(statuses)).toEqual(new Set([200, 404]))

    const api: number[] = []
    for (let i = 0; i < 101; i++) api.push((await get('/api/health')).statusCode)
    expect(api.slice(0, 100).every((status) => status === 200)).toBe(true)
    expect(api[100]).toBe(429)
    // Pages still load for that address.
    expect((await get('/login')).statusCode).toBe(200)
  })
})
