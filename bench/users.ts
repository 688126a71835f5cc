import { CONNECTIONS, DURATION_S, load, verdict } from './lib/load.js'

// User Management is used by a district's few administrators: 10 requests at once is already a busy moment.
const ADMIN_CONNECTIONS = 10
import { type BenchServer, signIn } from './lib/server.js'

const FIRST_NAMES = ['Maria', 'James', 'Ana', 'Wei', 'Fatima', 'John', 'Luis', 'Sofia', 'Kwame', 'Olga', 'Priya', 'Diego']
const LAST_NAMES = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Lopez', 'Kim', 'Brown', 'Martinez', 'Okafor', 'Ivanova', 'Patel', 'Hernandez']
const ROLES = ['STAFF', 'STAFF', 'STAFF', 'REPORT_WRITER']
const APPS = ['DASHBOARD', 'DASHBOARD;ACCRUALS', 'DASHBOARD;DSA_TRACKER;REPORTS_STUDIO', 'PAYMENT_RECEIPTS']

function csvOf(from: number, count: number): string {
  const lines = ['email,full_name,organization_code,role_code,applications']
  for (let i = from; i < from + count; i++) {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!
    const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!
    lines.push(`${first.toLowerCase()}.${last.toLowerCase()}.${i}@district.test,${first} ${last} ${i},DISTRICT,${ROLES[i % ROLES.length]},${APPS[i % APPS.length]}`)
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

/** Issue 3: a 5,000-user CSV import, then a filtered page of the user list with 20,000 users. */
export async function benchUsers(server: BenchServer): Promise<void> {
  const token = await signIn(server, 'admin@example.org')
  const first = await importCsv(server, token, csvOf(0, 5_000))
  for (let batch = 1; batch < 4; batch++) await importCsv(server, token, csvOf(batch * 5_000, 5_000))
  const auth = { authorization: `Bearer ${token}` }
  const roles = (await (await fetch(`${server.url}/api/metaroles`, { headers: auth })).json()) as { data: Array<{ role_id: number; role_code: string }> }
  const writer = roles.data.find((role) => role.role_code === 'REPORT_WRITER')!.role_id
  const filteredUrl = `${server.url}/api/userlist?search=garcia&roleId=${writer}&status=active&limit=50&offset=0`
  const single = await load(filteredUrl, auth, 1)
  const filtered = await load(filteredUrl, auth, ADMIN_CONNECTIONS)
  const busy = await load(filteredUrl, auth, CONNECTIONS)
  const firstPage = await load(`${server.url}/api/userlist?limit=50&offset=0`, auth, ADMIN_CONNECTIONS)
  console.log(`\nUser Management (20,000 users; ${ADMIN_CONNECTIONS} connections unless said, ${DURATION_S} s each)`)
  console.log(`  CSV import of 5,000 new users: ${first.seconds.toFixed(2)} s, ${first.created} created (target < 10 s) ${verdict(first.seconds < 10 && first.created === 5_000)}`)
  console.log(`  GET /api/userlist filtered (search + role + status): ${filtered.rps} req/s, p50 ${filtered.p50} ms, p99 ${filtered.p99} ms (target p99 < 20 ms) ${verdict(filtered.p99 < 20)}`)
  console.log(`  the same, one request at a time: ${single.rps} req/s, p50 ${single.p50} ms, p99 ${single.p99} ms`)
  console.log(`  the same at ${CONNECTIONS} connections: ${busy.rps} req/s, p50 ${busy.p50} ms, p99 ${busy.p99} ms`)
  console.log(`  GET /api/userlist first page, no filter: ${firstPage.rps} req/s, p50 ${firstPage.p50} ms, p99 ${firstPage.p99} ms`)
}
