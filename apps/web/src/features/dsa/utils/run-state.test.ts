import { describe, expect, it } from 'vitest'
import { detailsPercent, runCountsText, runOutcomeText, runState } from './run-state'

const counts = { projectsFound: 120, projectsSaved: 5, projectsUpdated: 3, error: null }

describe('runState', () => {
  it('maps the run status to the state the Scraper tab shows', () => {
    expect(runState('RUNNING')).toBe('in_progress')
    expect(runState('SUCCESS')).toBe('success')
    expect(runState('FAILED')).toBe('failed')
    expect(runState('PARTIAL')).toBe('failed')
  })
})

describe('detailsPercent', () => {
  it('is the share of detail pages read, or null before any is planned', () => {
    expect(detailsPercent({ detailsDone: 10, detailsPlanned: 40 })).toBe(25)
    expect(detailsPercent({ detailsDone: 1, detailsPlanned: 3 })).toBe(33)
    expect(detailsPercent({ detailsDone: 5, detailsPlanned: 4 })).toBe(100)
    expect(detailsPercent({ detailsDone: 0, detailsPlanned: 0 })).toBeNull()
  })
})

describe('run texts', () => {
  it('counts found, new and updated projects', () => {
    expect(runCountsText(counts)).toBe('120 projects found, 5 new, 3 updated.')
    expect(runCountsText({ projectsFound: 1, projectsSaved: 0, projectsUpdated: 0 })).toBe('1 project found, 0 new, 0 updated.')
  })

  it('says what a finished run did, and what a PARTIAL run saved before it stopped', () => {
    expect(runOutcomeText({ ...counts, status: 'SUCCESS' })).toBe('Finished: 120 projects found, 5 new, 3 updated.')
    expect(runOutcomeText({ ...counts, status: 'PARTIAL', error: 'The tracker stopped answering.' })).toBe(
      'Stopped before the end: 5 projects saved and 3 updated before it stopped. The tracker stopped answering.',
    )
    expect(runOutcomeText({ ...counts, status: 'FAILED', error: 'The page layout changed.' })).toBe(
      'The scrape failed; no project was changed. The page layout changed.',
    )
  })
})
