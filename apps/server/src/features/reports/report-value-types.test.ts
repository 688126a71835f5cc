import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { insertProject } from '../../../test/factories.js'
import { testDialects } from '../../../test/test-database.js'

// What SQLite lets through and PostgreSQL refuses (or the other way round) must get the same answer on both: a clear
// 422 from the definition checks, or a result; never the database's own error.
const base = { schemaVersion: 1, dataset: 'dsa_projects', columns: [{ field: 'project_name' }, { field: 'construction_cost' }] }
const calc = (expr: string) => ({ calculations: [{ id: 'c', label: 'C', expr }], columns: [{ field: 'project_name' }, { calc: 'c' }] })

const REFUSED: Array<[Record<string, unknown>, string]> = [
  [calc(`1${'0'.repeat(400)} * construction_cost`), 'The number at position 1 is too long'],
  [calc('project_name > 5'), "'>' mixes text and a number"],
  [calc("construction_cost = 'a'"), "'=' mixes a number and text"],
  [calc('if(project_name, 1, 2)'), "The first argument of if() needs a comparison, not 'Project name' (text)"],
  [calc('coalesce(project_name, 5)'), 'coalesce() mixes text and a number'],
  [calc("if(construction_cost > 5, 'big', 0)"), 'if() mixes text and a number'],
  [calc('-project_name'), "'-' needs a number, not 'Project name' (text)"],
  [calc('(construction_cost > 1) * 2'), "'*' needs numbers, not a comparison"],
  [calc('round(construction_cost, 99999999999)'), 'round() takes a number of places from 0 to 10'],
]

const RUN: Array<Record<string, unknown>> = [
  calc('id * id * id * id * 2147483647 - id'),
  calc('-(id * 2147483647)'),
  calc('construction_cost * 99999999999999999999 * 99999999999999999999'),
  calc("nullif(project_name, 'a')"),
  { filters: [{ field: 'id', op: 'eq', value: 2 ** 40 }] },
  { filters: [{ field: 'id', op: 'in', value: [2 ** 40, 1.5, 'abc', -1e308, 3] }] },
  { filters: [{ field: 'id', op: 'between', value: ['abc', 1e300] }] },
  { filters: [{ field: 'construction_cost', op: 'gt', value: 2 ** 63 }] },
  { filters: [{ field: 'project_name', op: 'gt', value: 5 }] },
]

describe.each(testDialects())('values of the wrong type or size in reports (%s)', (dialect) => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
    const at = t.clock.now().toISOString()
    for (let i = 1; i <= 3; i += 1) {
      await insertProject(t.db, at, {
        client_id: '37-H9',
        project_number: `04-${100000 + i}`,
        project_name: `School ${i}`,
        project_type: 'School (K-12)',
        construction_cost: i * 1000,
        estimated_amount: i * 900,
        change_amount: 25,
      })
    }
  })
  afterAll(() => t.close())

  const run = (parts: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/reportrun', token: admin, payload: { definition: { ...base, ...parts } } })

  it('refuses formulas the database could not run, saying why', async () => {
    for (const [parts, message] of REFUSED) {
      const answer = await run(parts)
      expect(answer.statusCode, answer.body).toBe(422)
      expect(answer.json()).toMatchObject({ code: 'invalid_definition', error: expect.stringContaining(message) })
    }
  })

  it('runs arithmetic past 32 bits and filters with numbers no column holds', async () => {
    for (const parts of RUN) {
      const answer = await run(parts)
      expect(answer.statusCode, `${JSON.stringify(parts)}: ${answer.body}`).toBe(200)
    }
    const overflow = await run(calc('id * 2147483647'))
    expect(
      overflow
        .json()
        .rows.map((row: { cells: unknown[] }) => row.cells[1])
        .filter((value: unknown) => value !== null)
        .sort(),
    ).toEqual([1, 2, 3].map((id) => id * 2147483647).sort())
  })
})
