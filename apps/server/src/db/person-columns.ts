/**
 * The columns that describe a person to the rest of the platform: who they are, their organisation and their role.
 * For a query that joins `users`, `organizations` and `roles` under their own names.
 */
export const PERSON_COLUMNS = [
  'users.user_id',
  'users.email',
  'users.full_name',
  'users.is_active',
  'organizations.org_name',
  'organizations.org_code',
  'roles.role_code',
  'roles.role_name',
  'roles.role_level',
] as const
