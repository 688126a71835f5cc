import type { MenuApplication } from '@platform/contracts/applications'
import type { SessionUser } from '@platform/contracts/auth'

let seq = 0

/** A menu application; override only what the test is about. */
export function makeApp(overrides: Partial<MenuApplication> & Pick<MenuApplication, 'app_code'>): MenuApplication {
  seq += 1
  return {
    app_id: seq,
    app_name: overrides.app_code,
    app_icon: 'FileText',
    app_color: '#1971c2',
    app_description: '',
    category: 'GENERAL',
    app_url: '',
    display_order: seq,
    admin_only: 0,
    has_access: 'Y',
    ...overrides,
  }
}

/** A signed-in person; override only what the test is about. */
export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    email: 'jane.doe@district.org',
    roleCode: 'STAFF',
    roleName: 'Staff',
    firstName: 'Jane',
    lastName: 'Doe',
    organization: 'Central Office',
    organizationCode: 'CO',
    permissions: [],
    applications: [],
    ...overrides,
  }
}
