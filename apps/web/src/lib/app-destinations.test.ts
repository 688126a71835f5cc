import { describe, expect, it } from 'vitest'
import { makeApp, makeUser } from '@/test/factories'
import { destinationForMenuId, externalAppUrl, isDestinationActive, visibleApplications } from './app-destinations'

describe('destinationForMenuId', () => {
  it('opens Reports Studio in a new tab', () => {
    expect(destinationForMenuId('reports-studio')).toEqual({ kind: 'new-tab', to: '/reports-studio' })
  })
  it('sends the DSA tracker and the overview to their own routes', () => {
    expect(destinationForMenuId('dsa-tracker')).toEqual({ kind: 'route', to: '/dsa-tracker' })
    expect(destinationForMenuId('dashboard')).toEqual({ kind: 'route', to: '/apps/dashboard' })
  })
  it('opens monitoring and user management inside the dashboard, and the rest at /apps/{id}', () => {
    expect(destinationForMenuId('weblogic-monitoring')).toEqual({ kind: 'route', to: '/apps/weblogic-monitoring' })
    expect(destinationForMenuId('user-management')).toEqual({ kind: 'route', to: '/apps/user-management' })
    expect(destinationForMenuId('payment-receipts')).toEqual({ kind: 'route', to: '/apps/payment-receipts' })
    expect(destinationForMenuId('email-admin')).toEqual({ kind: 'route', to: '/apps/email-admin' })
  })
})

describe('visibleApplications', () => {
  const apps = [
    makeApp({ app_code: 'DASHBOARD' }),
    makeApp({ app_code: 'PAYMENT_RECEIPTS' }),
    makeApp({ app_code: 'DSA_TRACKER' }),
    makeApp({ app_code: 'WEBLOGIC_MONITORING', admin_only: 1 }),
    makeApp({ app_code: 'USER_MANAGEMENT', admin_only: 1 }),
  ]

  it('shows an item only when the permissions hold its menu id, keeping the display order', () => {
    const user = makeUser({ applications: apps, permissions: ['payment-receipts', 'dashboard'] })
    expect(visibleApplications(user).map((app) => app.app_code)).toEqual(['DASHBOARD', 'PAYMENT_RECEIPTS', 'DSA_TRACKER'])
  })
  it('shows the DSA tracker whenever the person holds the DSA_TRACKER application', () => {
    const user = makeUser({ applications: [makeApp({ app_code: 'DSA_TRACKER' })], permissions: [] })
    expect(visibleApplications(user)).toHaveLength(1)
  })
  it('hides admin-only items from non-administrators even with the permission', () => {
    const user = makeUser({ applications: apps, permissions: ['weblogic-monitoring', 'user-management'] })
    expect(visibleApplications(user).map((app) => app.app_code)).toEqual(['DSA_TRACKER'])
    const admin = { ...user, roleCode: 'ADMIN' }
    expect(visibleApplications(admin).map((app) => app.app_code)).toEqual(['DSA_TRACKER', 'WEBLOGIC_MONITORING', 'USER_MANAGEMENT'])
  })
})

describe('isDestinationActive', () => {
  it('matches the path and its sub-paths only', () => {
    const dest = { kind: 'route', to: '/apps/accruals' } as const
    expect(isDestinationActive(dest, '/apps/accruals')).toBe(true)
    expect(isDestinationActive(dest, '/apps/accruals/2024')).toBe(true)
    expect(isDestinationActive(dest, '/apps/accruals-old')).toBe(false)
  })
})

describe('externalAppUrl', () => {
  it('accepts only absolute https:// addresses', () => {
    expect(externalAppUrl('https://apps.district.org/receipts')).toBe('https://apps.district.org/receipts')
    expect(externalAppUrl('http://apps.district.org')).toBeNull()
    expect(externalAppUrl('/apps/receipts')).toBeNull()
    expect(externalAppUrl('javascript:alert(1)')).toBeNull()
    expect(externalAppUrl('')).toBeNull()
  })
})
