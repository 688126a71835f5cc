import type { Application } from '@platform/contracts/applications'
import { describe, expect, it } from 'vitest'
import {
  checkApplicationUpdate,
  checkNewApplication,
  DELETE_APPLICATION_CONFIRMATION,
  draftFromApplication,
  emptyApplicationDraft,
  fieldOfServerError,
  normaliseAppCode,
  validateNewApplication,
} from './application-form'

describe('application form', () => {
  it('defaults the display order to 999, active and not admin-only', () => {
    expect(emptyApplicationDraft()).toMatchObject({ display_order: 999, is_active: true, admin_only: false })
  })

  it('upper-cases the code as typed', () => {
    expect(normaliseAppCode('payroll-v2 x')).toBe('PAYROLL_V2_X')
  })

  it('asks for a name and a valid code', () => {
    const result = checkNewApplication({ ...emptyApplicationDraft(), app_code: '9X' })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.errors.app_name).toBe('Name is required')
      expect(result.errors.app_code).toMatch(/starting with a letter/)
    }
  })

  it('refuses an icon or category outside the lists, a bad colour and a non-https URL', () => {
    const result = checkNewApplication({
      ...emptyApplicationDraft(),
      app_name: 'X',
      app_code: 'XY',
      app_icon: '',
      category: '',
      app_color: 'blue',
      app_url: 'http://x',
    })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.errors).toMatchObject({ app_icon: 'Choose an icon', category: 'Choose a category' })
      expect(result.errors.app_color).toBeTruthy()
      expect(result.errors.app_url).toBeTruthy()
    }
  })

  it('builds the body of a valid new application', () => {
    const result = checkNewApplication({
      ...emptyApplicationDraft(),
      app_name: 'Payroll',
      app_code: 'PAYROLL',
      display_order: '12',
      app_url: 'https://payroll.district.org',
    })
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({
        app_name: 'Payroll',
        app_code: 'PAYROLL',
        display_order: 12,
        admin_only: false,
        is_active: true,
        app_icon: 'FileText',
        category: 'GENERAL',
      }),
    })
  })

  it('sends the code back unchanged when editing', () => {
    const app: Application = {
      app_id: 4,
      app_name: 'Accruals',
      app_code: 'ACCRUALS',
      app_url: '/apps/accruals',
      app_icon: 'DollarSign',
      app_description: '',
      display_order: 3,
      is_active: 1,
      category: 'FINANCIAL',
      app_color: '#2f9e44',
      admin_only: 0,
      user_count: 12,
      created_at: '',
      updated_at: '',
    }
    const result = checkApplicationUpdate({ ...draftFromApplication(app), is_active: false })
    expect(result.ok && result.body).toMatchObject({ app_code: 'ACCRUALS', is_active: false, display_order: 3 })
  })

  it('keeps the delete confirmation word for word', () => {
    expect(DELETE_APPLICATION_CONFIRMATION).toBe('Are you sure? This will remove access for all users.')
  })
})

describe('validateNewApplication (the add form)', () => {
  it("gives each field the contract's message, and nothing for a complete draft", () => {
    const errors = validateNewApplication({ ...emptyApplicationDraft(), app_code: '1x', app_icon: '', app_color: 'blue' })
    expect(errors).toMatchObject({
      app_name: 'Name is required',
      app_code: 'App code is 2 to 40 letters, digits or underscores, starting with a letter',
      app_icon: 'Choose an icon',
      app_color: 'Colour must look like #1c7ed6',
    })
    expect(validateNewApplication({ ...emptyApplicationDraft(), app_name: 'Payroll', app_code: 'PAYROLL' })).toEqual({})
  })

  it('names the field a refusal of the server is about, by its code', () => {
    expect(fieldOfServerError('duplicate_app_code')).toBe('app_code')
    expect(fieldOfServerError('application_in_use')).toBeNull()
  })
})
