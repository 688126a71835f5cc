import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { Db } from '../../../db/database.js'
import { PROJECTS_REPORT } from '../export-jobs/export-jobs-testing.js'

type Request = (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>

/** What a person needs to receive the projects report: Reports Studio, and the tracker whose dataset it reads. */
export const READER_APPS = ['REPORTS_STUDIO', 'DSA_TRACKER']

/** Saves the projects report as `token`'s and answers its id. */
export async function createProjectsReport(request: Request, token: string, name = 'Every project'): Promise<number> {
  const created = await request({ method: 'POST', url: '/api/reportcreate', token, payload: { name, definition: PROJECTS_REPORT } })
  if (created.statusCode !== 200) throw new Error(`reportcreate answered ${created.statusCode}: ${created.body}`)
  return created.json().report.REPORT_ID as number
}

/** Mondays at 7:00 AM on the district's clock (the test clock starts on Monday 2 March 2026, midnight there). */
export const MONDAYS_AT_7 = { frequency: 'weekly', hour: 7, weekdays: [1] } as const
/** 7:00 AM in Los Angeles on Monday 2 March 2026 (PST). */
export const FIRST_MONDAY_7AM = '2026-03-02T15:00:00.000Z'

/** Sets up a subscription through the API; fails the test unless it is made. */
export async function subscribe(request: Request, token: string, payload: Record<string, unknown>) {
  const answer = await request({ method: 'POST', url: '/api/reportsubscriptions', token, payload })
  if (answer.statusCode !== 201) throw new Error(`subscribing answered ${answer.statusCode}: ${answer.body}`)
  return answer.json() as { id: number; version: number; nextRunAt: string | null }
}

export const deliveriesOf = (db: Db, subscriptionId: number) =>
  db.kysely
    .selectFrom('report_subscription_deliveries as d')
    .innerJoin('report_subscription_runs as r', 'r.run_id', 'd.run_id')
    .select([
      'd.user_id',
      'd.outcome',
      'd.sent_as',
      'd.rows',
      'd.size_bytes',
      'd.detail',
      'd.message_id',
      'd.export_job_id',
      'r.scheduled_for',
    ])
    .where('r.subscription_id', '=', subscriptionId)
    .orderBy('d.delivery_id')
    .execute()

export const runsOf = (db: Db, subscriptionId: number) =>
  db.kysely
    .selectFrom('report_subscription_runs')
    .select(['run_id', 'scheduled_for', 'state', 'attempt'])
    .where('subscription_id', '=', subscriptionId)
    .orderBy('run_id')
    .execute()

/** The subscription e-mails queued to an address (the mail log's masked copy). */
export const subscriptionMailsTo = (db: Db, recipient: string) =>
  db.kysely
    .selectFrom('mail_messages')
    .select(['kind', 'subject', 'body_text'])
    .where('kind', 'in', ['report_subscription', 'report_subscription_notice'])
    .where('recipient', '=', recipient)
    .orderBy('message_id')
    .execute()

/** The unsubscribe token in a received e-mail's text. */
export function unsubscribeTokenIn(text: string): string {
  const token = /\/unsubscribe#(\S+)/.exec(text)?.[1]
  if (!token) throw new Error(`No unsubscribe link in:\n${text}`)
  return token
}
