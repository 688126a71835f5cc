import { EmailSchema } from '@platform/contracts/auth'
import type { MetaApplication, User, UserDetailsResponse, UserInput } from '@platform/contracts/users'

/** What the 'Add New User' / 'Edit User' form holds (select values are strings, as Mantine keeps them). */
export interface UserFormValues {
  email: string
  fullName: string
  organizationId: string
  roleId: string
  isActive: boolean
  sendInvitation: boolean
  /** The granted application ids. */
  appIds: number[]
}

export type UserFormErrors = Partial<Record<'email' | 'fullName' | 'organizationId' | 'roleId', string>>

/** A new user: active, and 'Send invitation email' checked (SPEC.md §5). */
export function emptyUserForm(): UserFormValues {
  return { email: '', fullName: '', organizationId: '', roleId: '', isActive: true, sendInvitation: true, appIds: [] }
}

/** The form for editing an existing user, with the grants /userdetails returned. */
export function userFormFromDetails(user: User, permissions: UserDetailsResponse['permissions'] = []): UserFormValues {
  return {
    email: user.email,
    fullName: user.full_name,
    organizationId: String(user.organization_id),
    roleId: String(user.role_id),
    isActive: user.is_active === 1,
    sendInvitation: false,
    appIds: [...new Set(permissions.map((permission) => permission.app_id))],
  }
}

/** The client-side required-field rules of SPEC.md §5 (the server checks them again). */
export function validateUserForm(values: UserFormValues, mode: 'create' | 'edit'): UserFormErrors {
  const errors: UserFormErrors = {}
  if (mode === 'create') {
    const email = EmailSchema.safeParse(values.email)
    if (!email.success) errors.email = email.error.issues[0]?.message ?? 'Enter a valid email address'
  }
  if (!values.fullName.trim()) errors.fullName = 'Full name is required'
  else if (values.fullName.trim().length > 200) errors.fullName = 'Full name is at most 200 characters'
  if (!values.organizationId) errors.organizationId = 'Organization is required'
  if (!values.roleId) errors.roleId = 'Role is required'
  return errors
}

export function hasErrors(errors: UserFormErrors): boolean {
  return Object.values(errors).some(Boolean)
}

/**
 * The body of POST /createuser and PUT /updateuser. Only grantable applications are sent (admin-only ones
 * never are), each at level read; an invitation is only ever asked for a new user.
 */
export function toUserInput(values: UserFormValues, mode: 'create' | 'edit', grantable: readonly Pick<MetaApplication, 'app_id'>[]): UserInput {
  const allowed = new Set(grantable.map((app) => app.app_id))
  return {
    email: values.email.trim(),
    fullName: values.fullName.trim(),
    organizationId: Number(values.organizationId),
    roleId: Number(values.roleId),
    isActive: mode === 'create' ? true : values.isActive,
    permissions: values.appIds.filter((id) => allowed.has(id)).map((appId) => ({ appId, permissionLevel: 'read' as const })),
    sendInvitation: mode === 'create' ? values.sendInvitation : false,
  }
}

/** The applications a user form offers: never the admin-only ones; active first, then by name. */
export function grantableApplications(apps: readonly MetaApplication[]): MetaApplication[] {
  return apps
    .filter((app) => app.admin_only === 0)
    .sort((a, b) => b.is_active - a.is_active || a.app_name.localeCompare(b.app_name))
}
