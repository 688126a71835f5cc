import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * Accruals' controls:
 * - each request's participants (finance_participants, migration 0032), filled in from what the requests already say:
 *   their requester, site approver and approver, who saved each version, who recorded each liquidation, and every step
 *   in the audit log;
 * - the request's holder: the one person who may edit, submit or withdraw it (its requester until a controller hands
 *   it to someone else, on the record);
 * - what a liquidation was expected to pay (what remained open on the accrual) and the reason given when it paid
 *   something else, for the cycle's variance report;
 * - a cycle's dates frozen once a journal was posted from it;
 * - each posted journal's lines as they were issued (dates, accounts, labels, reversal), read by every later download.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const money = postgres ? 'bigint' : 'integer'

  await db.schema
    .alterTable('accruals')
    .addColumn('holder_id', 'integer', (c) => c.references('users.user_id'))
    .execute()
  await db.schema.alterTable('accrual_liquidations').addColumn('expected_cents', money).execute()
  await db.schema.alterTable('accrual_liquidations').addColumn('variance_reason', 'text').execute()
  await db.schema.alterTable('accrual_cycles').addColumn('journal_posted_at', 'text').execute()
  await db.schema
    .createTable('accrual_journal_lines')
    .addColumn('journal_id', 'integer', (c) => c.notNull().references('accrual_journals.journal_id'))
    .addColumn('accrual_id', 'integer', (c) => c.notNull().references('accruals.accrual_id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('journal_date', 'text', (c) => c.notNull())
    .addColumn('site_code', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('debit_cents', money, (c) => c.notNull())
    .addColumn('credit_cents', money, (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('accrual_journal_lines_pk', ['journal_id', 'accrual_id', 'seq'])
    .execute()
  await fillIn(db)
}

/**
 * What the requests already say, written into the new columns and tables (exported so a test can run it on requests
 * made the old way).
 */
export async function fillIn(db: Kysely<unknown>): Promise<void> {
  await sql`update accruals set holder_id = requester_id where holder_id is null`.execute(db)
  await sql`
    update accrual_liquidations set expected_cents = (
      select a.amount_cents - coalesce((
        select sum(earlier.amount_cents) from accrual_liquidations earlier
        where earlier.accrual_id = accrual_liquidations.accrual_id
          and earlier.liquidation_id < accrual_liquidations.liquidation_id
      ), 0)
      from accruals a where a.accrual_id = accrual_liquidations.accrual_id
    )
  `.execute(db)
  await sql`
    update accrual_cycles set journal_posted_at = (
      select min(j.exported_at) from accrual_journals j where j.cycle_id = accrual_cycles.cycle_id and j.request_count > 0
    )
  `.execute(db)
  await snapshotEarlierJournals(db)

  await participantsFromColumns(db)
  await participantsFromAudit(db)
}

/**
 * Journals posted before this migration, as they would have been downloaded today: each line of a request (debited,
 * or credited for a receivable), then its accrual account for the total, then for a REVERSE request the same rows
 * swapped and dated the day after the cut-off. From now on posting writes these rows itself.
 */
async function snapshotEarlierJournals(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const dayAfter = postgres ? sql`to_char(c.cutoff_on::date + 1, 'YYYY-MM-DD')` : sql`date(c.cutoff_on, '+1 day')`
  const posted = sql`
    from accruals a
    inner join accrual_journals j on j.journal_id = a.journal_id
    inner join accrual_cycles c on c.cycle_id = j.cycle_id
    inner join finance_sites s on s.site_id = a.site_id`
  const lineCount = sql`(select count(*) from accrual_lines n where n.accrual_id = a.accrual_id)`
  const receivable = sql`a.type = 'RECEIVABLE'`
  const label = sql`'Accrual #' || cast(a.accrual_id as text) || ' ' || a.vendor`
  const columns = sql`(journal_id, accrual_id, seq, entry, journal_date, site_code, type, account, debit_cents, credit_cents, description)`
  await sql`
    insert into accrual_journal_lines ${columns}
    select a.journal_id, a.accrual_id, l.line_no, 'ACCRUAL', c.cutoff_on, s.code, a.type, l.account,
      case when ${receivable} then 0 else l.amount_cents end,
      case when ${receivable} then l.amount_cents else 0 end,
      ${label}
    ${posted}
    inner join accrual_lines l on l.accrual_id = a.accrual_id
  `.execute(db)
  await sql`
    insert into accrual_journal_lines ${columns}
    select a.journal_id, a.accrual_id, ${lineCount} + 1, 'ACCRUAL', c.cutoff_on, s.code, a.type, a.accrual_account,
      case when ${receivable} then a.amount_cents else 0 end,
      case when ${receivable} then 0 else a.amount_cents end,
      ${label} || ' (' || lower(replace(a.type, '_', ' ')) || ')'
    ${posted}
  `.execute(db)
  await sql`
    insert into accrual_journal_lines ${columns}
    select a.journal_id, a.accrual_id, ${lineCount} + 1 + x.seq, 'REVERSAL', ${dayAfter}, x.site_code, x.type, x.account,
      x.credit_cents, x.debit_cents, 'Reversal of ' || x.description
    ${posted}
    inner join accrual_journal_lines x on x.journal_id = a.journal_id and x.accrual_id = a.accrual_id and x.entry = 'ACCRUAL'
    where a.clearing = 'REVERSE'
  `.execute(db)
}

/** The parts the requests' own columns, saved versions, journals and liquidations name. */
async function participantsFromColumns(db: Kysely<unknown>) {
  const into = sql`insert into finance_participants (app_code, record_type, record_id, user_id, part, first_at)`
  const conflict = sql`on conflict do nothing`
  const id = sql`cast(a.accrual_id as text)`
  await sql`${into} select 'ACCRUALS', 'request', ${id}, a.requester_id, 'drafted', a.created_at from accruals a where true ${conflict}`.execute(
    db,
  )
  await sql`${into}
    select 'ACCRUALS', 'request', cast(v.accrual_id as text), v.saved_by, 'edited', min(v.saved_at)
    from accrual_versions v where v.version > 1 group by v.accrual_id, v.saved_by ${conflict}`.execute(db)
  await sql`${into}
    select 'ACCRUALS', 'request', ${id}, a.site_approved_by, 'site-approved', a.site_approved_at
    from accruals a where a.site_approved_by is not null ${conflict}`.execute(db)
  await sql`${into}
    select 'ACCRUALS', 'request', ${id}, a.approved_by, 'approved', a.approved_at
    from accruals a where a.approved_by is not null ${conflict}`.execute(db)
  await sql`${into}
    select 'ACCRUALS', 'request', ${id}, j.exported_by, 'posted', j.exported_at
    from accruals a inner join accrual_journals j on j.journal_id = a.journal_id where true ${conflict}`.execute(db)
  await sql`${into}
    select 'ACCRUALS', 'request', cast(l.accrual_id as text), l.recorded_by, 'liquidated', min(l.recorded_at)
    from accrual_liquidations l where true group by l.accrual_id, l.recorded_by ${conflict}`.execute(db)
}

/**
 * Every step the audit log holds (a step and its audit row were always written together): who submitted, returned,
 * rejected or withdrew a request is kept nowhere else, and a site approval undone by a return left only its row there.
 */
async function participantsFromAudit(db: Kysely<unknown>) {
  const parts: Array<[string, string]> = [
    ['accruals.drafted', 'drafted'],
    ['accruals.edited', 'edited'],
    ['accruals.submit', 'submitted'],
    ['accruals.site_approve', 'site-approved'],
    ['accruals.approve', 'approved'],
    ['accruals.return', 'returned'],
    ['accruals.reject', 'rejected'],
    ['accruals.withdraw', 'withdrawn'],
    ['accruals.liquidated', 'liquidated'],
    ['accruals.written_off', 'written-off'],
  ]
  for (const [action, part] of parts) {
    await sql`
      insert into finance_participants (app_code, record_type, record_id, user_id, part, first_at)
      select 'ACCRUALS', 'request', g.target_id, g.actor_user_id, ${sql.lit(part)}, min(g.occurred_at)
      from audit_log g
      where g.action = ${sql.lit(action)} and g.outcome = 'success' and g.target_type = 'accruals:request'
        and g.actor_user_id is not null and g.target_id is not null
        and exists (select 1 from accruals a where cast(a.accrual_id as text) = g.target_id)
      group by g.target_id, g.actor_user_id
      on conflict do nothing
    `.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from finance_participants where app_code = 'ACCRUALS' and record_type = 'request'`.execute(db)
  await db.schema.dropTable('accrual_journal_lines').execute()
  await db.schema.alterTable('accrual_cycles').dropColumn('journal_posted_at').execute()
  await db.schema.alterTable('accrual_liquidations').dropColumn('variance_reason').execute()
  await db.schema.alterTable('accrual_liquidations').dropColumn('expected_cents').execute()
  await db.schema.alterTable('accruals').dropColumn('holder_id').execute()
}
