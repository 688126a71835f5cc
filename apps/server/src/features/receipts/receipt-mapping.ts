import type { HistoryEntry, ReceiptSummary } from '@platform/contracts/receipts'
import type { DbTransaction } from '../../db/database.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import { blindDetails } from './amount-visibility.js'
import type { ReceiptRow } from './receipts.repository.js'

type Client = { ip: string; userAgent: string | undefined }
export type { Client }

export const RECEIPT_TARGET = 'payment_receipts:receipt'
export const DEPOSIT_TARGET = 'payment_receipts:deposit'
/** Where the foundation's separation service files its refusals and spent exceptions. */
export const SEPARATION_TARGET = 'payment_receipts:record'

/** The audit row of a step on a receipt or a deposit (`targetType`), written inside the step's own transaction. */
export const auditStepIn =
  (audit: AuditService, targetType: string) =>
  (trx: DbTransaction, action: string, user: AuthUser, id: number, client: Client, details: Record<string, unknown>) =>
    audit.record(
      {
        action,
        outcome: 'success',
        actorUserId: user.id,
        targetType,
        targetId: id,
        ip: client.ip,
        userAgent: client.userAgent,
        details,
      },
      trx,
    )

export function toSummary(row: ReceiptRow, hideAmount: boolean): ReceiptSummary {
  return {
    id: row.receipt_id,
    number: row.number,
    siteId: row.site_id,
    siteCode: row.site_code,
    fiscalYear: row.fiscal_year,
    sequence: row.sequence,
    state: row.state as ReceiptSummary['state'],
    payer: row.payer,
    tender: row.tender as ReceiptSummary['tender'],
    checkNumber: row.check_number,
    purpose: row.purpose,
    amountCents: hideAmount ? null : row.amount_cents,
    issuedAt: row.issued_at,
    issuedOn: row.issued_on,
    collectorId: row.collector_id,
    collectorName: row.collector_name,
    depositId: row.deposit_id,
  }
}

/** A record's history; `blind`: read by someone the record's amounts are hidden from, so its details carry none. */
export function toHistory(
  rows: Array<{ occurred_at: string; action: string; outcome: string; actor_name: string | null; details: string | null }>,
  blind: boolean,
): HistoryEntry[] {
  return rows.map((row) => {
    const details = row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null
    return {
      at: row.occurred_at,
      action: row.action,
      outcome: row.outcome,
      actorName: row.actor_name,
      details: blind ? blindDetails(details) : details,
    }
  })
}
