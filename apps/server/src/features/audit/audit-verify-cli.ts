import { loadConfig } from '../../config.js'
import { openDatabase } from '../../db/database.js'
import { createAuditRepository } from './audit.repository.js'
import { verifyAuditChain } from './audit.service.js'

/** `npm run audit:verify`: checks the audit chain of the database named by DATABASE_URL; exits 1 when it is broken. */
const config = loadConfig()
const db = openDatabase(config.database)
try {
  const result = await verifyAuditChain(createAuditRepository(db))
  process.stdout.write(`${JSON.stringify(result)}\n`)
  process.stdout.write(
    result.ok
      ? `The audit chain holds: ${result.checked} rows checked (${result.beforeChain} written before the chain started).\n`
      : `The audit chain is broken at row ${result.firstBrokenId} (${result.checked} rows matched before it).\n`,
  )
  process.exitCode = result.ok ? 0 : 1
} finally {
  await db.close()
}
