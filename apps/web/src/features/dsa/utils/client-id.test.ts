import { CLIENT_ID_HINT } from '@platform/contracts/dsa'
import { describe, expect, it } from 'vitest'
import { checkClientId, clientDisplayName, defaultClientLabel } from './client-id'

describe('checkClientId', () => {
  it('accepts the tracker ids, trimmed', () => {
    expect(checkClientId(' 37-H9 ')).toEqual({ ok: true, clientId: '37-H9' })
    expect(checkClientId('37-LFCS')).toEqual({ ok: true, clientId: '37-LFCS' })
    expect(checkClientId('37')).toEqual({ ok: true, clientId: '37' })
  })

  it('asks for an id when there is none, and explains the shape of a bad one', () => {
    expect(checkClientId('')).toEqual({ ok: false, message: 'Please select or enter a client ID' })
    expect(checkClientId('   ')).toEqual({ ok: false, message: 'Please select or enter a client ID' })
    expect(checkClientId('H9')).toEqual({ ok: false, message: CLIENT_ID_HINT })
    expect(checkClientId('37-')).toEqual({ ok: false, message: CLIENT_ID_HINT })
  })
})

describe('client names', () => {
  it('labels the default clients main and secondary', () => {
    expect(defaultClientLabel('37-H9')).toBe('main')
    expect(defaultClientLabel('37-58')).toBe('secondary')
    expect(defaultClientLabel('37-LFCS')).toBeNull()
    expect(clientDisplayName('37-H9')).toBe('37-H9 (main)')
    expect(clientDisplayName('37-LFCS')).toBe('37-LFCS')
  })
})
