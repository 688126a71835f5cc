import type { Insertable } from 'kysely'
import type { Config } from '../src/config.js'
import type { Db } from '../src/db/database.js'
import type { DsaProjectsTable } from '../src/db/schema.js'
import { createApplicationsRepository } from '../src/features/applications/applications.repository.js'
import { serverAuditKeys } from '../src/features/audit/audit-keys.js'
import { createAuditRepository } from '../src/features/audit/audit.repository.js'
import { createAuditService } from '../src/features/audit/audit.service.js'
import { type SessionTokens, createSessionTokens, resolveAuthSecret } from '../src/features/auth/session-token.js'
import { createSessionsRepository } from '../src/features/auth/sessions.repository.js'
import { createSettingsRepository } from '../src/db/settings.repository.js'
import { createUsersRepository } from '../src/features/users/users.repository.js'
import { type Clock, DAY_MS } from '../src/lib/clock.js'
import { randomToken } from '../src/lib/crypto.js'
import { normalizeEmail } from '../src/lib/email-address.js'

let sequence = 0

export interface UserOverrides {
  email?: string
  fullName?: string
  roleCode?: 'SUPER_ADMIN' | 'ADMIN' | 'REPORT_WRITER' | 'STAFF'
  applications?: string[]
  isActive?: boolean
  createdAt?: string
}

/** Inserts a valid user (in the seeded district organisation); override only what the test is about. */
export async function insertUser(db: Db, overrides: UserOverrides = {}): Promise<{ userId: number; email: string }> {
  sequence += 1
  const email = overrides.email ?? `person${sequence}@district.test`
  const at = overrides.createdAt ?? '2026-01-01T00:00:00.000Z'
  const role = await db.kysely
    .selectFrom('roles')
    .select('role_id')
    .where('role_code', '=', overrides.roleCode ?? 'STAFF')
    .executeTakeFirstOrThrow()
  const org = await db.kysely.selectFrom('organizations').select('org_id').orderBy('org_id').executeTakeFirstOrThrow()
  // Through the users repository, as the platform writes people (it keeps their search words in step).
  const { user_id: userId } = await createUsersRepository(db).insert({
    email,
    full_name: overrides.fullName ?? `Person ${sequence} Example`,
    organization_id: org.org_id,
    role_id: role.role_id,
    is_active: overrides.isActive === false ? 0 : 1,
    email_verified: 0,
    last_login: null,
    created_at: at,
    updated_at: at,
  })
  for (const code of overrides.applications ?? []) {
    const app = await db.kysely.selectFrom('applications').select('app_id').where('app_code', '=', code).executeTakeFirstOrThrow()
    await db.kysely
      .insertInto('user_permissions')
      .values({ user_id: userId, app_id: app.app_id, permission_level: 'read', granted_at: at, granted_by: null })
      .execute()
  }
  // Grants change menus: like every write to grants, this marks cached menus out of date.
  if ((overrides.applications ?? []).length > 0) await createApplicationsRepository(db).bumpAccessVersion()
  return { userId, email }
}

/** Grants an application to a user the way the platform does: the grant and a new access version together. */
export async function grantApplication(db: Db, userId: number, appCode: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const app = await trx.selectFrom('applications').select('app_id').where('app_code', '=', appCode).executeTakeFirstOrThrow()
    await trx
      .insertInto('user_permissions')
      .values({ user_id: userId, app_id: app.app_id, permission_level: 'read', granted_at: '2026-01-01T00:00:00.000Z', granted_by: null })
      .execute()
    await createApplicationsRepository(db).bumpAccessVersion(trx)
  })
}

type ProjectValues = Insertable<DsaProjectsTable>

/**
 * Inserts a tracker project for tests of reports over `dsa_projects`: its client, number and name, and what the test is
 * about; the rest as a scrape at `at` writes it (a link, approved, found by its name in lower case).
 */
export async function insertProject(
  db: Db,
  at: string,
  project: Pick<ProjectValues, 'client_id' | 'project_number' | 'project_name'> & Partial<ProjectValues>,
): Promise<void> {
  await insertProjects(db, at, [project])
}

/** Many projects at once, a few hundred to a statement (a report over tens of thousands of rows). */
export async function insertProjects(
  db: Db,
  at: string,
  projects: Array<Pick<ProjectValues, 'client_id' | 'project_number' | 'project_name'> & Partial<ProjectValues>>,
): Promise<void> {
  const perStatement = 500
  for (let start = 0; start < projects.length; start += perStatement) {
    await db.kysely
      .insertInto('dsa_projects')
      .values(
        projects.slice(start, start + perStatement).map((project) => ({
          project_link: 'https://example.org',
          project_status: 'APPROVED',
          search_text: project.project_name.toLowerCase(),
          first_seen_at: at,
          scraped_at: at,
          ...project,
        })),
      )
      .execute()
  }
}

/** The address and browser Fastify's inject calls come from, which a real sign-in through them records. */
const INJECT_CLIENT = { ip: '127.0.0.1', userAgent: 'lightMyRequest' }

/**
 * Signs a person in without the e-mail: the rows a completed sign-in writes (the session and its token, the person's
 * last sign-in, the sign-in's audit row), made directly on the platform's database. Tests about something else than
 * signing in use it; the sign-in tests go through the e-mailed link (signInByEmail).
 */
export function createSessionFactory(db: Db, config: Config, clock: Clock): (email: string) => Promise<string> {
  const users = createUsersRepository(db)
  const sessions = createSessionsRepository(db)
  // Made at the first sign-in, once the platform has stored its secret and keyed its audit chain.
  let ready: { tokens: SessionTokens; audit: ReturnType<typeof createAuditService> } | null = null
  return async (email) => {
    ready ??= {
      tokens: createSessionTokens(await resolveAuthSecret(config.authSecret, createSettingsRepository(db))),
      audit: createAuditService({ audit: createAuditRepository(db, serverAuditKeys(config.audit, db).chain), clock }),
    }
    const user = await users.findByEmail(normalizeEmail(email))
    if (!user || user.is_active !== 1) throw new Error(`No active person has the address ${email}`)
    const now = clock.now()
    const expiresAt = new Date(now.getTime() + config.session.maxDays * DAY_MS)
    const sessionId = randomToken(16)
    await users.recordSignIn(user.user_id, now.toISOString())
    await sessions.insert({
      session_id: sessionId,
      user_id: user.user_id,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      revoked_at: null,
      revoked_reason: null,
      ip: INJECT_CLIENT.ip,
      user_agent: INJECT_CLIENT.userAgent,
      device_id: null,
    })
    await ready.audit.record({
      action: 'sign_in.success',
      outcome: 'success',
      actorUserId: user.user_id,
      email: user.email,
      ip: INJECT_CLIENT.ip,
      userAgent: INJECT_CLIENT.userAgent,
      details: { method: 'link', challengeId: null, sessionId, newDevice: false },
    })
    return ready.tokens.sign({ userId: user.user_id, sessionId, issuedAt: now, expiresAt })
  }
}
