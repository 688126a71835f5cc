import { describe, expect, it } from 'vitest'
import { DEFAULT_SORT, nextSort } from './sort'

describe('nextSort', () => {
  it('flips the order of the sorted column', () => {
    expect(nextSort(DEFAULT_SORT, 'projectName')).toEqual({ sort: 'projectName', order: 'desc' })
    expect(nextSort({ sort: 'projectName', order: 'desc' }, 'projectName')).toEqual({ sort: 'projectName', order: 'asc' })
  })

  it('starts names A to Z, and amounts and times largest or newest first', () => {
    expect(nextSort(DEFAULT_SORT, 'clientId')).toEqual({ sort: 'clientId', order: 'asc' })
    expect(nextSort(DEFAULT_SORT, 'constructionCost')).toEqual({ sort: 'constructionCost', order: 'desc' })
    expect(nextSort(DEFAULT_SORT, 'scrapedAt')).toEqual({ sort: 'scrapedAt', order: 'desc' })
  })
})
