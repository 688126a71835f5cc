import { describe, expect, it } from 'vitest'
import { getDeviceId } from './device-id'

describe('getDeviceId', () => {
  it('creates 32 random base64url characters once, under the key deviceId, and reuses them', () => {
    expect(localStorage.getItem('deviceId')).toBeNull()
    const first = getDeviceId()
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(localStorage.getItem('deviceId')).toBe(first)
    expect(getDeviceId()).toBe(first)
  })

  it('keeps a valid stored id and replaces one the server would refuse', () => {
    localStorage.setItem('deviceId', 'abcdefghijklmnop_-123456')
    expect(getDeviceId()).toBe('abcdefghijklmnop_-123456')
    localStorage.setItem('deviceId', 'not valid!')
    const replaced = getDeviceId()
    expect(replaced).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(localStorage.getItem('deviceId')).toBe(replaced)
  })

  it('gives two browsers different ids', () => {
    const first = getDeviceId()
    localStorage.clear()
    expect(getDeviceId()).not.toBe(first)
  })
})
