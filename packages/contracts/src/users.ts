import { z } from 'zod'
import { countParam, idParam, text } from './input.js'
import { EmailSchema } from './auth.js'
import { DutyInputSchema, DutySchema } from './finance.js'
import { adminLabels, choicesInWords } from './labels/admin.js'

export const OrganizationSchema = z.object({ org_id: z.number().int(), org_name: z.string(), org_code: z.string() })
export type Organization = z.infer<typeof OrganizationSchema>

export const RoleSchema = z.object({
  role_id: z.number().int(),
  role_name: z.string(),
  role_code: z.string(),
  role_level: z.number().int(),
})
export type Role = z.infer<typeof RoleSchema>

/** The applications a user form offers as checkboxes. */
export const MetaApplicationSchema = z.object({
  app_id: z.number().int(),
  app_name: z.string(),
  app_code: z.string(),
  app_icon: z.string(),
  app_color: z.string(),
  category: z.string(),
  admin_only: z.number().int(),
  is_active: z.number().int(),
})
export type MetaApplication = z.infer<typeof MetaApplicationSchema>

export const MetaOrgsResponseSchema = z.object({ data: z.array(OrganizationSchema) })
export const MetaRolesResponseSchema = z.object({ data: z.array(RoleSchema) })
export const MetaAppsResponseSchema = z.object({ data: z.array(MetaApplicationSchema) })

export const INVITATION_STATUSES = ['none', 'pending', 'expired'] as const
export const INVITATION_TTL_DAYS = 7

/** A user as User Management lists them (the API's field names). */
export const UserSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  organization_id: z.number().int(),
  role_id: z.number().int(),
  is_active: z.number().int(),
  email_verified: z.number().int(),
  last_login: z.string().nullable(),
  org_name: z.string(),
  org_code: z.string(),
  role_name: z.string(),
  role_code: z.string(),
  created_at: z.string(),
  /** The newest invitation: still usable (pending), past its 7 days unused (expired), or none outstanding. */
  invitation_status: z.enum(INVITATION_STATUSES),
  invitation_sent_at: z.string().nullable(),
})
export type User = z.infer<typeof UserSchema>

export const USER_STATUS_FILTERS = ['all', 'active', 'inactive'] as const
export const USER_SORTS = ['name', 'email', 'last_login', 'created'] as const

const optionalId = (name: string, missing: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), idParam(name, missing).optional())

/** A list's page size: a whole number of rows from 1 to 200. */
export const rowsPerPage = z.coerce
  .number({ error: 'Rows per page must be a number from 1 to 200' })
  .int('Rows per page must be a whole number from 1 to 200')
  .min(1, 'Rows per page must be a number from 1 to 200')
  .max(200, 'Rows per page is at most 200')
  .default(50)

export const UserListQuerySchema = z.object({
  search: text().trim().max(200, 'Search is at most 200 characters').optional(),
  roleId: optionalId('Role', 'Choose a role from the list'),
  orgId: optionalId('Organization', 'Choose an organization from the list'),
  status: z.enum(USER_STATUS_FILTERS, { error: `Status must be ${choicesInWords(adminLabels.userStatusFilter)}.` }).default('all'),
  sort: z.enum(USER_SORTS, { error: `Sort by ${choicesInWords(adminLabels.userSort)}.` }).default('name'),
  limit: rowsPerPage,
  offset: countParam('Starting row', 0).default(0),
})
export type UserListQuery = z.input<typeof UserListQuerySchema>
export type UserListParams = z.output<typeof UserListQuerySchema>

export const PaginationSchema = z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() })

export const UserListResponseSchema = z.object({ data: z.array(UserSchema), pagination: PaginationSchema })
export type UserListResponse = z.infer<typeof UserListResponseSchema>

export const UserIdQuerySchema = z.object({
  userId: idParam('The user number'),
})

export const UserPermissionSchema = z.object({
  app_id: z.number().int(),
  app_code: z.string(),
  app_name: z.string(),
  permission_level: z.string(),
})

export const UserDetailsResponseSchema = z.object({
  user: UserSchema,
  permissions: z.array(UserPermissionSchema),
  duties: z.array(DutySchema),
})
export type UserDetailsResponse = z.infer<typeof UserDetailsResponseSchema>

/** Application permissions are always granted at level read. */
export const PermissionInputSchema = z.object({
  appId: idParam('Application', 'Choose an application from the list'),
  permissionLevel: z.literal('read', { error: 'Applications are granted to read and use only (level read)' }).default('read'),
})

/** The payload of POST /createuser and PUT /updateuser. */
export const UserInputSchema = z.object({
  email: EmailSchema,
  fullName: text('Full name is required').trim().min(1, 'Full name is required').max(200, 'Full name is at most 200 characters'),
  organizationId: idParam('Organization', 'Organization is required'),
  roleId: idParam('Role', 'Role is required'),
  isActive: z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'Active is either on or off' })
    .transform((value) => value === true || value === 1)
    .default(true),
  permissions: z
    .array(PermissionInputSchema, { error: 'Applications must be a list' })
    .max(200, 'At most 200 applications can be granted')
    .default([]),
  sendInvitation: z.boolean({ error: 'Send invitation email is either on or off' }).default(false),
  /** Duties in the fiscal applications; left out of an update, they stay as they are; [] clears them. */
  duties: z.array(DutyInputSchema, { error: 'Duties must be a list' }).max(200, 'At most 200 duties can be given').optional(),
})
export type UserInput = z.input<typeof UserInputSchema>

export const UserSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: UserSchema,
  invitationSent: z.boolean(),
})
export type UserSavedResponse = z.infer<typeof UserSavedResponseSchema>

export const ImportActionSchema = z.enum(['create', 'update', 'unchanged', 'reject'])

/** One row of a CSV import, as the preview and the result show it. */
export const ImportRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  organization_code: z.string(),
  role_code: z.string(),
  applications: z.array(z.string()),
  /** The duties cell as read (only when the file has a duties column). */
  duties: z.string().optional(),
  action: ImportActionSchema,
  /** What will change (update) or why the row is refused (reject). */
  reasons: z.array(z.string()),
})
export type ImportRow = z.infer<typeof ImportRowSchema>

export const ImportSummarySchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  reject: z.number().int(),
})

export const ImportResponseSchema = z.object({
  applied: z.boolean(),
  summary: ImportSummarySchema,
  rows: z.array(ImportRowSchema),
})
export type ImportResponse = z.infer<typeof ImportResponseSchema>

export const IMPORT_COLUMNS = ['email', 'full_name', 'organization_code', 'role_code', 'applications'] as const
/**
 * An optional column: the person's duties, `APP_CODE:DUTY@SITE+SITE` separated by ';' (no @ for every site), e.g.
 * `PAYMENT_RECEIPTS:COLLECTOR@LHS+MHS;PAYMENT_RECEIPTS:VIEWER`. When the column is there, each row's cell is the whole truth (empty clears).
 */
export const IMPORT_DUTIES_COLUMN = 'duties'
export const IMPORT_MAX_ROWS = 10_000
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024
