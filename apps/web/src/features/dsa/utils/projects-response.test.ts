import type { DsaProject } from '@platform/contracts/dsa'
import { describe, expect, it } from 'vitest'
import { makeProject } from '../testing/fixtures'
import { normaliseProjects, ProjectsPayloadSchema } from './projects-response'

const read = (body: unknown) => normaliseProjects(ProjectsPayloadSchema.parse(body), { limit: 50, offset: 100 })
const project: DsaProject = makeProject({ id: 1 })

describe('normaliseProjects', () => {
  it('reads the server answer as it is', () => {
    expect(read({ data: [project], pagination: { total: 151, limit: 50, offset: 100 } })).toEqual({
      data: [project],
      pagination: { total: 151, limit: 50, offset: 100 },
    })
  })

  it('reads the list from `projects` and the total from `totalCount`', () => {
    expect(read({ projects: [project], totalCount: 151 })).toEqual({ data: [project], pagination: { total: 151, limit: 50, offset: 100 } })
  })

  it('counts what it has when no total is given', () => {
    expect(read({ data: [project] }).pagination.total).toBe(101)
  })

  it('refuses an answer without a project list', () => {
    expect(ProjectsPayloadSchema.safeParse({ pagination: { total: 0 } }).success).toBe(false)
    expect(ProjectsPayloadSchema.safeParse({ data: [{ id: 'x' }] }).success).toBe(false)
  })
})
