import { recordsLabels } from '@platform/contracts/labels/records'
import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import { AGE_FIELDS, ageColumns, idField, STATE_FIELD } from '../../db/dataset-fields.js'
import { monthOf } from '../../db/sql-fragments.js'
import type { CatalogueDataset } from '../reports/reports.service.js'

/**
 * The Reports Studio dataset of Public Information: one row per request, for holders of the application. Requests
 * belong to the district, so every holder reads all of them; the requester's name and contact are left out, as in
 * the public log.
 */
export function recordsDatasets(): CatalogueDataset[] {
  const source = (k: Kysely<Database>, dialect: Dialect) =>
    k
      .selectFrom('records_requests as r')
      .select([
        'r.request_id as id',
        'r.number',
        'r.channel',
        'r.state',
        'r.outcome',
        'r.received_on',
        monthOf('r.received_on').as('received_month'),
        'r.determination_due_on',
        'r.due_on',
        sql<string>`case when r.extended_at is null then 'No' else 'Yes' end`.as('extended'),
        'r.extension_reason',
        'r.determined_on',
        monthOf('r.determined_on').as('determined_month'),
        sql<number | null>`case when r.determined_on_time is null then null when r.determined_on_time = 1 then 1 else 0 end`.as('on_time'),
        'r.closed_on',
        sql<string>`case when r.state = 'CLOSED' then 'Closed' else 'Open' end`.as('open_or_closed'),
        ...ageColumns('r.received_on', dialect, [10, 24, 60]),
      ]) as never

  return [
    {
      id: 'records_requests',
      label: 'Public records requests',
      description:
        'Every public records request: when received and due, whether extended, the outcome, whether determined on time, age. No requester details.',
      kind: 'builtin',
      access: { application: 'PUBLIC_INFO' },
      key: 'id',
      fields: [
        idField('id'),
        { name: 'number', label: 'Number', type: 'string' },
        { name: 'channel', label: 'Channel', type: 'string', labels: recordsLabels.channel },
        { ...STATE_FIELD, labels: recordsLabels.requestState },
        { name: 'outcome', label: 'Outcome', type: 'string', labels: recordsLabels.outcome },
        { name: 'received_on', label: 'Received', type: 'date' },
        { name: 'received_month', label: 'Month received', type: 'string' },
        { name: 'determination_due_on', label: 'Determination due', type: 'date' },
        { name: 'due_on', label: 'Due (after any extension)', type: 'date' },
        { name: 'extended', label: 'Extended', type: 'string' },
        { name: 'extension_reason', label: 'Extension reason', type: 'string', labels: recordsLabels.extensionReason },
        { name: 'determined_on', label: 'Determined', type: 'date' },
        { name: 'determined_month', label: 'Month determined', type: 'string' },
        { name: 'on_time', label: 'Determined on time (1 yes, 0 no)', type: 'integer' },
        { name: 'closed_on', label: 'Closed', type: 'date' },
        { name: 'open_or_closed', label: 'Open or closed', type: 'string' },
        ...AGE_FIELDS,
      ],
      source,
    },
  ]
}
