import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { insertProject } from '../../../test/factories.js'
import { testDialects } from '../../../test/test-database.js'
import { BUILTIN_DATASETS } from './catalogue/builtin-datasets.js'

const projects = BUILTIN_DATASETS.find((dataset) => dataset.id === 'dsa_projects')!
const NUMERIC = projects.fields.filter((field) => field.type === 'money' || field.type === 'integer').map((field) => field.name)
const GROUPABLE = projects.fields.filter((field) => field.groupable !== false).map((field) => field.name)
const ANY = projects.fields.map((field) => field.name)
const text = fc.string({ maxLength: 20 })

/** A definition that should run: consistent names, aggregates that fit, formulas of the right kind for the rows. */
const sensible = fc.constantFrom('detail', 'summary').chain((mode) => {
  const summary = mode === 'summary'
  const column = summary
    ? fc.oneof(
        fc.record({ field: fc.constantFrom(...NUMERIC), agg: fc.constantFrom('sum', 'avg', 'min', 'max', 'count', 'countDistinct') }),
        fc.record({ field: fc.constantFrom('project_status', 'project_type', 'city', 'received_year') }),
        fc.record({ field: fc.constantFrom(...ANY), agg: fc.constantFrom('count', 'countDistinct', 'min', 'max') }),
      )
    : fc.oneof(
        fc.record({ field: fc.constantFrom(...ANY) }),
        fc.record({ field: fc.constantFrom(...NUMERIC), agg: fc.constantFrom('sum', 'avg', 'min', 'max', 'count') }),
      )
  const formulas = summary
    ? [
        'sum(construction_cost) / count()',
        'max(estimated_amount) - min(estimated_amount)',
        'round(avg(construction_cost), 2)',
        "sum(if(project_status = 'APPROVED', 1, 0)) / sum(0)",
      ]
    : [
        'construction_cost / 0',
        'coalesce(final_cost, 0) * 2',
        "if(project_status = 'APPROVED', 1, 0)",
        'abs(change_amount) + estimated_amount',
      ]
  return fc
    .record({
      schemaVersion: fc.constant(1),
      dataset: fc.constant('dsa_projects'),
      rows: fc.constant({ mode }),
      parameters: fc.constant([{ id: 'p', label: 'P', type: 'string' }]),
      filters: fc.array(
        fc.oneof(
          fc.record({
            field: fc.constant('project_status'),
            op: fc.constantFrom('in', 'notIn'),
            value: fc.array(fc.constantFrom('APPROVED', 'PENDING', 'COMPLETED', 'X'), { maxLength: 3 }),
          }),
          fc.record({
            field: fc.constantFrom(...NUMERIC),
            op: fc.constantFrom('gte', 'lt', 'eq', 'ne'),
            value: fc.integer({ min: -1000, max: 20_000 }),
          }),
          fc.record({
            field: fc.constant('received_date'),
            op: fc.constant('between'),
            value: fc.tuple(fc.constant('2024-01-01'), fc.constantFrom('2024-06-30', '2023-01-01')),
          }),
          fc.record({
            field: fc.constantFrom('project_name', 'client_id'),
            op: fc.constantFrom('contains', 'startsWith'),
            value: fc.oneof(text, fc.constant({ param: 'p' })),
            ignoreIfEmpty: fc.boolean(),
          }),
          fc.record({ field: fc.constantFrom(...ANY), op: fc.constantFrom('isNull', 'isNotNull') }),
        ),
        { maxLength: 3 },
      ),
      calculations: fc.subarray([
        { id: 'c1', label: 'One', expr: formulas[0]! },
        { id: 'c2', label: 'Two', expr: formulas[1]! },
        { id: 'c3', label: 'Three', expr: formulas[2]! },
        { id: 'c4', label: 'Four', expr: formulas[3]! },
      ]),
      groups: fc.uniqueArray(fc.constantFrom(...GROUPABLE), { maxLength: 2 }).map((fields) => fields.map((field) => ({ field }))),
      columns: fc.uniqueArray(column, { minLength: 1, maxLength: 4, selector: (item) => `${item.field}:${'agg' in item ? item.agg : ''}` }),
      totals: fc.record({ grand: fc.boolean(), label: fc.constant('Total') }),
    })
    .chain((draft) =>
      fc.record({
        ...Object.fromEntries(Object.entries(draft).map(([key, item]) => [key, fc.constant(item)])),
        columns: fc.constant([...draft.columns, ...draft.calculations.map((calc) => ({ calc: calc.id }))]),
        sort: fc.constant(
          draft.columns
            .slice(0, 1)
            .map((first) => ({ key: 'agg' in first && first.agg ? `${first.agg}_${first.field}` : first.field, dir: 'desc' })),
        ),
      }),
    )
})

/** Now and then, one part of a sensible definition broken: what a confused or hostile client sends. */
const MUTATIONS: Array<(definition: Record<string, unknown>) => Record<string, unknown>> = [
  (d) => ({ ...d, dataset: 'nope' }),
  (d) => ({ ...d, columns: [{ field: 'DROP TABLE users' }] }),
  (d) => ({ ...d, columns: [{ field: 'project_name', agg: 'sum' }] }),
  (d) => ({ ...d, calculations: [{ id: 'c9', label: 'Bad', expr: 'sum(' }], columns: [{ calc: 'c9' }] }),
  (d) => ({ ...d, filters: [{ field: 'construction_cost', op: 'between', value: [1] }] }),
  (d) => ({ ...d, sort: [{ key: 'nowhere', dir: 'asc' }] }),
  (d) => ({ ...d, chart: { type: 'pie', series: ['project_name'] } }),
  (d) => ({ ...d, groups: [{ field: 'construction_cost' }] }),
  (d) => ({ ...d, schemaVersion: 7 }),
]
const mutation = fc.constantFrom(...MUTATIONS)
const definition = fc
  .tuple(sensible, fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: mutation }))
  .map(([draft, mutate]) => (mutate ? mutate(draft as Record<string, unknown>) : draft))

describe.each(testDialects())('random report definitions on %s', (dialect) => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
    const at = t.clock.now().toISOString()
    for (let i = 0; i < 12; i += 1) {
      await insertProject(t.db, at, {
        client_id: i % 2 ? '37-H9' : '37-58',
        project_number: `04-${100000 + i}`,
        project_name: `School ${i}`,
        project_status: ['APPROVED', 'PENDING', 'COMPLETED'][i % 3]!,
        project_type: 'School (K-12)',
        construction_cost: i % 4 === 0 ? null : i * 1000,
        estimated_amount: i * 900,
        change_amount: i % 3 === 0 ? -50 : 25,
        received_date: `2024-0${(i % 9) + 1}-1${i % 9}`,
      })
    }
  })
  afterAll(() => t.close())

  it('never answer with a server error: a result, or a clear refusal', async () => {
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(definition, fc.record({ p: fc.oneof(fc.string({ maxLength: 10 }), fc.constant('')) }), async (body, parameters) => {
        const answer = await t.request({
          method: 'POST',
          url: '/api/reportrun',
          token: admin,
          payload: { definition: body, parameters, limit: 20 },
        })
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1)
        expect(answer.statusCode, `${answer.body}\n${JSON.stringify(body)}`).toBeLessThan(500)
        // The database never has the last word: a definition that passed the checks runs.
        expect(answer.json().code, `${answer.body}\n${JSON.stringify(body)}`).not.toBe('report_failed')
        if (answer.statusCode !== 200) expect(answer.json().error).toEqual(expect.any(String))
      }),
      { numRuns: 300, seed: 20261122 },
    )
    // The generator must reach the engine, not only the checks in front of it.
    expect(statuses.get(200) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(150)
  })
})
