import { EXTENSION_REASONS, OUTCOMES, WITHHOLDING_OUTCOMES } from '@platform/contracts/records'
import type { BenchDatabase, FillColumn } from './lib/database.js'
import { addPerson, maxId, migrate, totalOf } from './lib/fiscal.js'
import { load } from './lib/load.js'
import type { BenchContext } from './lib/scenario.js'
import { signIn, startServer } from './lib/server.js'

/** How many records requests are stored before measuring (BENCH_RECORDS to try the scenario smaller). */
const REQUESTS = Number(process.env.BENCH_RECORDS ?? 50_000)
/** Requests were received over the last four years, evenly. */
const SPAN_DAYS = 4 * 365
const CUSTODIANS = 12
const COORDINATOR = 'coordinator@bench.test'
const CHANNELS = ['EMAIL', 'WEB_FORM', 'EMAIL', 'MAIL', 'IN_PERSON', 'PHONE']
const FIRST_NAMES = ['Maria', 'James', 'Ana', 'Wei', 'Fatima', 'John', 'Luis', 'Sofia', 'Kwame', 'Olga', 'Priya', 'Diego']
const LAST_NAMES = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Lopez', 'Kim', 'Brown', 'Martinez', 'Okafor', 'Ivanova', 'Patel']
const SUBJECTS = [
  'All contracts with the bus company for the current school year',
  'The adopted budget and every budget revision since July',
  'E-mails between the superintendent and board members about the bond measure',
  'Invoices paid to consultants for the facilities master plan',
  'Settlement agreements with former employees',
  'Attendance and enrollment figures by school for the last three years',
  'Board meeting minutes and closed session reports',
  'Purchase orders over $10,000 for technology',
  'Complaints about the cafeteria vendor and the responses',
  'The salary schedule and stipends paid to coaches',
]
const EXEMPTIONS = [
  { citation: 'Gov. Code §7927.700', title: 'Personnel files' },
  { citation: 'Gov. Code §7927.705', title: 'Records exempt under other law' },
  { citation: 'Gov. Code §7922.000', title: 'Public interest balancing' },
  { citation: 'Evid. Code §954', title: 'Attorney-client privilege' },
]
/** Where the clock runs (a request not yet determined); only recent requests are there, as in a district that keeps up. */
const CLOCK_STATES = ['RECEIVED', 'CLARIFYING']

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** Where one request stands, from its age: recent ones still open, older ones mostly closed. */
function shapeOf(index: number, today: string) {
  const age = SPAN_DAYS - Math.floor((index * SPAN_DAYS) / REQUESTS)
  const receivedOn = addDays(today, -age)
  const draw = (index * 7919) % 100
  const state =
    age <= 9
      ? draw < 55
        ? 'RECEIVED'
        : draw < 75
          ? 'CLARIFYING'
          : draw < 90
            ? 'DETERMINED'
            : 'PRODUCING'
      : age <= 60
        ? draw < 25
          ? 'DETERMINED'
          : draw < 65
            ? 'PRODUCING'
            : 'CLOSED'
        : draw < 2
          ? 'PRODUCING'
          : draw < 4
            ? 'REOPENED'
            : 'CLOSED'
  return { age, receivedOn, state, year: Number(receivedOn.slice(0, 4)) }
}

const REQUEST_COLUMNS: FillColumn[] = [
  ...['request_id', 'year', 'sequence'].map((name) => ({ name, pgType: 'int' as const })),
  ...[
    'number',
    'received_at',
    'received_on',
    'channel',
    'requester_name',
    'requester_contact',
    'request_text',
    'clarified_text',
    'search_text',
    'state',
    'outcome',
    'counted_from',
  ].map((name) => ({ name, pgType: 'text' as const })),
  { name: 'after_hours', pgType: 'int' },
  ...['day_ten', 'determination_due_on', 'due_on', 'clock_explanation', 'extension_reason'].map((name) => ({
    name,
    pgType: 'text' as const,
  })),
  { name: 'extension_days', pgType: 'int' },
  ...['extended_due_on', 'extension_explanation'].map((name) => ({ name, pgType: 'text' as const })),
  { name: 'extended_by', pgType: 'int' },
  ...['extended_at', 'determined_on', 'determined_at'].map((name) => ({ name, pgType: 'text' as const })),
  { name: 'determined_by', pgType: 'int' },
  { name: 'determined_on_time', pgType: 'int' },
  ...['estimated_production_on', 'determination_json'].map((name) => ({ name, pgType: 'text' as const })),
  { name: 'point_person_id', pgType: 'int' },
  { name: 'created_by', pgType: 'int' },
  ...['created_at', 'produced_at', 'closed_at', 'closed_on', 'reopened_at'].map((name) => ({ name, pgType: 'text' as const })),
]

interface People {
  coordinator: number
  custodians: number[]
  exemptionIds: number[]
}

function* requestRows(firstId: number, today: string, people: People): Generator<unknown[]> {
  const sequences = new Map<number, number>()
  for (let index = 0; index < REQUESTS; index++) {
    const { age, receivedOn, state, year } = shapeOf(index, today)
    const sequence = (sequences.get(year) ?? 0) + 1
    sequences.set(year, sequence)
    const number = `PRR-${year}-${String(sequence).padStart(4, '0')}`
    const name = `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[(index >> 3) % LAST_NAMES.length]}`
    const text = `${SUBJECTS[index % SUBJECTS.length]} (${index % 211})`
    const clarified = state === 'CLARIFYING' || index % 9 === 0 ? `${text}, limited to records kept at the district office` : null
    const dayTen = addDays(receivedOn, 10)
    const clockRuns = CLOCK_STATES.includes(state)
    const extended = !clockRuns && index % 10 === 3
    const extendedDue = extended ? addDays(dayTen, 14) : null
    const dueOn = extendedDue ?? dayTen
    // Determined within days (later when extended), closed some days after: never after today.
    const determinedAfter = Math.min(age, 2 + (index % 12) + (extended ? 10 : 0))
    const determinedOn = clockRuns ? null : addDays(receivedOn, determinedAfter)
    const outcome = determinedOn === null ? null : OUTCOMES[index % OUTCOMES.length]!
    const withholding = outcome !== null && WITHHOLDING_OUTCOMES.includes(outcome)
    const closedOn = state === 'CLOSED' ? addDays(receivedOn, determinedAfter + Math.min(age - determinedAfter, 5 + (index % 30))) : null
    const point = index % 10 === 0 && state === 'RECEIVED' ? null : people.custodians[index % people.custodians.length]!
    yield [
      firstId + index,
      year,
      sequence,
      number,
      `${receivedOn}T16:${String(index % 60).padStart(2, '0')}:00.000Z`,
      receivedOn,
      CHANNELS[index % CHANNELS.length],
      name,
      `${name.toLowerCase().replace(' ', '.')}@example.com`,
      text,
      clarified,
      `${number} ${name} ${text} ${clarified ?? ''}`.toLowerCase(),
      state,
      outcome,
      addDays(receivedOn, 1),
      0,
      dayTen,
      dayTen,
      dueOn,
      `Received ${receivedOn}; counted from ${addDays(receivedOn, 1)}; the tenth day is ${dayTen}.`,
      extended ? EXTENSION_REASONS[index % EXTENSION_REASONS.length] : null,
      extended ? 14 : null,
      extendedDue,
      extended ? `Extended by 14 days to ${extendedDue}.` : null,
      extended ? people.coordinator : null,
      extended ? `${addDays(receivedOn, 8)}T18:00:00.000Z` : null,
      determinedOn,
      determinedOn && `${determinedOn}T20:00:00.000Z`,
      determinedOn && people.coordinator,
      determinedOn === null ? null : determinedOn <= dueOn ? 1 : 0,
      outcome === 'DISCLOSABLE' || outcome === 'PARTIAL' ? addDays(determinedOn!, 14) : null,
      determinedOn &&
        JSON.stringify({
          responsible: [{ name: 'Pat Lee', title: 'Custodian of Records' }],
          exemptionIds: withholding ? [people.exemptionIds[index % people.exemptionIds.length]] : [],
        }),
      point,
      people.coordinator,
      `${receivedOn}T16:30:00.000Z`,
      closedOn && (outcome === 'DISCLOSABLE' || outcome === 'PARTIAL') ? `${closedOn}T19:00:00.000Z` : null,
      closedOn && `${closedOn}T21:00:00.000Z`,
      closedOn,
      state === 'REOPENED' ? `${addDays(receivedOn, Math.min(age, 40))}T17:00:00.000Z` : null,
    ]
  }
}

const TASK_COLUMNS: FillColumn[] = [
  { name: 'request_id', pgType: 'int' },
  { name: 'assignee_id', pgType: 'int' },
  { name: 'description', pgType: 'text' },
  { name: 'state', pgType: 'text' },
  { name: 'result', pgType: 'text' },
  { name: 'created_by', pgType: 'int' },
  { name: 'created_at', pgType: 'text' },
  { name: 'done_at', pgType: 'text' },
]

/** A search task for every third request, open while the request is not yet determined or just determined. */
function* taskRows(firstId: number, today: string, people: People): Generator<unknown[]> {
  for (let index = 0; index < REQUESTS; index += 3) {
    const { receivedOn, state } = shapeOf(index, today)
    const open = [...CLOCK_STATES, 'DETERMINED'].includes(state)
    yield [
      firstId + index,
      people.custodians[(index * 7 + 5) % people.custodians.length],
      'Search the business office files and e-mail for responsive records',
      open ? 'OPEN' : 'DONE',
      open ? null : 'Searched; responsive records uploaded',
      people.coordinator,
      `${receivedOn}T17:00:00.000Z`,
      open ? null : `${addDays(receivedOn, 2)}T17:00:00.000Z`,
    ]
  }
}

const ASSIGNMENT_COLUMNS: FillColumn[] = [
  { name: 'request_id', pgType: 'int' },
  { name: 'role', pgType: 'text' },
  { name: 'user_id', pgType: 'int' },
  { name: 'reason', pgType: 'text' },
  { name: 'assigned_by', pgType: 'int' },
  { name: 'assigned_at', pgType: 'text' },
]

function* assignmentRows(firstId: number, today: string, people: People): Generator<unknown[]> {
  for (let index = 0; index < REQUESTS; index++) {
    const { receivedOn, state } = shapeOf(index, today)
    if (index % 10 === 0 && state === 'RECEIVED') continue
    yield [
      firstId + index,
      'POINT_PERSON',
      people.custodians[index % people.custodians.length],
      'Keeps the records asked for',
      people.coordinator,
      `${receivedOn}T16:45:00.000Z`,
    ]
  }
}

/**
 * A coordinator, the custodians requests are assigned to, the exemption library, and REQUESTS requests received over
 * four years, written around the API: the recent ones open with their clock running, the older ones determined,
 * producing or closed; each numbered within its year with the year's counter; search tasks and assignments beside them.
 */
async function fill(database: BenchDatabase, today: string): Promise<People> {
  const appCode = 'PUBLIC_INFO'
  const coordinator = await addPerson(database, { email: COORDINATOR, name: 'Bench coordinator', appCode, duties: ['COORDINATOR'] })
  const custodians: number[] = []
  for (let i = 0; i < CUSTODIANS; i++) {
    custodians.push(
      await addPerson(database, {
        email: `custodian${i + 1}@bench.test`,
        name: `${FIRST_NAMES[i]} ${LAST_NAMES[i % LAST_NAMES.length]}`,
        appCode,
        duties: ['CUSTODIAN'],
      }),
    )
  }
  const exemptionIds: number[] = []
  for (const exemption of EXEMPTIONS) {
    const [row] = await database.query<{ exemption_id: number }>(
      `insert into records_exemptions (citation, title, description, active, created_by, created_at) values (?, ?, ?, 1, ?, ?) returning exemption_id`,
      [exemption.citation, exemption.title, exemption.title, coordinator, new Date().toISOString()],
    )
    exemptionIds.push(Number(row!.exemption_id))
  }
  const people = { coordinator, custodians, exemptionIds }
  const firstId = (await maxId(database, 'records_requests', 'request_id')) + 1
  await database.fill('records_requests', REQUEST_COLUMNS, requestRows(firstId, today, people))
  await database.followIds('records_requests', 'request_id')
  await database.fill('records_tasks', TASK_COLUMNS, taskRows(firstId, today, people))
  await database.fill('records_assignments', ASSIGNMENT_COLUMNS, assignmentRows(firstId, today, people))
  const years = new Map<number, number>()
  for (let index = 0; index < REQUESTS; index++) {
    const { year } = shapeOf(index, today)
    years.set(year, (years.get(year) ?? 0) + 1)
  }
  await database.fill(
    'records_counters',
    [
      { name: 'year', pgType: 'int' },
      { name: 'last_sequence', pgType: 'int' },
    ],
    [...years],
  )
  await database.analyze()
  return people
}

/** The queue of records requests, filtered and sorted by due date, and the figures page, over 50,000 requests. */
export async function benchRecords({ databases, runs, record }: BenchContext): Promise<void> {
  const database = await databases.fresh()
  await migrate(database)
  const today = new Date().toISOString().slice(0, 10)
  const people = await fill(database, today)
  const server = await startServer({ DATABASE_URL: database.url })
  try {
    const token = await signIn(server, COORDINATOR)
    const headers = { authorization: `Bearer ${token}` }
    const requests = REQUESTS.toLocaleString('en-US')
    const queue = `${server.url}/api/records-requests`
    // Before measuring: the coordinator sees the whole queue, and each filter finds requests.
    const all = await totalOf(`${queue}?limit=1`, headers)
    if (all !== REQUESTS) throw new Error(`The coordinator sees ${all} requests, not ${REQUESTS}`)
    const searchUrl = `${queue}?state=CLOSED&search=budget&limit=50&offset=0`
    const assigneeUrl = `${queue}?assigneeId=${people.custodians[3]}&open=true&limit=50&offset=0`
    await totalOf(searchUrl, headers)
    await totalOf(assigneeUrl, headers)
    const figuresAnswer = await fetch(`${server.url}/api/records-figures`, { headers })
    const figuresBody = (await figuresAnswer.json()) as { data?: { received: number } }
    if (figuresBody.data?.received !== REQUESTS)
      throw new Error(`The figures count ${figuresBody.data?.received} requests, not ${REQUESTS}`)
    for (let run = 0; run < runs; run += 1) {
      const searched = await load(searchUrl, headers, 1)
      record(
        'queue-search-p95',
        {
          label: `GET /api/records-requests by state and search, by due date, over ${requests} requests, one at a time, p95`,
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: 50 },
        },
        searched.p95,
      )
      const assigned = await load(assigneeUrl, headers, 1)
      record(
        'queue-assignee-p95',
        {
          label: "the same queue, one custodian's open requests (point person or open task), one at a time, p95",
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: 50 },
        },
        assigned.p95,
      )
      const figures = await load(`${server.url}/api/records-figures`, headers, 1)
      record(
        'figures-p95',
        {
          label: `GET /api/records-figures over ${requests} requests, one at a time, p95`,
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: 200 },
        },
        figures.p95,
      )
    }
  } finally {
    await server.stop()
  }
}
