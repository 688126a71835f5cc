import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code.

const EARLIER = 'Your applications at a glance, with activity figures for administrators.'
const NOW = "Where your work stands: your sites' figures, steps waiting and deadlines; activity figures for administrators."

/**
 * The Dashboard Overview now shows each person the figures of their own sites and duties, so its description in the
 * menu says so. A description an administrator has edited is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update applications set app_description = ${NOW} where app_code = 'DASHBOARD' and app_description = ${EARLIER}`.execute(db)
}
