import { type FormErrors, schemaResolver } from '@mantine/form'
import { type MetaApplication, type User, type UserDetailsResponse, type UserInput, UserInputSchema } from '@platform/contracts/users'
import { formMessage } from '@/lib/schema-errors'

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
  /** Duties in the fiscal applications; siteIds null means every site. */
  duties: DutyFormValue[]
}

export interface DutyFormValue {
  appId: number
  duty: string
  siteIds: number[] | null
}

export type UserFormErrors = Partial<Record<'email' | 'fullName' | 'organizationId' | 'roleId', string>>

/** A new user: active, and 'Send invitation email' checked. */
export function emptyUserForm(): UserFormValues {
  return { email: '', fullName: '', organizationId: '', roleId: '', isActive: true, sendInvitation: true, appIds: [], duties: [] }
}

/** The form for editing an existing user, with the grants /userdetails returned. */
export function userFormFromDetails(
  user: User,
  permissions: UserDetailsResponse['permissions'] = [],
  duties: UserDetailsResponse['duties'] = [],
): UserFormValues {
  return {
    email: user.email,
    fullName: user.full_name,
    organizationId: String(user.organization_id),
    roleId: String(user.role_id),
    isActive: user.is_active === 1,
    sendInvitation: false,
    appIds: [...new Set(permissions.map((permission) => permission.app_id))],
    duties: duties.map(({ appId, duty, siteIds }) => ({ appId, duty, siteIds })),
  }
}

const resolveUserInput = schemaResolver(UserInputSchema, { sync: true })

/**
 * The form's errors by field, from the contract the server checks the request with (UserInputSchema), each shown under
 * its field. The address of an existing user is shown read-only, so only a new user's is checked.
 */
export function validateUserForm(values: UserFormValues, mode: 'create' | 'edit'): FormErrors {
  const shown: readonly string[] =
    mode === 'create' ? ['email', 'fullName', 'organizationId', 'roleId'] : ['fullName', 'organizationId', 'roleId']
  const errors: FormErrors = {}
  for (const [path, message] of Object.entries(resolveUserInput(toUserInput(values, mode, [])))) {
    if (shown.includes(path) && typeof message === 'string') errors[path] = formMessage(message)
  }
  return errors
}

export function hasErrors(errors: FormErrors): boolean {
  return Object.values(errors).some(Boolean)
}

/** The field a refusal of the server is about, by its code; null when it concerns the form as a whole. */
export function fieldOfServerError(code: string): keyof UserFormErrors | null {
  switch (code) {
    case 'duplicate_email':
    case 'email_immutable':
      return 'email'
    case 'unknown_organization':
      return 'organizationId'
    case 'unknown_role':
      return 'roleId'
    default:
      return null
  }
}

/**
 * The body of POST /createuser and PUT /updateuser. Only grantable applications are sent (admin-only ones
 * never are), each at level read; an invitation is only ever asked for a new user.
 */
export function toUserInput(
  values: UserFormValues,
  mode: 'create' | 'edit',
  grantable: readonly Pick<MetaApplication, 'app_id'>[],
): UserInput {
  const allowed = new Set(grantable.map((app) => app.app_id))
  return {
    email: values.email.trim(),
    fullName: values.fullName.trim(),
    organizationId: Number(values.organizationId),
    roleId: Number(values.roleId),
    isActive: mode === 'create' ? true : values.isActive,
    permissions: values.appIds.filter((id) => allowed.has(id)).map((appId) => ({ appId, permissionLevel: 'read' as const })),
    sendInvitation: mode === 'create' ? values.sendInvitation : false,
    // A duty goes with its application: one whose application is no longer ticked is dropped.
    duties: values.duties.filter((duty) => values.appIds.includes(duty.appId) && allowed.has(duty.appId)),
  }
}

/** Sets one duty's sites in the form's list (an empty list removes the duty). */
export function withDuty(duties: readonly DutyFormValue[], appId: number, duty: string, siteIds: number[] | null): DutyFormValue[] {
  const others = duties.filter((candidate) => !(candidate.appId === appId && candidate.duty === duty))
  return siteIds !== null && siteIds.length === 0 ? others : [...others, { appId, duty, siteIds }]
}

/** The applications a user form offers: never the admin-only ones; active first, then by name. */
export function grantableApplications(apps: readonly MetaApplication[]): MetaApplication[] {
  return apps.filter((app) => app.admin_only === 0).sort((a, b) => b.is_active - a.is_active || a.app_name.localeCompare(b.app_name))
}
