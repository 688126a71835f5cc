import { CompiledQuery, sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { TEST_AUDIT_CHAIN_KEY } from '../../../test/audit-keys.js'
import { chainKey } from './audit-chain.js'
import { createAuditRepository } from './audit.repository.js'

describe.each(testDialects())("a record's history from the audit log (%s)", (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  const row = (action: string, targetType: string, targetId: string, at: string) => ({
    occurred_at: at,
    action,
    outcome: 'success',
    actor_user_id: null,
    target_type: targetType,
    target_id: targetId,
    email: null,
    ip: null,
    user_agent: null,
    details: null,
  })

  it("merges the rows of each of the record's targets, oldest first, once each, and nothing of other records", async () => {
    const audit = createAuditRepository(t.db, chainKey(TEST_AUDIT_CHAIN_KEY))
    await audit.insertMany([
      row('receipts.issued', 'receipt', '7', '2026-01-01T10:00:00.000Z'),
      row('receipts.issued', 'receipt', '8', '2026-01-01T10:01:00.000Z'),
      row('separation.refused', 'separation', 'LHS-2025-26-000007', '2026-01-01T10:02:00.000Z'),
      row('receipts.voided', 'receipt', '7', '2026-01-01T10:03:00.000Z'),
      row('separation.refused', 'separation', 'LHS-2025-26-000008', '2026-01-01T10:04:00.000Z'),
    ])
    const history = await audit.history([
      { type: 'receipt', id: '7' },
      { type: 'separation', id: 'LHS-2025-26-000007' },
      { type: 'receipt', id: '7' },
    ])
    expect(history.map((entry) => entry.action)).toEqual(['receipts.issued', 'separation.refused', 'receipts.voided'])
    expect(await audit.history([])).toEqual([])
  })

  it.runIf(dialect === 'sqlite')('reads each target through the target index, never the whole log', async () => {
    // Statistics taken while the log held one row (as a whole-database ANALYZE right after setting up takes them) made
    // SQLite read an OR of the targets by scanning the log in id order, however long the log had grown since.
    await sql`analyze`.execute(t.db.kysely)
    await sql`delete from sqlite_stat1 where tbl = 'audit_log'`.execute(t.db.kysely)
    for (const [index, stat] of [
      ['audit_log_target_idx', '1 1 1 1'],
      ['audit_log_actor_idx', '1 1 1'],
      ['audit_log_action_idx', '1 1 1'],
      ['audit_log_occurred_idx', '1 1'],
    ])
      await sql`insert into sqlite_stat1 (tbl, idx, stat) values ('audit_log', ${index}, ${stat})`.execute(t.db.kysely)
    await sql`analyze sqlite_schema`.execute(t.db.kysely) // reloads the statistics
    const query = createAuditRepository(t.db, chainKey(TEST_AUDIT_CHAIN_KEY))
      .historyQuery([
        { type: 'receipt', id: '7' },
        { type: 'separation', id: 'LHS-2025-26-000007' },
      ])!
      .compile()
    const plan = await t.db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    )
    const details = plan.rows.map((step) => step.detail)
    expect(details.filter((detail) => /audit_log_target_idx/.test(detail))).toHaveLength(2)
    expect(details.some((detail) => /^SCAN a\b/.test(detail))).toBe(false)
  })
})
