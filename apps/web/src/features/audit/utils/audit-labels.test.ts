import { describe, expect, it } from 'vitest'
import { actionLabel, subjectLabel } from './audit-labels'

describe('Activity labels', () => {
  it('reads actions as words, not codes', () => {
    expect(actionLabel('user.updated')).toBe('User updated')
    expect(actionLabel('report.exported')).toBe('Report exported')
    expect(actionLabel('sign_in.success')).toBe('Signed in')
    expect(actionLabel('user.invitation_sent')).toBe('Invitation sent')
  })

  it('names what an entry was about when the entry records a name', () => {
    const report = { email: null, target_type: 'report', target_id: '5', details: JSON.stringify({ name: 'Costs by fund' }) }
    expect(subjectLabel(report)).toBe('Report “Costs by fund”')
    const user = {
      email: null,
      target_type: 'user',
      target_id: '7',
      details: JSON.stringify({ before: { full_name: 'Ann Lee' }, after: { full_name: 'Ann Lee-Ortiz' } }),
    }
    expect(subjectLabel(user)).toBe('User “Ann Lee-Ortiz”')
    expect(subjectLabel({ email: null, target_type: 'report', target_id: '9', details: null })).toBe('Report 9')
    expect(subjectLabel({ email: 'a@district.test', target_type: null, target_id: null, details: 'not json' })).toBe('a@district.test')
    expect(subjectLabel({ email: null, target_type: null, target_id: null, details: null })).toBe('—')
  })
})
