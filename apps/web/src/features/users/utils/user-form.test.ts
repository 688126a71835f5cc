import type { MetaApplication, User } from '@platform/contracts/users'
import { describe, expect, it } from 'vitest'
import { emptyUserForm, grantableApplications, hasErrors, toUserInput, userFormFromDetails, validateUserForm, withDuty } from './user-form'

const app = (overrides: Partial<MetaApplication>): MetaApplication => ({
  app_id: 1,
  app_name: 'Accruals',
  app_code: 'ACCRUALS',
  app_icon: 'FileText',
  app_color: '#1c7ed6',
  category: 'FINANCIAL',
  admin_only: 0,
  is_active: 1,
  ...overrides,
})

const user: User = {
  user_id: 7,
  email: 'bob@district.org',
  full_name: 'Bob Smith',
  organization_id: 2,
  role_id: 4,
  is_active: 0,
  email_verified: 1,
  last_login: null,
  org_name: 'District Office',
  org_code: 'DISTRICT',
  role_name: 'Staff',
  role_code: 'STAFF',
  created_at: '2026-01-01T00:00:00.000Z',
  invitation_status: 'none',
  invitation_sent_at: null,
}

describe('validateUserForm', () => {
  it('asks for every required field of a new user', () => {
    const errors = validateUserForm(emptyUserForm(), 'create')
    expect(errors).toEqual({
      email: 'Email is required',
      fullName: 'Full name is required',
      organizationId: 'Organization is required',
      roleId: 'Role is required',
    })
    expect(hasErrors(errors)).toBe(true)
  })

  it('rejects a malformed e-mail and a blank name', () => {
    const errors = validateUserForm(
      { ...emptyUserForm(), email: 'not-an-email', fullName: '   ', organizationId: '1', roleId: '2' },
      'create',
    )
    expect(errors.email).toBe('Enter a valid email address')
    expect(errors.fullName).toBe('Full name is required')
    expect(errors.organizationId).toBeUndefined()
  })

  it('accepts a complete form', () => {
    const errors = validateUserForm(
      { ...emptyUserForm(), email: ' Jane@District.org ', fullName: 'Jane Doe', organizationId: '1', roleId: '2' },
      'create',
    )
    expect(hasErrors(errors)).toBe(false)
  })

  it('does not check the read-only e-mail when editing', () => {
    const errors = validateUserForm({ ...userFormFromDetails(user), email: '' }, 'edit')
    expect(hasErrors(errors)).toBe(false)
  })
})

describe('new and edited forms', () => {
  it("starts a new user active with 'Send invitation email' checked", () => {
    expect(emptyUserForm()).toMatchObject({ isActive: true, sendInvitation: true, appIds: [] })
  })

  it('fills the edit form from /userdetails', () => {
    const form = userFormFromDetails(user, [
      { app_id: 3, app_code: 'ACCRUALS', app_name: 'Accruals', permission_level: 'read' },
      { app_id: 5, app_code: 'PUBLIC_INFO', app_name: 'Public Information', permission_level: 'read' },
    ])
    expect(form).toEqual({
      email: 'bob@district.org',
      fullName: 'Bob Smith',
      organizationId: '2',
      roleId: '4',
      isActive: false,
      sendInvitation: false,
      appIds: [3, 5],
      duties: [],
    })
    const withDuties = userFormFromDetails(user, [], [{ appId: 3, appCode: 'ACCRUALS', duty: 'REQUESTER', siteIds: [1, 2] }])
    expect(withDuties.duties).toEqual([{ appId: 3, duty: 'REQUESTER', siteIds: [1, 2] }])
  })
})

describe('toUserInput', () => {
  const grantable = [app({ app_id: 3 }), app({ app_id: 5 })]

  it('grants the chosen applications at level read and asks for the invitation only for new users', () => {
    const values = {
      ...emptyUserForm(),
      email: ' jane@district.org ',
      fullName: ' Jane Doe ',
      organizationId: '1',
      roleId: '2',
      appIds: [3, 5, 99],
    }
    expect(toUserInput(values, 'create', grantable)).toEqual({
      email: 'jane@district.org',
      fullName: 'Jane Doe',
      organizationId: 1,
      roleId: 2,
      isActive: true,
      permissions: [
        { appId: 3, permissionLevel: 'read' },
        { appId: 5, permissionLevel: 'read' },
      ],
      sendInvitation: true,
      duties: [],
    })
    expect(toUserInput({ ...values, sendInvitation: true, isActive: false }, 'edit', grantable)).toMatchObject({
      isActive: false,
      sendInvitation: false,
    })
  })

  it('sends the duties of the ticked applications only', () => {
    const duties = [
      { appId: 3, duty: 'REQUESTER', siteIds: [1] },
      { appId: 7, duty: 'COLLECTOR', siteIds: null },
    ]
    const values = {
      ...emptyUserForm(),
      email: 'jane@district.org',
      fullName: 'Jane',
      organizationId: '1',
      roleId: '2',
      appIds: [3],
      duties,
    }
    expect(toUserInput(values, 'edit', grantable).duties).toEqual([{ appId: 3, duty: 'REQUESTER', siteIds: [1] }])
  })
})

describe('withDuty', () => {
  it('adds, narrows to every site, and removes a duty', () => {
    const one = withDuty([], 3, 'COLLECTOR', [1, 2])
    expect(one).toEqual([{ appId: 3, duty: 'COLLECTOR', siteIds: [1, 2] }])
    expect(withDuty(one, 3, 'COLLECTOR', null)).toEqual([{ appId: 3, duty: 'COLLECTOR', siteIds: null }])
    expect(withDuty(one, 3, 'COLLECTOR', [])).toEqual([])
    expect(withDuty(one, 3, 'COUNTER', [4])).toHaveLength(2)
  })
})

describe('grantableApplications', () => {
  it('never offers admin-only applications and lists active ones first', () => {
    const apps = [
      app({ app_id: 1, app_name: 'Zeta' }),
      app({ app_id: 2, app_name: 'Users', admin_only: 1 }),
      app({ app_id: 3, app_name: 'Alpha', is_active: 0 }),
      app({ app_id: 4, app_name: 'Beta' }),
    ]
    expect(grantableApplications(apps).map((item) => item.app_id)).toEqual([4, 1, 3])
  })
})
