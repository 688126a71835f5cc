/*
 * What an application may hold that deleting it would orphan or break: the fiscal applications' own records (by their
 * code) and, for any application, its duties, separation exceptions and attachments (participants come only with
 * records). Deleting one that holds any is refused in words; it is deactivated instead, and keeps its records.
 */

export interface HeldRecords {
  /** The table counted, and how to filter it: by the application's id or its code, or every row (the fiscal apps' own tables). */
  table: string
  by: 'app_id' | 'app_code' | 'all'
  one: string
  many: string
}

const EVERY_APPLICATION: HeldRecords[] = [
  { table: 'finance_duties', by: 'app_id', one: 'duty', many: 'duties' },
  { table: 'finance_exceptions', by: 'app_id', one: 'separation exception', many: 'separation exceptions' },
  { table: 'finance_attachments', by: 'app_code', one: 'attachment', many: 'attachments' },
]

const FISCAL_RECORDS: Record<string, HeldRecords[]> = {
  PAYMENT_RECEIPTS: [
    { table: 'receipts', by: 'all', one: 'receipt', many: 'receipts' },
    { table: 'receipt_deposits', by: 'all', one: 'deposit', many: 'deposits' },
  ],
  ACCRUALS: [
    { table: 'accruals', by: 'all', one: 'accrual', many: 'accruals' },
    { table: 'accrual_cycles', by: 'all', one: 'close cycle', many: 'close cycles' },
  ],
  PUBLIC_INFO: [{ table: 'records_requests', by: 'all', one: 'records request', many: 'records requests' }],
}

/** What to count for an application, its own records first. */
export const heldRecordsOf = (appCode: string): HeldRecords[] => [...(FISCAL_RECORDS[appCode] ?? []), ...EVERY_APPLICATION]

/** "42 receipts and 7 deposits" from the counts that are not zero; null when the application holds nothing. */
export function heldInWords(counts: Array<{ held: HeldRecords; count: number }>): string | null {
  const words = counts
    .filter(({ count }) => count > 0)
    .map(({ held, count }) => `${count.toLocaleString('en-US')} ${count === 1 ? held.one : held.many}`)
  if (words.length === 0) return null
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`
}
