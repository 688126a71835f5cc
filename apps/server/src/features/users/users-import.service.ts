import { EmailSchema, SUPER_ADMIN } from '@platform/contracts/auth'
import { UNSTORABLE_TEXT_MESSAGE, isStorableText } from '@platform/contracts/input'
import { IMPORT_COLUMNS, IMPORT_DUTIES_COLUMN, IMPORT_MAX_ROWS, type ImportResponse, type ImportRow } from '@platform/contracts/users'
import { parse } from 'csv-parse/sync'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema.js'
import type { Clock } from '../../lib/clock.js'
import { normalizeEmail } from '../../lib/email-address.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditEvent, AuditService } from '../audit/audit.service.js'
import type { UserRow, UsersRepository } from './users.repository.js'
import { type CatalogueEntry, type ClientInfo, describeDuties } from './users.service.js'
import type { DutiesRepository } from './duties.repository.js'
import { type DutyRequest, dutyConflicts, dutyProblems, mergeDuties } from './duties.js'

const LOOKUP_CHUNK = 500

type Planned = ImportRow & { existing?: UserRow; orgId?: number; roleId?: number; appIds?: number[]; dutyRequests?: DutyRequest[] }

/** Reads a duties cell (`PAYMENT_RECEIPTS:COLLECTOR@LHS+MHS;ACCRUALS:VIEWER`) into duties, or the reasons it cannot. */
function readDutiesCell(
  cell: string,
  apps: CatalogueEntry[],
  sites: Array<{ site_id: number; code: string }>,
): { duties: DutyRequest[]; reasons: string[] } {
  const duties: DutyRequest[] = []
  const reasons: string[] = []
  for (const entry of cell
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z_]+):([A-Za-z_]+)(?:@([A-Za-z0-9+ ]+))?$/.exec(entry)
    if (!match) {
      reasons.push(`The duty '${entry}' is not written as APP_CODE:DUTY or APP_CODE:DUTY@SITE+SITE.`)
      continue
    }
    const app = apps.find((candidate) => candidate.app_code === match[1]!.toUpperCase())
    if (!app) {
      reasons.push(`Unknown application code '${match[1]}' in the duties.`)
      continue
    }
    const codes = match[3]
      ? match[3]
          .split('+')
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean)
      : null
    const siteIds: number[] = []
    for (const code of codes ?? []) {
      const site = sites.find((candidate) => candidate.code === code)
      if (!site) reasons.push(`Unknown site code '${code}' in the duties.`)
      else siteIds.push(site.site_id)
    }
    duties.push({ appId: app.app_id, duty: match[2]!.toUpperCase(), siteIds: codes === null ? null : siteIds })
  }
  return { duties, reasons }
}

/** Reads the uploaded bytes as UTF-8 text, refusing anything else with a message that says what to do. */
function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    throw new AppError('bad_request', 'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)" and try again.', {
      code: 'bad_encoding',
    })
  }
}

function parseRows(text: string): { records: Array<Record<string, string>>; hasDuties: boolean } {
  let records: string[][]
  try {
    records = parse(text, { skip_empty_lines: true, trim: true, relax_column_count: false, max_record_size: 10_000 }) as string[][]
  } catch (error) {
    throw new AppError('bad_request', `The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`, {
      code: 'bad_csv',
    })
  }
  const [header, ...rows] = records
  if (!header) throw new AppError('bad_request', 'The file is empty. Its first line must name the columns.', { code: 'bad_csv' })
  const columns = header.map((name) => name.trim().toLowerCase())
  const missing = IMPORT_COLUMNS.filter((name) => !columns.includes(name))
  const unexpected = columns.filter((name) => !(IMPORT_COLUMNS as readonly string[]).includes(name) && name !== IMPORT_DUTIES_COLUMN)
  if (missing.length > 0 || unexpected.length > 0) {
    const parts = [`The columns must be: ${IMPORT_COLUMNS.join(', ')}.`]
    if (missing.length > 0) parts.push(`Missing: ${missing.join(', ')}.`)
    if (unexpected.length > 0) parts.push(`Not expected: ${unexpected.join(', ')}.`)
    throw new AppError('bad_request', parts.join(' '), { code: 'bad_columns' })
  }
  if (rows.length === 0) throw new AppError('bad_request', 'The file has no rows below its header.', { code: 'bad_csv' })
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new AppError(
      'bad_request',
      `The file has ${rows.length.toLocaleString('en-US')} rows; at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} can be imported at once. Split it into smaller files.`,
      { code: 'too_many_rows' },
    )
  }
  rows.forEach((row, index) => {
    const column = row.findIndex((cell) => !isStorableText(cell))
    if (column >= 0)
      throw new AppError('bad_request', `Line ${index + 2}, column ${columns[column]}: the value ${UNSTORABLE_TEXT_MESSAGE}.`, {
        code: 'bad_csv',
      })
  })
  return {
    records: rows.map((row) => Object.fromEntries(columns.map((name, index) => [name, row[index] ?? '']))),
    hasDuties: columns.includes(IMPORT_DUTIES_COLUMN),
  }
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
  duties: DutiesRepository
  /** The finance sites, for the site codes of the duties column. */
  sites: () => Promise<Array<{ site_id: number; code: string }>>
  audit: AuditService
  clock: Clock
  inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>
  catalogue: () => Promise<CatalogueEntry[]>
  invalidateMenus: (trx: Transaction<Database>) => Promise<unknown>
  /** Stores an invitation and queues its e-mail, inside the import's transaction. */
  queueInvitation: (
    invitee: { userId: number; email: string; fullName: string },
    inviter: { id: number; fullName: string },
    trx: Transaction<Database>,
  ) => Promise<void>
}) {
  const { users, audit, clock, inTransaction, catalogue } = deps

  async function plan(bytes: Buffer, actor: AuthUser): Promise<Planned[]> {
    const { records, hasDuties } = parseRows(decodeUtf8(bytes))
    const [orgs, roles, apps, sites] = await Promise.all([users.organizations(), users.roles(), catalogue(), hasDuties ? deps.sites() : []])
    const emails = records.map((record) => normalizeEmail(record.email ?? ''))
    const existing = new Map<string, UserRow>()
    for (const part of chunks([...new Set(emails)], LOOKUP_CHUNK)) {
      for (const row of await users.findByEmails(part)) existing.set(row.email, row)
    }
    const grants = new Map<number, number[]>()
    for (const part of chunks(
      [...existing.values()].map((row) => row.user_id),
      LOOKUP_CHUNK,
    )) {
      for (const [userId, appIds] of await users.grantsOf(part)) grants.set(userId, appIds)
    }
    const currentDuties = new Map<number, DutyRequest[]>()
    {
      for (const part of chunks(
        [...existing.values()].map((row) => row.user_id),
        LOOKUP_CHUNK,
      )) {
        for (const [userId, duties] of await deps.duties.dutiesOf(part)) currentDuties.set(userId, duties)
      }
    }
    const seen = new Set<string>()
    return records.map((record, index) => {
      const email = emails[index]!
      const appCodes = (record.applications ?? '')
        .split(/[;|,]/)
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean)
      const row: Planned = {
        line: index + 2,
        email,
        full_name: record.full_name ?? '',
        organization_code: (record.organization_code ?? '').toUpperCase(),
        role_code: (record.role_code ?? '').toUpperCase(),
        applications: [...new Set(appCodes)].sort(),
        action: 'reject',
        reasons: [],
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
        else if (app.admin_only === 1) reasons.push(`${app.app_name} is for administrators only and cannot be granted.`)
        else appIds.push(app.app_id)
      }
      appIds.sort((a, b) => a - b)
      if (hasDuties) {
        row.duties = record[IMPORT_DUTIES_COLUMN] ?? ''
        const read = readDutiesCell(row.duties, apps, sites)
        reasons.push(...read.reasons)
        if (read.reasons.length === 0) {
          const problems = dutyProblems(read.duties, { grantedAppIds: appIds, catalogue: apps, siteIds: sites.map((site) => site.site_id) })
          const merged = mergeDuties(read.duties)
          reasons.push(...problems, ...(problems.length === 0 ? dutyConflicts(merged, apps) : []))
          row.dutyRequests = merged
        }
      }
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
      // Each change by the names people know, not the codes of the file.
      if (current.full_name !== row.full_name) changes.push(`Name: ${current.full_name} → ${row.full_name}`)
      if (current.organization_id !== org!.org_id) {
        const was = orgs.find((candidate) => candidate.org_id === current.organization_id)?.org_name ?? current.org_code
        changes.push(`Organization: ${was} → ${org!.org_name}`)
      }
      if (current.role_id !== role!.role_id) {
        const was = roles.find((candidate) => candidate.role_id === current.role_id)?.role_name ?? current.role_code
        changes.push(`Role: ${was} → ${role!.role_name}`)
      }
      if (currentApps.join(',') !== appIds.join(',')) {
        const name = (id: number) => apps.find((app) => app.app_id === id)?.app_name ?? String(id)
        changes.push(`Applications: ${currentApps.map(name).join(', ') || 'none'} → ${appIds.map(name).join(', ') || 'none'}`)
      }
      const held = currentDuties.get(current.user_id) ?? []
      // Without a duties column, duties stay, except those of an application the row no longer grants.
      if (!hasDuties && held.some((duty) => !appIds.includes(duty.appId)))
        row.dutyRequests = held.filter((duty) => appIds.includes(duty.appId))
      if (row.dutyRequests) {
        const before = describeDuties(currentDuties.get(current.user_id) ?? [], apps).join(';')
        const after = describeDuties(row.dutyRequests, apps).join(';')
        if (before !== after) changes.push(`duties: ${before || 'none'} → ${after || 'none'}`)
      }
      if (changes.length === 0) {
        row.action = 'unchanged'
        return row
      }
      if (
        current.user_id === actor.id &&
        (current.role_id !== role!.role_id || changes.some((change) => /^(applications|duties):/.test(change)))
      ) {
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

  const publicRow = ({
    existing: _existing,
    orgId: _orgId,
    roleId: _roleId,
    appIds: _appIds,
    dutyRequests: _duties,
    ...row
  }: Planned): ImportRow => row

  return {
    async preview(bytes: Buffer, actor: AuthUser): Promise<ImportResponse> {
      const rows = (await plan(bytes, actor)).map(publicRow)
      return { applied: false, summary: summarize(rows), rows }
    },

    async apply(bytes: Buffer, actor: AuthUser, client: ClientInfo, options: { sendInvitations: boolean }): Promise<ImportResponse> {
      const planned = await plan(bytes, actor)
      const now = clock.now().toISOString()
      const events: AuditEvent[] = []
      const base = { outcome: 'success' as const, actorUserId: actor.id, targetType: 'user', ip: client.ip, userAgent: client.userAgent }
      await inTransaction(async (trx) => {
        for (const row of planned) {
          if (row.action === 'create') {
            const { user_id: userId } = await users.insert(
              {
                email: row.email,
                full_name: row.full_name,
                organization_id: row.orgId!,
                role_id: row.roleId!,
                is_active: 1,
                email_verified: 0,
                last_login: null,
                created_at: now,
                updated_at: now,
              },
              trx,
            )
            await users.replaceGrants(userId, row.appIds!, actor.id, now, trx)
            if (row.dutyRequests) await deps.duties.replaceDuties(userId, row.dutyRequests, actor.id, now, trx)
            // Queued with the person, never sent from here: the answer does not wait for the mail server, and no
            // stop in between leaves a person without an invitation.
            if (options.sendInvitations)
              await deps.queueInvitation(
                { userId, email: row.email, fullName: row.full_name },
                { id: actor.id, fullName: actor.fullName },
                trx,
              )
            events.push({
              ...base,
              action: 'user.created',
              targetId: userId,
              email: row.email,
              details: {
                source: 'import',
                line: row.line,
                after: { role: row.role_code, organization: row.organization_code, applications: row.applications },
              },
            })
          } else if (row.action === 'update') {
            const userId = row.existing!.user_id
            await users.update(
              userId,
              { full_name: row.full_name, organization_id: row.orgId!, role_id: row.roleId!, updated_at: now },
              trx,
            )
            await users.replaceGrants(userId, row.appIds!, actor.id, now, trx)
            if (row.dutyRequests) await deps.duties.replaceDuties(userId, row.dutyRequests, actor.id, now, trx)
            events.push({
              ...base,
              action: 'user.updated',
              targetId: userId,
              email: row.email,
              details: { source: 'import', line: row.line, changes: row.reasons },
            })
          }
        }
        if (events.length > 0) await deps.invalidateMenus(trx)
      })
      if (events.length > 0) await users.refreshStatistics()
      const rows = planned.map(publicRow)
      const summary = summarize(rows)
      events.push({ ...base, action: 'user.import', targetType: 'import', details: { summary } })
      await audit.recordMany(events)
      return { applied: true, summary, rows }
    },
  }
}
export type UsersImportService = ReturnType<typeof createUsersImportService>
