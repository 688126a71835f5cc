import { describe, expect, it } from 'vitest'
import { makeRun } from '../testing/fixtures'
import { adoptRunningRuns, forgetRun } from './watched-runs'

describe('adoptRunningRuns', () => {
  it('watches the RUNNING runs of the list, one per client, the newest', () => {
    const runs = [
      makeRun({ id: 9, clientId: '37-H9', status: 'RUNNING' }),
      makeRun({ id: 8, clientId: '37-58', status: 'SUCCESS' }),
      makeRun({ id: 7, clientId: '37-H9', status: 'RUNNING' }),
    ]
    expect(adoptRunningRuns({}, runs, new Set())).toEqual({ '37-H9': 9 })
  })

  it('keeps a newer run started here and skips runs already cleared', () => {
    const watched = { '37-H9': 12 }
    const runs = [makeRun({ id: 11, clientId: '37-H9', status: 'RUNNING' }), makeRun({ id: 10, clientId: '37-58', status: 'RUNNING' })]
    expect(adoptRunningRuns(watched, runs, new Set([10]))).toBe(watched)
  })
})

describe('forgetRun', () => {
  it('forgets the run, unless a newer one of the client replaced it', () => {
    expect(forgetRun({ '37-H9': 3, '37-58': 4 }, '37-H9', 3)).toEqual({ '37-58': 4 })
    const watched = { '37-H9': 5 }
    expect(forgetRun(watched, '37-H9', 3)).toBe(watched)
  })
})
