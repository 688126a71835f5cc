import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/** The parts each column of a deposit names, as the participants table spells them. */
const DEPOSIT_PARTS = [
  ['created_by', 'created_at', 'gathered'],
  ['counted_by', 'counted_at', 'counted'],
  ['approved_by', 'approved_at', 'approved'],
  ['submitted_by', 'submitted_at', 'submitted'],
  ['confirmed_by', 'confirmed_at', 'confirmed'],
  ['reconciled_by', 'reconciled_at', 'reconciled'],
] as const

/**
 * Payment Receipts' participants, filled in from what the records already say of their people (a receipt's collector
 * and voider, each person who took a deposit's steps), so separation of duties compares against everyone from the
 * start. And a deposit's version: every change of a deposit moves it on, so a count is saved only against the deposit
 * the counter's screen was built from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('receipt_deposits')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  await sql`insert into finance_participants (app_code, record_type, record_id, user_id, part, first_at)
    select 'PAYMENT_RECEIPTS', 'receipt', cast(receipt_id as text), collector_id, 'collected', issued_at from receipts`.execute(db)
  await sql`insert into finance_participants (app_code, record_type, record_id, user_id, part, first_at)
    select 'PAYMENT_RECEIPTS', 'receipt', cast(receipt_id as text), voided_by, 'voided', voided_at from receipts
    where voided_by is not null and voided_at is not null`.execute(db)
  for (const [person, at, part] of DEPOSIT_PARTS) {
    await sql`insert into finance_participants (app_code, record_type, record_id, user_id, part, first_at)
      select 'PAYMENT_RECEIPTS', 'deposit', cast(deposit_id as text), ${sql.ref(person)}, ${part}, ${sql.ref(at)} from receipt_deposits
      where ${sql.ref(person)} is not null and ${sql.ref(at)} is not null`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from finance_participants where app_code = 'PAYMENT_RECEIPTS'`.execute(db)
  await db.schema.alterTable('receipt_deposits').dropColumn('version').execute()
}
