import {
  ACCRUAL_IMPORT_MAX_ROWS,
  type AccrualImportResponse,
  type AccrualImportRow,
  AccrualInputSchema,
  IMPORT_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
} from '@platform/contracts/accruals'
import { parseDollars } from '@platform/contracts/finance-money'
import { type LabelGroup, labelOf } from '@platform/contracts/labels'
import { accrualsLabels } from '@platform/contracts/labels/accruals'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { AccrualAccess } from './accrual-access.js'
import { type Client, REQUEST_TARGET } from './accrual-mapping.js'
import { checkContent, isLocked } from './accrual-rules.js'
import { EDIT_DUTY, LOCKED_DUTY, PARTS } from './accrual-steps.js'
import { type AccrualContent, type AccrualsRepository, vendorKey } from './accruals.repository.js'

/** A file's header and rows as text (the reports uploads readers give this for CSV and XLSX). */
export type ReadTable = (kind: 'csv' | 'xlsx', bytes: Buffer) => Promise<{ header: string[]; rows: string[][] }>

const YES = new Set(['yes', 'y', 'true', '1', 'x'])
const NO = new Set(['no', 'n', 'false', '0', ''])

/** A cell naming a choice by its words ('Unearned revenue') or its code ('UNEARNED_REVENUE'), as the code. */
function codeOf(group: LabelGroup, cell: string): string {
  const words = cell.trim().toLowerCase()
  const named = Object.entries(group).find(([, label]) => label.toLowerCase() === words)
  return named
    ? named[0]
    : cell
        .trim()
        .toUpperCase()
        .replace(/[\s-]+/g, '_')
}

// A contract's or rule's message ends with the API's name of its field, noise in a file's preview (the column says it).
const API_FIELD_NAME = / \(([a-zA-Z][\w.[\]]*)\)(?=\.?$)/
const inWords = (message: string) => message.replace(API_FIELD_NAME, '')

/**
 * Many requests at once from the template spreadsheet: every row checked by the same rules as a single
 * request, each row's problems previewed before anything is saved; applying saves the accepted rows as drafts in one
 * transaction.
 */
export function createAccrualsImportService(deps: {
  accruals: AccrualsRepository
  finance: FinanceService
  access: AccrualAccess
  audit: AuditService
  clock: Clock
  readTable: ReadTable
}) {
  const { accruals, finance, access, audit, clock } = deps
  const ruleDeps = {
    accountProblems: finance.accountProblems,
    postingAccounts: finance.postingAccounts,
    siteOf: async (siteId: number) => finance.site(siteId).catch(() => null),
    repository: accruals,
  }

  function readHeader(header: string[]): Map<string, number> {
    const names = header.map((name) => name.trim().toLowerCase())
    const unknown = names.filter((name) => name !== '' && !(IMPORT_COLUMNS as readonly string[]).includes(name))
    const missing = IMPORT_REQUIRED_COLUMNS.filter((name) => !names.includes(name))
    const twice = names.filter((name, index) => name !== '' && names.indexOf(name) !== index)
    if (unknown.length > 0 || missing.length > 0 || twice.length > 0) {
      const parts = [
        missing.length > 0 ? `missing column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}` : '',
        unknown.length > 0 ? `unknown column${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}` : '',
        twice.length > 0 ? `column${twice.length === 1 ? '' : 's'} named twice: ${twice.join(', ')}` : '',
      ].filter(Boolean)
      throw new AppError(
        'bad_request',
        `The file's columns are wrong: ${parts.join('; ')}. The template's columns are ${IMPORT_COLUMNS.join(', ')}.`,
        { code: 'wrong_columns' },
      )
    }
    return new Map(names.map((name, index) => [name, index]))
  }

  return {
    async importFile(
      cycleId: number,
      kind: 'csv' | 'xlsx',
      bytes: Buffer,
      apply: boolean,
      user: AuthUser,
      client: Client,
    ): Promise<AccrualImportResponse> {
      const cycle = await accruals.findCycle(cycleId)
      if (!cycle) throw new AppError('bad_request', `There is no accrual cycle ${cycleId}.`, { code: 'unknown_cycle' })
      const table = await deps.readTable(kind, bytes)
      const columns = readHeader(table.header)
      if (table.rows.length > ACCRUAL_IMPORT_MAX_ROWS) {
        throw new AppError(
          'too_large',
          `The file has ${table.rows.length.toLocaleString('en-US')} rows; at most ${ACCRUAL_IMPORT_MAX_ROWS.toLocaleString('en-US')} are imported at once. Split it.`,
          { code: 'too_many_rows' },
        )
      }
      const sites = new Map((await finance.sites()).map((site) => [site.code.toUpperCase(), site]))
      const locked = isLocked(cycle, localDate(clock.now(), finance.districtTimeZone))
      const duty = locked ? LOCKED_DUTY : EDIT_DUTY
      const seen = new Map<string, number>()
      const rows: AccrualImportRow[] = []
      const accepted: Array<{ row: AccrualImportRow; content: AccrualContent }> = []

      for (const [index, cells] of table.rows.entries()) {
        const line = index + 2
        const cell = (name: string) => {
          const at = columns.get(name)
          return at === undefined ? '' : (cells[at] ?? '').trim()
        }
        const optional = (name: string) => cell(name) || null
        const reasons: string[] = []
        const site = sites.get(cell('site').toUpperCase())
        if (!site) reasons.push(cell('site') ? `“${cell('site')}” is not a site’s code.` : 'The site is missing.')
        else if (!(await access.has(user, duty, site.id)))
          reasons.push(
            `You do not hold the ${labelOf(accrualsLabels.duty, duty)} duty at ${site.code}${locked ? ', which the locked cycle needs' : ''}.`,
          )
        const amountCents = cell('amount') ? parseDollars(cell('amount')) : null
        if (amountCents === null) reasons.push(`The amount “${cell('amount')}” is not an amount in dollars, such as 1234.56.`)
        const goods = cell('for_goods').toLowerCase()
        if (!YES.has(goods) && !NO.has(goods)) reasons.push(`For goods reads “${cell('for_goods')}”: write yes or no.`)
        const type = codeOf(accrualsLabels.type, cell('type'))
        const parsed = AccrualInputSchema.safeParse({
          cycleId,
          siteId: site?.id ?? 1,
          type,
          clearing: codeOf(accrualsLabels.clearing, cell('clearing')),
          forGoods: YES.has(goods),
          vendor: cell('vendor'),
          description: cell('description'),
          poNumber: optional('po_number'),
          invoiceNumber: optional('invoice_number'),
          receivedOn: optional('received_on'),
          servicePeriodFrom: optional('service_from'),
          servicePeriodTo: optional('service_to'),
          basis: codeOf(accrualsLabels.basis, cell('basis')),
          basisNote: optional('basis_note'),
          amountCents: amountCents ?? 1,
          lines: [{ account: cell('account'), amountCents: amountCents ?? 1 }],
          accrualAccount: optional('accrual_account'),
          duplicateNote: optional('duplicate_note'),
          restrictedJustification: optional('restricted_justification'),
        })
        if (!parsed.success) for (const issue of parsed.error.issues) reasons.push(inWords(issue.message))
        const row: AccrualImportRow = {
          line,
          site: cell('site'),
          type,
          vendor: cell('vendor'),
          amountCents,
          action: 'reject',
          reasons,
          id: null,
        }
        if (parsed.success && site && amountCents !== null) {
          const checked = await checkContent(ruleDeps, parsed.data, cycle, null)
          for (const problem of checked.problems) reasons.push(inWords(problem.message))
          // Two rows of one file can duplicate each other too.
          const keys = [
            `v:${vendorKey(parsed.data.vendor)}:${amountCents}`,
            ...(parsed.data.poNumber && parsed.data.invoiceNumber ? [`p:${parsed.data.poNumber}:${parsed.data.invoiceNumber}`] : []),
          ]
          const earlier = keys.map((key) => seen.get(key)).find((value) => value !== undefined)
          if (earlier !== undefined && !parsed.data.duplicateNote)
            reasons.push(
              `This may duplicate line ${earlier} of this file. To go on, say why it is not a duplicate in the duplicate note column.`,
            )
          for (const key of keys) if (!seen.has(key)) seen.set(key, line)
          if (reasons.length === 0 && checked.content) {
            row.action = 'create'
            accepted.push({ row, content: checked.content })
          }
        }
        rows.push(row)
      }

      if (apply && accepted.length > 0) {
        await accruals.createMany(
          accepted.map((entry) => entry.content),
          user.id,
          clock.now().toISOString(),
          async (trx, ids) => {
            ids.forEach((id, index) => (accepted[index]!.row.id = id))
            for (const id of ids) await access.recordParts(trx, id, [{ userId: user.id, part: PARTS.drafted }])
            await audit.recordMany(
              accepted.map((entry) => ({
                action: 'accruals.drafted',
                outcome: 'success' as const,
                actorUserId: user.id,
                targetType: REQUEST_TARGET,
                targetId: entry.row.id!,
                ip: client.ip,
                userAgent: client.userAgent,
                details: {
                  cycleId,
                  siteId: entry.content.siteId,
                  type: entry.content.type,
                  amountCents: entry.content.amountCents,
                  version: 1,
                  importedFromLine: entry.row.line,
                },
              })),
              trx,
            )
          },
        )
      }
      const created = rows.filter((row) => row.action === 'create').length
      return { applied: apply, summary: { create: created, reject: rows.length - created }, rows }
    },
  }
}
export type AccrualsImportService = ReturnType<typeof createAccrualsImportService>
