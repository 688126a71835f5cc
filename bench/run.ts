// Benchmarks: each scenario prints its figures against the target. Not tests: see RESULTS.md for runs.
import { benchDsa } from './dsa.js'
import { benchReports } from './reports.js'
import { benchFoundation } from './foundation.js'
import { startServer } from './lib/server.js'
import { benchMail } from './mail.js'
import { benchMonitoring } from './monitoring.js'
import { benchUsers } from './users.js'

const scenarios = { foundation: benchFoundation, users: benchUsers, mail: benchMail, monitoring: benchMonitoring, dsa: benchDsa, reports: benchReports }
const asked = process.argv.slice(2)
const unknown = asked.filter((name) => !(name in scenarios))
if (unknown.length > 0) {
  console.error(`Unknown scenario: ${unknown.join(', ')}. Choose from: ${Object.keys(scenarios).join(', ')} (none: all).`)
  process.exit(2)
}
const chosen = asked as Array<keyof typeof scenarios>

for (const name of chosen.length > 0 ? chosen : (Object.keys(scenarios) as Array<keyof typeof scenarios>)) {
  if (name === 'mail' || name === 'monitoring' || name === 'dsa' || name === 'reports') {
    await scenarios[name]() // these build their own servers and peers
    continue
  }
  // Each scenario gets a fresh server and database, so one cannot skew another.
  const server = await startServer()
  try {
    await scenarios[name](server)
  } finally {
    await server.stop()
  }
}
