import type { Db } from '../../db/database.js'

/** The columns that describe a person to the rest of the platform: user, organisation and role joined. */
function userWithOrgAndRole(db: Db) {
  return db.kysely
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.org_id', 'users.organization_id')
    .innerJoin('roles', 'roles.role_id', 'users.role_id')
    .select([
      'users.user_id',
      'users.email',
      'users.full_name',
      'users.is_active',
      'users.email_verified',
      'users.last_login',
      'users.organization_id',
      'users.role_id',
      'organizations.org_name',
      'organizations.org_code',
      'roles.role_name',
      'roles.role_code',
      'roles.role_level',
    ])
}
export type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof userWithOrgAndRole>['executeTakeFirst']>>>

export function createUsersRepository(db: Db) {
  return {
    findByEmail: (email: string) => userWithOrgAndRole(db).where('users.email', '=', email).executeTakeFirst(),
    findById: (userId: number) => userWithOrgAndRole(db).where('users.user_id', '=', userId).executeTakeFirst(),
    recordSignIn: (userId: number, at: string) =>
      db.kysely.updateTable('users').set({ last_login: at, email_verified: 1 }).where('user_id', '=', userId).execute(),
    async counts() {
      const row = await db.kysely
        .selectFrom('users')
        .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>('is_active').as('active')])
        .executeTakeFirstOrThrow()
      return { total: Number(row.total), active: Number(row.active ?? 0) }
    },
  }
}
export type UsersRepository = ReturnType<typeof createUsersRepository>
