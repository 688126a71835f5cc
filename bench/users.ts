import { CONNECTIONS, load } from './lib/load.js'
import type { BenchContext } from './lib/scenario.js'
import { type BenchServer, signIn, startServer } from './lib/server.js'

// User Management is used by a district's few administrators: 10 requests at once is already a busy moment.
const ADMIN_CONNECTIONS = 10

const FIRST_NAMES = ['Maria', 'James', 'Ana', 'Wei', 'Fatima', 'John', 'Luis', 'Sofia', 'Kwame', 'Olga', 'Priya', 'Diego']
const LAST_NAMES = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Lopez', 'Kim', 'Brown', 'Martinez', 'Okafor', 'Ivanova', 'Patel', 'Hernandez']
const ROLES = ['STAFF', 'STAFF', 'STAFF', 'REPORT_WRITER']
const APPS = ['DASHBOARD', 'DASHBOARD;ACCRUALS', 'DASHBOARD;DSA_TRACKER;REPORTS_STUDIO', 'PAYMENT_RECEIPTS']

function csvOf(from: number, count: number): string {
  const lines = ['email,full_name,organization_code,role_code,applications']
  for (let i = from; i < from + count; i++) {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!
    const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!
    lines.push(
      `${first.toLowerCase()}.${last.toLowerCase()}.${i}@district.test,${first} ${last} ${i},DISTRICT,${ROLES[i % ROLES.length]},${APPS[i % APPS.length]}`,
    )
  }
  return lines.join('\n')
}

async function importCsv(server: BenchServer, token: string, csv: string) {
  const started = performance.now()
  const answer = await fetch(`${server.url}/api/users/import/apply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  })
  if (!answer.ok) throw new Error(`import: ${answer.status} ${await answer.text()}`)
  const body = (await answer.json()) as { summary: { create: number } }
  return { seconds: (performance.now() - started) / 1000, created: body.summary.create }
}

/** A 5,000-user CSV import, then a filtered page of the user list with 20,000 users. */
export async function benchUsers({ databases, runs, record }: BenchContext): Promise<void> {
  const server = await startServer({ DATABASE_URL: (await databases.fresh()).url })
  try {
    const token = await signIn(server, 'admin@example.org')
    const first = await importCsv(server, token, csvOf(0, 5_000))
    if (first.created !== 5_000) throw new Error(`The import created ${first.created} people, not 5,000`)
    record(
      'import',
      {
        label: 'CSV import of 5,000 new users (once: the people exist afterwards)',
        unit: 's',
        kind: 'time',
        target: { op: '<', value: 10 },
      },
      first.seconds,
    )
    for (let batch = 1; batch < 4; batch++) await importCsv(server, token, csvOf(batch * 5_000, 5_000))
    const auth = { authorization: `Bearer ${token}` }
    const roles = (await (await fetch(`${server.url}/api/metaroles`, { headers: auth })).json()) as {
      data: Array<{ role_id: number; role_code: string }>
    }
    const writer = roles.data.find((role) => role.role_code === 'REPORT_WRITER')!.role_id
    const filteredUrl = `${server.url}/api/userlist?search=garcia&roleId=${writer}&status=active&limit=50&offset=0`
    for (let run = 0; run < runs; run += 1) {
      const single = await load(filteredUrl, auth, 1)
      const filtered = await load(filteredUrl, auth, ADMIN_CONNECTIONS)
      const busy = await load(filteredUrl, auth, CONNECTIONS)
      const firstPage = await load(`${server.url}/api/userlist?limit=50&offset=0`, auth, ADMIN_CONNECTIONS)
      record(
        'filtered-p99',
        {
          label: `GET /api/userlist filtered (search + role + status), ${ADMIN_CONNECTIONS} connections, p99`,
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: 20 },
        },
        filtered.p99,
      )
      record('filtered-rate', { label: `the same, ${ADMIN_CONNECTIONS} connections`, unit: 'req/s', kind: 'rate' }, filtered.rps)
      record('filtered-single-p99', { label: 'the same, one request at a time, p99', unit: 'ms', kind: 'time' }, single.p99)
      record('filtered-busy-p99', { label: `the same, ${CONNECTIONS} connections, p99`, unit: 'ms', kind: 'time' }, busy.p99)
      record(
        'first-page-p99',
        { label: `GET /api/userlist first page, no filter, ${ADMIN_CONNECTIONS} connections, p99`, unit: 'ms', kind: 'time' },
        firstPage.p99,
      )
    }
  } finally {
    await server.stop()
  }
}
