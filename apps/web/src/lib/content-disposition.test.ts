import { describe, expect, it } from 'vitest'
import { filenameFromContentDisposition } from './api-client'
import { todayStamp } from './download'

describe('filenameFromContentDisposition', () => {
  it('reads quoted, plain and RFC 5987 names', () => {
    expect(filenameFromContentDisposition('attachment; filename="audit_log_2026-11-21.csv"')).toBe('audit_log_2026-11-21.csv')
    expect(filenameFromContentDisposition('attachment; filename=audit.csv')).toBe('audit.csv')
    expect(filenameFromContentDisposition('attachment; filename="x.csv"; filename*=UTF-8\'\'r%C3%A9sultat.csv')).toBe('résultat.csv')
  })

  it('answers null without a name', () => {
    expect(filenameFromContentDisposition(null)).toBeNull()
    expect(filenameFromContentDisposition('attachment')).toBeNull()
  })
})

describe('todayStamp', () => {
  it('is YYYY-MM-DD in local time', () => {
    expect(todayStamp(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
  })
})
