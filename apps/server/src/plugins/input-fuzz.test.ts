import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/build-test-app.js'
import { accrualBody, setUpAccruals } from '../../test/accruals.js'
import { testDialects } from '../../test/test-database.js'

/*
 * Every route, as an administrator, with input built to break things: NUL characters, lone surrogates, huge and
 * negative numbers, ids past 32 bits, in path parameters, query strings, JSON bodies, CSV cells and the X-File-Name
 * header. Each input starts from a valid one (read from the route's own OpenAPI description) with a few of its values
 * replaced, so the nasty value reaches the service and the database, not only the first check. Nothing may answer 500.
 */

const RUNS_PER_ROUTE = 30
const SEED = 20261124

// These end the caller's sessions: each run gets a session of its own.
const SPENDS_SESSIONS = new Set(['/api/logout', '/api/account/sign-out-everywhere', '/api/users/:userId/sign-out-everywhere'])
/** Routes opened only by a secret the platform e-mailed (a requester's tracking link): no generated input can succeed there. */
const OPENED_BY_MAILED_SECRET = /^\/api\/(public-records\/track(\/|$)|public\/report-subscriptions\/unsubscribe$)/

// What databases cannot store or compare: the values most likely to turn into a 500.
const breakers = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  'tail\ud83d',
  '2147483648',
  '99999999999999999999',
  'Infinity',
  '1e309',
  '-1',
  '0',
  '1.5',
)
const bigNumbers = fc.constantFrom(0, -1, 1.5, -0.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 63, 1e20, 1e308, -1e308, Number.MIN_VALUE)
const otherText = fc.oneof(
  fc.constantFrom(
    '\ud83d\ude00',
    '',
    ' ',
    '-Infinity',
    'NaN',
    'null',
    'true',
    "'; drop table users; --",
    '%',
    '%ZZ',
    '%00',
    '../../etc/passwd',
    'upload_99999999999',
    'upload_0',
    'upload_1',
    '37-H9',
    'ADMIN',
    'x'.repeat(5000),
    '2026-02-30',
    '<script>',
    // Formulas SQLite would run and PostgreSQL would not.
    'project_name > 5',
    `1${'0'.repeat(400)}`,
    'if(project_name, 1, 2)',
    'id * 2147483647',
    'round(construction_cost, 99999)',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
)
const nastyScalar = fc.oneof(
  { weight: 4, arbitrary: breakers },
  { weight: 3, arbitrary: bigNumbers },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
  { weight: 2, arbitrary: otherText },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
)
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: nastyScalar },
  { weight: 1, arbitrary: fc.array(nastyScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'id', 'name', 'field', 'param', 'value'), nastyScalar, { maxKeys: 3 }) },
)

interface JsonSchema {
  type?: string
  enum?: unknown[]
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minimum?: number
  default?: unknown
  format?: string
}

// Valid values for the fields whose format a plain 'x' would not meet.
const SAMPLE_TEXT: Record<string, string> = {
  email: 'admin@example.org',
  sessionId: 'a'.repeat(32),
  deviceId: 'd'.repeat(20),
  ticket: 't'.repeat(30),
  code: '123456',
  clientId: '37-H9',
  from: '2026-01-01',
  to: '2026-12-31',
  app_code: 'FUZZ_APP',
  app_color: '#123456',
  datasetId: 'upload_1',
  replace: 'upload_1',
  domain: 'x',
  token: 'x',
  kind: 'sign_in',
  // Accruals: a reason long enough, a cycle's dates in order, an account of the seeded chart.
  reason: 'A clear reason',
  fiscalYear: '2025-26',
  cutoffOn: '2026-06-30',
  submitBy: '2026-07-15',
  lockOn: '2026-07-31',
  boardOn: '2026-09-15',
  countyOn: '2026-10-15',
  paidOn: '2026-07-20',
  reference: 'W-1',
  account: '01-0000-0-1110-1000-4300-010',
}

/** A value the schema accepts (or close to it): the starting point the mutations change. Optional fields are left out. */
function sampleOf(schema: JsonSchema | undefined, name = ''): unknown {
  if (name === 'definition') return SAMPLE_DEFINITION
  if (!schema) return 'x'
  if (schema.default !== undefined) return schema.default
  if (schema.enum) return schema.enum[0]
  if (schema.anyOf) return sampleOf(schema.anyOf[0], name)
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => schema.required?.includes(key))
          .map(([key, value]) => [key, sampleOf(value, key)]),
      )
    case 'array':
      return [sampleOf(schema.items, name)]
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1)
    case 'boolean':
      return true
    default:
      return SAMPLE_TEXT[name] ?? (schema.format === 'email' ? 'admin@example.org' : 'x')
  }
}

/** Every field a schema names, optional ones too, as key paths: places a mutation may put a value. */
function fieldPaths(schema: JsonSchema | undefined, path: Array<string | number> = []): Array<Array<string | number>> {
  if (!schema?.properties) return []
  return Object.entries(schema.properties).flatMap(([key, value]) => [[...path, key], ...fieldPaths(value, [...path, key])])
}

const SAMPLE_DEFINITION = {
  schemaVersion: 1,
  dataset: 'dsa_projects',
  parameters: [{ id: 'p', label: 'P', type: 'string' }],
  filters: [
    { field: 'project_name', op: 'contains', value: { param: 'p' }, ignoreIfEmpty: true },
    { field: 'construction_cost', op: 'gt', value: 5 },
  ],
  calculations: [{ id: 'c', label: 'C', expr: 'construction_cost * 2' }],
  groups: [{ field: 'client_id' }],
  columns: [{ field: 'project_name' }, { field: 'construction_cost', agg: 'sum' }, { calc: 'c' }],
  sort: [{ key: 'project_name' }],
  layout: { title: 'T' },
}

/** Every place a value sits in a JSON value, as key paths. */
function leaves(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return [path, ...value.flatMap((item, index) => leaves(item, [...path, index]))]
  if (value && typeof value === 'object') return [path, ...Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]))]
  return [path]
}

function replaced(value: unknown, path: Array<string | number>, by: unknown): unknown {
  if (path.length === 0) return by
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((item: unknown, index) => (index === head ? replaced(item, rest, by) : item))
  // An earlier mutation may have put a scalar where this path goes through: it becomes an object again.
  const record = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  return { ...record, [head!]: replaced(record[head!], rest, by) }
}

/** Percent-encoding that also carries what encodeURIComponent refuses (a lone surrogate goes as its three raw bytes). */
function percentEncode(text: string): string {
  let out = ''
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index)
    const pair = unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00
    if (unit >= 0xd800 && unit <= 0xdfff && !pair) {
      out += `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`
      continue
    }
    const character = pair ? text.slice(index, index + 2) : text[index]!
    if (pair) index += 1
    out += encodeURIComponent(character)
  }
  return out
}

// A printable name goes as it is (so '%ZZ' arrives malformed); anything else percent-encoded, cut anywhere.
const headerText = (name: string) => (/^[\x20-\x7e]*$/.test(name) ? name : percentEncode(name).slice(0, 300))

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))

interface Operation {
  parameters?: Array<{ in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema }>
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}

const CSV_BODY = [
  'email,full_name,organization_code,role_code,applications',
  'new.person@example.org,New Person,DIST,STAFF,',
  'other@example.org,Other,DIST,STAFF,',
]

/** One fuzzed call: the route's valid input with `mutations` of its values replaced by nasty ones. */
const call = (operation: Operation | undefined, url: string, method: string) => {
  const pathParams = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'path')
  const queryParams = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query')
  const jsonSchema = operation?.requestBody?.content['application/json']?.schema
  const takesFile = Boolean(operation?.requestBody?.content['text/csv']) || url.includes('/import/') || url.startsWith('/api/reportuploads')
  const valid = {
    path: Object.fromEntries(pathParams.map((parameter) => [parameter.name, sampleOf(parameter.schema, parameter.name)])),
    query: Object.fromEntries(
      queryParams
        .filter((parameter) => parameter.required)
        .map((parameter) => [parameter.name, sampleOf(parameter.schema, parameter.name)]),
    ),
    body: jsonSchema ? sampleOf(jsonSchema) : method === 'GET' || method === 'DELETE' ? undefined : {},
    file: CSV_BODY.map((line) => line.split(',')),
    fileName: 'people.csv' as unknown,
  }
  const places = [
    ...pathParams.map((parameter) => ['path', parameter.name]),
    ...queryParams.map((parameter) => ['query', parameter.name]),
    ['query', 'unexpected'],
    ...(valid.body === undefined ? [] : [...leaves(valid.body), ...fieldPaths(jsonSchema)].map((path) => ['body', ...path])),
    ...(takesFile ? [['file', 1, 0], ['file', 1, 1], ['file', 2, 2], ['file', 0, 1], ['fileName']] : []),
  ]
  return fc.array(fc.tuple(fc.constantFrom(...places), nastyValue), { minLength: 1, maxLength: 3 }).map((mutations) => {
    let input: Record<string, unknown> = valid
    for (const [place, value] of mutations)
      input = replaced(input, place, place[0] === 'body' || place[0] === 'file' ? value : asText(value)) as Record<string, unknown>
    const path = url.replace(/:(\w+)/g, (_match, name: string) => percentEncode(asText((input.path as Record<string, unknown>)[name])))
    const query = Object.entries(input.query as Record<string, unknown>)
      .map(([name, value]) => `${name}=${percentEncode(asText(value))}`)
      .join('&')
    const fileText = (input.file as unknown[][])
      .map((row) => row.map((cell) => asText(cell).replace(/[",\n\r]/g, ' ')).join(','))
      .join('\n')
    return {
      method,
      url: `${path}?${query}`,
      ...(takesFile
        ? { payload: fileText, headers: { 'content-type': 'text/csv', 'x-file-name': headerText(String(input.fileName)) } }
        : input.body === undefined
          ? {}
          : { payload: JSON.stringify(input.body), headers: { 'content-type': 'application/json' } }),
      mutations,
    }
  })
}

describe.each(testDialects())('every route under hostile input (%s)', (dialect) => {
  let t: TestApp
  let operations: Record<string, Record<string, Operation>>
  let admin: string
  beforeAll(async () => {
    // A scrape the fuzz starts reads a port where nothing listens, never the real tracker.
    t = await buildTestApp({ dialect, env: { DSA_BASE_URL: 'http://127.0.0.1:9/DSA/Tracker/' } })
    admin = await t.signIn('admin@example.org')
    // Accruals' routes act on a cycle and a request through duties: the administrator holds them all, so the inputs
    // that start valid get past the duty checks to the database.
    const accruals = await setUpAccruals(t)
    for (const duty of ['REQUESTER', 'SITE_APPROVER', 'FISCAL_REVIEWER', 'CONTROLLER']) {
      const adminId = (
        await t.db.kysely.selectFrom('users').select('user_id').where('email', '=', 'admin@example.org').executeTakeFirstOrThrow()
      ).user_id
      await t.db.kysely
        .insertInto('finance_duties')
        .values({ user_id: adminId, app_id: accruals.appId, duty, site_id: null, granted_at: '2026-01-01T00:00:00.000Z', granted_by: null })
        .execute()
    }
    const drafted = await t.request({
      method: 'POST',
      url: '/api/accruals',
      token: admin,
      payload: accrualBody(accruals.cycleId, accruals.siteId),
    })
    if (drafted.statusCode !== 201) throw new Error(`the fuzz's accrual answered ${drafted.statusCode}: ${drafted.body}`)
    // Public Information's steps are taken through duties, which administrators hold only when granted (one request to act on).
    const adminId = (
      await t.db.kysely.selectFrom('users').select('user_id').where('email', '=', 'admin@example.org').executeTakeFirstOrThrow()
    ).user_id
    const publicInfo = (
      await t.db.kysely.selectFrom('applications').select('app_id').where('app_code', '=', 'PUBLIC_INFO').executeTakeFirstOrThrow()
    ).app_id
    for (const duty of ['COORDINATOR', 'CUSTODIAN', 'COUNSEL', 'SIGNATORY']) {
      await t.db.kysely
        .insertInto('finance_duties')
        .values({ user_id: adminId, app_id: publicInfo, duty, site_id: null, granted_at: '2026-01-01T00:00:00.000Z', granted_by: null })
        .execute()
    }
    await t.request({
      method: 'POST',
      url: '/api/records-requests',
      token: admin,
      payload: {
        receivedAt: '2026-03-01T17:00:00.000Z',
        channel: 'EMAIL',
        requesterName: 'Fuzz',
        requesterContact: 'fuzz@example.org',
        text: 'Warrants',
      },
    })
    // Its first task, document, exemption, fee and letter, so the steps on them meet something to act on.
    await t.request({
      method: 'POST',
      url: '/api/records-requests/1/assignments',
      token: admin,
      payload: { userId: adminId, role: 'CUSTODIAN', reason: 'Files', task: 'Search' },
    })
    await t.request({
      method: 'POST',
      url: '/api/records-requests/1/documents?fileName=list.csv',
      token: admin,
      payload: Buffer.from('name\nAcme\n'),
      headers: { 'content-type': 'application/octet-stream' },
    })
    await t.request({
      method: 'POST',
      url: '/api/records-exemptions',
      token: admin,
      payload: { citation: 'Gov. Code §7927.700', title: 'Personnel files' },
    })
    await t.request({
      method: 'POST',
      url: '/api/records-requests/1/fees',
      token: admin,
      payload: { kind: 'DUPLICATION', description: 'Copies', quantity: 10, unitCents: 10 },
    })
    await t.request({ method: 'POST', url: '/api/records-requests/1/letters', token: admin, payload: { kind: 'ACKNOWLEDGMENT' } })
    operations = (await t.request({ method: 'GET', url: '/api/docs/openapi.json' })).json().paths
    // A report subscription to act on (id 1), delivered to the administrator, of a report of its own (report 1 is
    // deleted by the walk before the subscriptions' routes are reached).
    const subscribedReport = await t.request({
      method: 'POST',
      url: '/api/reportcreate',
      token: admin,
      payload: { name: 'Subscribed', definition: SAMPLE_DEFINITION },
    })
    const subscribed = await t.request({
      method: 'POST',
      url: '/api/reportsubscriptions',
      token: admin,
      payload: {
        reportId: subscribedReport.json().report.REPORT_ID,
        recipientIds: [adminId],
        format: 'link',
        schedule: { frequency: 'daily', hour: 7 },
      },
    })
    if (subscribed.statusCode !== 201) throw new Error(`the fuzz's subscription answered ${subscribed.statusCode}: ${subscribed.body}`)
  })
  afterAll(() => t.close())

  it('never answers 500, and names what is wrong when it refuses', { timeout: 600_000 }, async () => {
    const failures: string[] = []
    let calls = 0
    const succeeded = new Set<string>()
    // Walked last: their fresh sign-ins move the clock past the per-network sign-in limit.
    const routes = [...t.routes].sort((a, b) => Number(SPENDS_SESSIONS.has(a.url)) - Number(SPENDS_SESSIONS.has(b.url)))
    const freshSession = async () => {
      t.clock.advance(61_000)
      return t.signIn((await t.createUser({ roleCode: 'ADMIN' })).email)
    }
    for (const route of routes) {
      const operation = operations[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]
      await fc.assert(
        fc.asyncProperty(call(operation, route.url, route.method), async ({ mutations, ...request }) => {
          calls += 1
          const token = SPENDS_SESSIONS.has(route.url) ? await freshSession() : admin
          const answer = await t.request({ ...(request as { method: 'GET' }), token })
          if (answer.statusCode < 300) succeeded.add(`${route.method} ${route.url}`)
          // report_failed is the database refusing what the checks let through: a 422 that should have been caught sooner.
          const databaseRefused = answer.statusCode === 422 && answer.json().code === 'report_failed'
          if ((answer.statusCode >= 500 && answer.statusCode !== 503) || databaseRefused)
            failures.push(`${route.method} ${request.url} ${JSON.stringify(mutations)} → ${answer.statusCode} ${answer.body}`)
          if (answer.statusCode >= 400 && answer.headers['content-type']?.toString().includes('json')) {
            const body = answer.json()
            expect(body.error, `${route.method} ${route.url}`).toEqual(expect.any(String))
            expect(body.error).not.toMatch(
              /no such column|operator does not exist|invalid input syntax|out of range for type|SQLITE_|syntax error at or near/i,
            )
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      )
    }
    expect(failures.slice(0, 20)).toEqual([])
    expect(calls).toBeGreaterThanOrEqual(t.routes.length * RUNS_PER_ROUTE)
    // The inputs start valid: most routes do their work with some of them, so the nasty values reach the database. The
    // fiscal applications' step routes (submit, approve, extend, issue, …) act on one seeded record that can be in only
    // one state at a time, and their separation of duties binds the administrator who made it, so most of them answer
    // 409 or 422 after validation: the share is held at 55% rather than 60% since those 50 routes arrived.
    const reachable = t.routes.filter((route) => !OPENED_BY_MAILED_SECRET.test(route.url)).length
    expect(succeeded.size, [...succeeded].join('\n')).toBeGreaterThan(reachable * 0.55)
  })
})
