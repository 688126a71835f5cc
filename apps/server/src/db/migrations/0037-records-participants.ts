import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/** The audit actions of a request's steps, and the part each makes its actor play (as the participants table spells it). */
const REQUEST_STEPS = [
  ['records.received', 'recorded'],
  ['records.clarified', 'clarified'],
  ['records.extended', 'extended'],
  ['records.determined', 'determined'],
  ['records.producing', 'produced'],
  ['records.closed', 'closed'],
  ['records.reopened', 'reopened'],
] as const

/**
 * Public Information's participants, filled in from what the records already say of their people: who drafted each
 * letter, who edited it (its other drafters), who signed it; and who took each step of a request, from the request's
 * audit rows (written in the same transaction as each step). Separation of duties then compares against everyone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into finance_participants (app_code, record_type, record_id, user_id, part, first_at)
    select 'PUBLIC_INFO', 'letter', cast(letter_id as text), created_by, 'drafted', created_at from records_letters`.execute(db)
  await sql`insert into finance_participants (app_code, record_type, record_id, user_id, part, first_at)
    select 'PUBLIC_INFO', 'letter', cast(d.letter_id as text), d.user_id, 'edited', d.drafted_at
    from records_letter_drafters d inner join records_letters l on l.letter_id = d.letter_id
    where d.user_id <> l.created_by`.execute(db)
  await sql`insert into finance_participants (app_code, record_type, record_id, user_id, part, first_at)
    select 'PUBLIC_INFO', 'letter', cast(letter_id as text), signed_by, 'signed', issued_at from records_letters
    where signed_by is not null and issued_at is not null`.execute(db)
  for (const [action, part] of REQUEST_STEPS) {
    await sql`insert into finance_participants (app_code, record_type, record_id, user_id, part, first_at)
      select 'PUBLIC_INFO', 'request', a.target_id, a.actor_user_id, ${part}, min(a.occurred_at) from audit_log a
      where a.target_type = 'public_info:request' and a.action = ${action} and a.outcome = 'success' and a.actor_user_id is not null
        and a.target_id is not null and exists (select 1 from users u where u.user_id = a.actor_user_id)
      group by a.target_id, a.actor_user_id`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from finance_participants where app_code = 'PUBLIC_INFO'`.execute(db)
}
