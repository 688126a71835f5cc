/*
 * Fills an empty database the way a district would have used the platform at the commit it runs in: the demo district
 * (records in the fiscal applications and Public Information), a person signed in, a report dataset uploaded, a DSA
 * project scraped from the built-in demo tracker, the mail queue sent. scripts/make-upgrade-fixture.sh copies it into
 * a checkout of that commit and runs it there with that commit's own code; the database it leaves is the upgrade test's
 * fixture (apps/server/test/fixtures/upgrade/).
 */
import { buildApp } from '../apps/server/src/app.js'
import { loadConfig } from '../apps/server/src/config.js'
import { openDatabase } from '../apps/server/src/db/database.js'
import { migrateToLatest } from '../apps/server/src/db/migrate.js'
import { startDemoTracker } from '../apps/server/src/features/dsa/demo-tracker/demo-tracker.js'
import { createOutboxTransport } from '../apps/server/src/lib/mail-transport.js'
import { seedDatabase } from '../apps/server/src/seed.js'

const config = loadConfig()
const db = openDatabase(config.database)
await migrateToLatest(db)
await seedDatabase(db, config.adminEmail, new Date().toISOString())
await db.settleStartup()
const printed: string[] = []
const transport = createOutboxTransport((text) => printed.push(text))
const tracker = await startDemoTracker()
const { app, mailQueue } = await buildApp({ config, db, transport, dsaTrackerUrl: tracker.url })
await app.ready()

async function call(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
) {
  const answer = await app.inject({
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as string }),
    headers: { ...(options.headers ?? {}), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
  })
  if (answer.statusCode >= 300) throw new Error(`${method} ${url} answered ${answer.statusCode}: ${answer.body}`)
  return answer.json()
}

// The administrator signs in through the e-mailed link, as a person does.
await call('POST', '/api/send-magic-link', { payload: { email: config.adminEmail } })
await mailQueue.processDue()
const link = printed.join('\n').match(/token=([A-Za-z0-9_-]+)/)
if (!link) throw new Error('no sign-in link was printed')
const { token } = await call('POST', '/api/verify-magic-link', { payload: { email: config.adminEmail, token: link[1] } })

await call('POST', '/api/reportuploads?name=Enrollment%20by%20school', {
  token,
  payload: 'School,Grade,Students\nLincoln Elementary,K,84\nLincoln Elementary,1,91\nWashington Middle,6,212\n',
  headers: { 'content-type': 'text/csv', 'x-file-name': 'enrollment.csv' },
})

const scrape = await call('POST', '/api/dsa-scrape', { token, payload: { clientId: '37-H9' } })
for (let waited = 0; ; waited += 200) {
  const run = await call('GET', `/api/dsa-scrape-runs/${scrape.run.id}`, { token })
  if (run.status !== 'RUNNING') break
  if (waited > 120_000) throw new Error('the DSA scrape did not finish in two minutes')
  await new Promise((resolve) => setTimeout(resolve, 200))
}

await mailQueue.processDue()
await app.close()
await tracker.close()
transport.close()
await db.close()
process.stdout.write('The database holds the demo district, a sign-in, an uploaded dataset and a scraped DSA project.\n')
