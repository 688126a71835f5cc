import { EmailSchema } from '@platform/contracts/auth'
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportResponse, type ImportRow } from '@platform/contracts/users'
import { parse } from 'csv-parse/sync'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema.js'
import type { Clock } from '../../lib/clock.js'
import { normalizeEmail } from '../../lib/email-address.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditEvent, AuditService } from '../audit/audit.service.js'
import type { UserRow, UsersRepository } from './users.repository.js'
import type { CatalogueEntry, ClientInfo } from './users.service.js'

const SUPER_ADMIN = 'SUPER_ADMIN'
const LOOKUP_CHUNK = 500

type Planned = ImportRow & { existing?: UserRow; orgId?: number; roleId?: number; appIds?: number[] }

/** Reads the uploaded bytes as UTF-8 text, refusing anything else with a message that says what to do. */
function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    throw new AppError('bad_request', 'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)" and try again.', { code: 'bad_encoding' })
  }
}

function parseRows(text: string): Array<Record<string, string>> {
  let records: string[][]
  try {
    records = parse(text, { skip_empty_lines: true, trim: true, relax_column_count: false, max_record_size: 10_000 }) as string[][]
  } catch (error) {
    throw new AppError('bad_request', `The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`, { code: 'bad_csv' })
  }
  const [header, ...rows] = records
  if (!header) throw new AppError('bad_request', 'The file is empty. Its first line must name the columns.', { code: 'bad_csv' })
  const columns = header.map((name) => name.trim().toLowerCase())
  const missing = IMPORT_COLUMNS.filter((name) => !columns.includes(name))
  const unexpected = columns.filter((name) => !(IMPORT_COLUMNS as readonly string[]).includes(name))
  if (missing.length > 0 || unexpected.length > 0) {
    const parts = [`The columns must be: ${IMPORT_COLUMNS.join(', ')}.`]
    if (missing.length > 0) parts.push(`Missing: ${missing.join(', ')}.`)
    if (unexpected.length > 0) parts.push(`Not expected: ${unexpected.join(', ')}.`)
    throw new AppError('bad_request', parts.join(' '), { code: 'bad_columns' })
  }
  if (rows.length === 0) throw new AppError('bad_request', 'The file has no rows below its header.', { code: 'bad_csv' })
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new AppError('bad_request', `The file has ${rows.length.toLocaleString('en-US')} rows; at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} can be imported at once. Split it into smaller files.`, { code: 'too_many_rows' })
  }
  return rows.map((row) => Object.fromEntries(columns.map((name, index) => [name, row[index] ?? ''])))
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = []
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size))
  return result
}

/**
 * Importing users from a CSV file: a preview says per row what would be created, changed or refused and why; apply
 * does it in one transaction. The same rules as the user form hold, and importing the same file twice changes nothing.
 */
export function createUsersImportService(deps: {
  users: UsersRepository
  audit: AuditService
  clock: Clock
  inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>
  catalogue: () => Promise<CatalogueEntry[]>
  invalidateMenus: (trx: Transaction<Database>) => Promise<unknown>
  sendInvitation: (invitee: { userId: number; email: string; fullName: string }, inviter: { id: number; fullName: string }) => Promise<{ delivered: boolean; error?: string; willRetry?: boolean }>
}) {
  const { users, audit, clock, inTransaction, catalogue } = deps

  async function plan(bytes: Buffer, actor: AuthUser): Promise<Planned[]> {
    const records = parseRows(decodeUtf8(bytes))
    const [orgs, roles, apps] = await Promise.all([users.organizations(), users.roles(), catalogue()])
    const emails = records.map((record) => normalizeEmail(record.email ?? ''))
    const existing = new Map<string, UserRow>()
    for (const part of chunks([...new Set(emails)], LOOKUP_CHUNK)) {
      for (const row of await users.findByEmails(part)) existing.set(row.email, row)
    }
    const grants = new Map<number, number[]>()
    for (const part of chunks([...existing.values()].map((row) => row.user_id), LOOKUP_CHUNK)) {
      for (const [userId, appIds] of await users.grantsOf(part)) grants.set(userId, appIds)
    }
    const seen = new Set<string>()
    return records.map((record, index) => {
      const email = emails[index]!
      const appCodes = (record.applications ?? '').split(/[;|,]/).map((code) => code.trim().toUpperCase()).filter(Boolean)
      const row: Planned = {
        line: index + 2, email, full_name: record.full_name ?? '', organization_code: (record.organization_code ?? '').toUpperCase(),
        role_code: (record.role_code ?? '').toUpperCase(), applications: [...new Set(appCodes)].sort(), action: 'reject', reasons: [],
      }
      const reasons = row.reasons
      if (!EmailSchema.safeParse(email).success) reasons.push('The email address is not valid.')
      else if (seen.has(email)) reasons.push('This email address appears earlier in the file.')
      seen.add(email)
      if (!row.full_name) reasons.push('The full name is empty.')
      if (row.full_name.length > 200) reasons.push('The full name is longer than 200 characters.')
      const org = orgs.find((candidate) => candidate.org_code === row.organization_code)
      if (!org) reasons.push(`Unknown organization code '${row.organization_code}'.`)
      const role = roles.find((candidate) => candidate.role_code === row.role_code)
      if (!role) reasons.push(`Unknown role code '${row.role_code}'.`)
      const appIds: number[] = []
      for (const code of row.applications) {
        const app = apps.find((candidate) => candidate.app_code === code)
        if (!app) reasons.push(`Unknown application code '${code}'.`)
        else if (app.admin_only === 1) reasons.push(`${app.app_code} is for administrators only and cannot be granted.`)
        else appIds.push(app.app_id)
      }
      appIds.sort((a, b) => a - b)
      const current = existing.get(email)
      if ((role?.role_code === SUPER_ADMIN || current?.role_code === SUPER_ADMIN) && actor.roleCode !== SUPER_ADMIN) {
        reasons.push('Only a super administrator can create or change a super administrator.')
      }
      if (reasons.length > 0) return row
      row.orgId = org!.org_id
      row.roleId = role!.role_id
      row.appIds = appIds
      if (!current) {
        row.action = 'create'
        return row
      }
      row.existing = current
      const currentApps = grants.get(current.user_id) ?? []
      const changes: string[] = []
      if (current.full_name !== row.full_name) changes.push(`name: ${current.full_name} → ${row.full_name}`)
      if (current.organization_id !== org!.org_id) changes.push(`organization: ${current.org_code} → ${org!.org_code}`)
      if (current.role_id !== role!.role_id) changes.push(`role: ${current.role_code} → ${role!.role_code}`)
      if (currentApps.join(',') !== appIds.join(',')) {
        const code = (id: number) => apps.find((app) => app.app_id === id)?.app_code ?? String(id)
        changes.push(`applications: ${currentApps.map(code).join(';') || 'none'} → ${appIds.map(code).join(';') || 'none'}`)
      }
      if (changes.length === 0) {
        row.action = 'unchanged'
        return row
      }
      if (current.user_id === actor.id && (current.role_id !== role!.role_id || currentApps.join(',') !== appIds.join(','))) {
        reasons.push('You cannot change your own role or application access.')
        return row
      }
      if (current.role_code === SUPER_ADMIN && role!.role_code !== SUPER_ADMIN) {
        reasons.push('Demoting a super administrator is done one at a time in the user form, not by import.')
        return row
      }
      row.action = 'update'
      row.reasons = current.is_active === 1 ? changes : [...changes, 'The user is inactive and stays inactive.']
      return row
    })
  }

  function summarize(rows: ImportRow[]) {
    const summary = { create: 0, update: 0, unchanged: 0, reject: 0 }
    for (const row of rows) summary[row.action] += 1
    return summary
  }

  const publicRow = ({ existing: _existing, orgId: _orgId, roleId: _roleId, appIds: _appIds, ...row }: Planned): ImportRow => row

  return {
    async preview(bytes: Buffer, actor: AuthUser): Promise<ImportResponse> {
      const rows = (await plan(bytes, actor)).map(publicRow)
      return { applied: false, summary: summarize(rows), rows }
    },

    async apply(bytes: Buffer, actor: AuthUser, client: ClientInfo, options: { sendInvitations: boolean }): Promise<ImportResponse> {
      const planned = await plan(bytes, actor)
      const now = clock.now().toISOString()
      const created: Array<{ userId: number; email: string; fullName: string }> = []
      const events: AuditEvent[] = []
      const base = { outcome: 'success' as const, actorUserId: actor.id, targetType: 'user', ip: client.ip, userAgent: client.userAgent }
      await inTransaction(async (trx) => {
        for (const row of planned) {
          if (row.action === 'create') {
            const { user_id: userId } = await users.insert(
              { email: row.email, full_name: row.full_name, organization_id: row.orgId!, role_id: row.roleId!, is_active: 1, email_verified: 0, last_login: null, created_at: now, updated_at: now },
              trx,
            )
            await users.replaceGrants(userId, row.appIds!, actor.id, now, trx)
            created.push({ userId, email: row.email, fullName: row.full_name })
            events.push({ ...base, action: 'user.created', targetId: userId, email: row.email, details: { source: 'import', line: row.line, after: { role: row.role_code, organization: row.organization_code, applications: row.applications } } })
          } else if (row.action === 'update') {
            const userId = row.existing!.user_id
            await users.update(userId, { full_name: row.full_name, organization_id: row.orgId!, role_id: row.roleId!, updated_at: now }, trx)
            await users.replaceGrants(userId, row.appIds!, actor.id, now, trx)
            events.push({ ...base, action: 'user.updated', targetId: userId, email: row.email, details: { source: 'import', line: row.line, changes: row.reasons } })
          }
        }
        if (created.length > 0 || events.length > 0) await deps.invalidateMenus(trx)
      })
      const rows = planned.map(publicRow)
      const summary = summarize(rows)
      events.push({ ...base, action: 'user.import', targetType: 'import', details: { summary } })
      await audit.recordMany(events)
      if (options.sendInvitations) {
        for (const invitee of created) {
          const result = await deps.sendInvitation(invitee, { id: actor.id, fullName: actor.fullName })
          const row = rows.find((candidate) => candidate.email === invitee.email)
          if (row && !result.delivered) row.reasons.push(`The invitation could not be sent (${result.error}).`)
        }
      }
      return { applied: true, summary, rows }
    },
  }
}
export type UsersImportService = ReturnType<typeof createUsersImportService>
