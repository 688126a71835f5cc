import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { queryRetryDelay, retryQuery } from './query-client'

describe('query retries', () => {
  it('tries an unreachable server or a 503 again, at most twice', () => {
    for (const error of [new ApiError(0, 'network_error', 'x'), new ApiError(503, 'unavailable', 'x')]) {
      expect([0, 1, 2].map((failures) => retryQuery(failures, error))).toEqual([true, true, false])
    }
  })

  it('never tries a refusal or a server fault again', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 500, 502, 504]) {
      expect(retryQuery(0, new ApiError(status, 'code', 'x'))).toBe(false)
    }
    expect(retryQuery(0, new Error('a fault in the page'))).toBe(false)
  })

  it('retries quickly: both waits together stay under a second', () => {
    expect(queryRetryDelay(0) + queryRetryDelay(1)).toBeLessThan(1000)
  })
})
