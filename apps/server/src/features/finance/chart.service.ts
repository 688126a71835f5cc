import { CHART_ACCOUNT_SEGMENT, type AccountOption, type ChartImportResponse, type ChartRow } from '@platform/contracts/finance'
import { ACCOUNT_SEGMENTS, type AccountSegmentKey, isSegmentValue, parseAccountString } from '@platform/contracts/finance-account'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema.js'
import type { Clock } from '../../lib/clock.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import { readActive, readChartCsv, normalizeSegment } from './chart-csv.js'
import type { ChartRepository } from './chart.repository.js'

type Client = { ip: string; userAgent: string | undefined }
const SEGMENT_KEYS = new Set<string>(ACCOUNT_SEGMENTS.map((segment) => segment.key))
const label = (key: string) => ACCOUNT_SEGMENTS.find((segment) => segment.key === key)?.label.toLowerCase() ?? key
const NAMED_VALUES_PER_WORD = 200

/** The SACS chart of accounts: import with a preview, search, and the check every form that takes an account uses. */
export function createChartService(deps: {
  chart: ChartRepository
  audit: AuditService
  clock: Clock
  inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>
}) {
  const { chart, audit, clock } = deps

  async function plan(bytes: Buffer) {
    const records = readChartCsv(bytes)
    const existing = new Map((await chart.segmentValues()).map((row) => [`${row.segment}:${row.value}`, row]))
    const fileValues = new Map<string, { name: string; active: boolean }>()
    const seen = new Set<string>()
    const rows: ChartRow[] = []
    const accountRows: Array<{ row: ChartRow; segments: Record<AccountSegmentKey, string> }> = []
    for (const record of records) {
      const segment = normalizeSegment(record.segment)
      const active = readActive(record.active)
      const row: ChartRow = { line: record.line, segment, value: record.value, name: record.name, active, action: 'reject', reasons: [] }
      rows.push(row)
      if (active === null) row.reasons.push(`active must be true or false, not '${record.active}'.`)
      if (segment === CHART_ACCOUNT_SEGMENT) {
        const parsed = parseAccountString(record.value)
        if (!parsed.ok) row.reasons.push(parsed.error)
        else row.value = record.value.trim()
        if (seen.has(`ACCOUNT:${row.value}`)) row.reasons.push('This account string appears earlier in the file.')
        seen.add(`ACCOUNT:${row.value}`)
        if (parsed.ok && row.reasons.length === 0) accountRows.push({ row, segments: parsed.segments })
        continue
      }
      if (!SEGMENT_KEYS.has(segment)) {
        row.reasons.push(`Unknown segment '${record.segment}'. Use one of ${[...SEGMENT_KEYS].join(', ')} or ${CHART_ACCOUNT_SEGMENT}.`)
        continue
      }
      if (!isSegmentValue(segment as AccountSegmentKey, record.value)) {
        const width = ACCOUNT_SEGMENTS.find((candidate) => candidate.key === segment)!.length
        row.reasons.push(`A ${label(segment)} value is ${width} digits, not '${record.value}'.`)
      }
      if (!record.name) row.reasons.push('The name is empty.')
      if (record.name.length > 200) row.reasons.push('The name is longer than 200 characters.')
      const key = `${segment}:${record.value}`
      if (seen.has(key)) row.reasons.push(`The ${label(segment)} value ${record.value} appears earlier in the file.`)
      seen.add(key)
      if (row.reasons.length > 0) continue
      fileValues.set(key, { name: record.name, active: active! })
      const current = existing.get(key)
      row.action = !current ? 'create' : current.name === record.name && current.active === (active ? 1 : 0) ? 'unchanged' : 'update'
    }
    // An account string is valid when each of its segment values is active, as this file leaves the chart.
    const listed = new Map(
      (await chart.accounts(accountRows.map(({ row }) => row.value))).map((account) => [account.account, account.active]),
    )
    for (const { row, segments } of accountRows) {
      for (const segment of ACCOUNT_SEGMENTS) {
        const key = `${segment.key}:${segments[segment.key]}`
        const value = fileValues.get(key) ?? (existing.has(key) ? { active: existing.get(key)!.active === 1 } : undefined)
        if (!value) row.reasons.push(`The ${segment.label.toLowerCase()} value ${segments[segment.key]} is not in the chart.`)
        else if (!value.active && row.active)
          row.reasons.push(`The ${segment.label.toLowerCase()} value ${segments[segment.key]} is inactive.`)
      }
      if (row.reasons.length > 0) continue
      const current = listed.get(row.value)
      row.action = current === undefined ? 'create' : current === (row.active ? 1 : 0) ? 'unchanged' : 'update'
    }
    return rows
  }

  function answer(rows: ChartRow[], applied: boolean): ChartImportResponse {
    const summary = { create: 0, update: 0, unchanged: 0, reject: 0 }
    for (const row of rows) summary[row.action] += 1
    return {
      applied,
      summary,
      accepted: rows.filter((row) => row.action !== 'reject'),
      rejected: rows.filter((row) => row.action === 'reject'),
    }
  }

  /**
   * Problems with some account strings, each its own list (empty: usable): its shape, each segment value, and (when
   * the district lists them) the combination. One read for them all, however many lines a record has.
   */
  async function problemsOfEach(accounts: string[]): Promise<string[][]> {
    const parsed = accounts.map((account) => ({ account: account.trim(), parsed: parseAccountString(account) }))
    const facts = await chart.accountFacts(
      [...new Set(parsed.flatMap(({ parsed: p }) => (p.ok ? Object.values(p.segments) : [])))],
      [...new Set(parsed.filter(({ parsed: p }) => p.ok).map(({ account }) => account))],
    )
    return parsed.map(({ account, parsed: p }) => {
      if (!p.ok) return [p.error]
      const problems: string[] = []
      for (const segment of ACCOUNT_SEGMENTS) {
        const value = facts.segmentValues.find((row) => row.segment === segment.key && row.value === p.segments[segment.key])
        if (!value) problems.push(`The ${segment.label.toLowerCase()} value ${p.segments[segment.key]} is not in the chart of accounts.`)
        else if (value.active !== 1) problems.push(`The ${segment.label.toLowerCase()} value ${value.value} (${value.name}) is inactive.`)
      }
      if (problems.length > 0) return problems
      // Listed, the account answers for itself; not listed, it is wrong only where the district lists its strings.
      const listed = facts.listed.find((row) => row.account === account)
      if (listed && listed.active !== 1) problems.push(`The account ${account} is inactive.`)
      if (!listed && facts.anyListed) problems.push(`The account ${account} is not one of the district's valid account strings.`)
      return problems
    })
  }

  const problemsOf = async (account: string): Promise<string[]> => (await problemsOfEach([account]))[0]!

  async function describe(accounts: string[]): Promise<AccountOption[]> {
    const parsed = accounts.map((account) => ({ account, parsed: parseAccountString(account) }))
    const values = await chart.segmentValuesIn([...new Set(parsed.flatMap(({ parsed: p }) => (p.ok ? Object.values(p.segments) : [])))])
    const names = new Map(values.map((row) => [`${row.segment}:${row.value}`, row.name]))
    return parsed.map(({ account, parsed: p }) => ({
      account,
      segments: p.ok
        ? ACCOUNT_SEGMENTS.map((segment) => ({
            segment: segment.key,
            value: p.segments[segment.key],
            name: names.get(`${segment.key}:${p.segments[segment.key]}`) ?? '',
          }))
        : [],
    }))
  }

  return {
    async preview(bytes: Buffer): Promise<ChartImportResponse> {
      return answer(await plan(bytes), false)
    },

    /** Applies the accepted rows in one transaction; rejected rows change nothing. */
    async apply(bytes: Buffer, actor: AuthUser, client: Client): Promise<ChartImportResponse> {
      const rows = await plan(bytes)
      const at = clock.now().toISOString()
      const result = answer(rows, true)
      // The rows and the import's audit row commit together.
      await deps.inTransaction(async (trx) => {
        for (const row of rows) {
          if (row.action !== 'create' && row.action !== 'update') continue
          if (row.segment === CHART_ACCOUNT_SEGMENT) await chart.upsertAccount({ account: row.value, active: row.active ? 1 : 0 }, at, trx)
          else
            await chart.upsertSegmentValue({ segment: row.segment, value: row.value, name: row.name, active: row.active ? 1 : 0 }, at, trx)
        }
        await audit.record(
          {
            action: 'finance.chart_imported',
            outcome: 'success',
            actorUserId: actor.id,
            targetType: 'chart',
            ip: client.ip,
            userAgent: client.userAgent,
            details: { summary: result.summary },
          },
          trx,
        )
      })
      return result
    },

    /** Accounts matching every word typed: part of the string or a segment value's name. */
    async search(text: string, limit: number) {
      const combinationsListed = await chart.anyAccounts()
      const segmentCount = await chart.countSegmentValues()
      const words = text.split(/\s+/).filter(Boolean).slice(0, 6)
      let accounts: string[] = []
      if (combinationsListed) {
        const withNames = await Promise.all(
          words.map(async (word) => ({ word, named: await chart.namedValues(word, NAMED_VALUES_PER_WORD) })),
        )
        accounts = (await chart.searchAccounts(withNames, limit)).map((row) => row.account)
      } else if (parseAccountString(text).ok && (await problemsOf(text)).length === 0) {
        // Without a list of combinations there is nothing to search: a complete string of active values is the answer.
        accounts = [text.trim()]
      }
      return { data: await describe(accounts), combinationsListed, segmentCount }
    },

    async validate(account: string) {
      const problems = await problemsOf(account)
      return { account: account.trim(), valid: problems.length === 0, problems }
    },

    problemsOf,
    problemsOfEach,
  }
}
export type ChartService = ReturnType<typeof createChartService>
