import { labelOf } from '@platform/contracts/labels'
import { accrualsLabels } from '@platform/contracts/labels/accruals'
import type { AccrualHistoryEntry } from '@platform/contracts/accruals'

export type Client = { ip: string; userAgent: string | undefined }

export const REQUEST_TARGET = 'accruals:request'
export const CYCLE_TARGET = 'accruals:cycle'
/** Where the foundation's separation service files its refusals and spent exceptions (`accruals:record`). */
export const SEPARATION_TARGET = 'accruals:record'
export const journalTarget = (reference: string) => ({ type: 'accruals:journal', id: reference })

/** A state as words in a sentence: SITE_APPROVED → site approved. */
export const stateWords = (state: string) => labelOf(accrualsLabels.state, state).toLowerCase()

export function toHistory(
  rows: Array<{ occurred_at: string; action: string; outcome: string; actor_name: string | null; details: string | null }>,
): AccrualHistoryEntry[] {
  return rows.map((row) => ({
    at: row.occurred_at,
    action: row.action,
    outcome: row.outcome,
    actorName: row.actor_name,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
  }))
}
