import type { FiscalLinkKind } from '@platform/contracts/records'
import type { AuthUser } from '../../plugins/access.js'
import type { FiscalMatch, FiscalRecordSource } from './records-work.service.js'

/**
 * What app.ts hands over from a fiscal application: its own list (searched) and detail, each checking the person's
 * access there, so someone who may not see a site's receipts or accruals finds none of them.
 */
export interface FiscalReader<Facts> {
  list(query: { search: string; limit: number; offset: number }, user: AuthUser): Promise<{ data: Facts[] }>
  detail(id: number, user: AuthUser): Promise<Facts>
}

/** How one application's record reads in a request's links. */
interface Describe<Facts> {
  kind: FiscalLinkKind
  label(facts: Facts): string
  detail(facts: Facts): string
  href(id: number): string
}

function fiscalSource<Facts extends { id: number }>(reader: FiscalReader<Facts>, describe: Describe<Facts>): FiscalRecordSource {
  const matchOf = (facts: Facts): FiscalMatch => ({
    kind: describe.kind,
    recordId: facts.id,
    label: describe.label(facts),
    detail: describe.detail(facts),
    href: describe.href(facts.id),
  })
  return {
    kind: describe.kind,
    async search(term, user, limit) {
      const { data } = await reader.list({ search: term, limit, offset: 0 }, user)
      return data.map(matchOf)
    },
    async find(recordId, user) {
      const facts = await reader.detail(recordId, user).catch(() => null)
      return facts ? matchOf(facts) : null
    },
  }
}

type ReceiptFacts = { id: number; number: string; payer: string; purpose: string; issuedOn: string }

export const receiptsFiscalSource = (reader: FiscalReader<ReceiptFacts>) =>
  fiscalSource(reader, {
    kind: 'RECEIPT',
    label: (receipt) => `Receipt ${receipt.number}`,
    detail: (receipt) => `${receipt.payer}, ${receipt.purpose}, issued ${receipt.issuedOn}`,
    href: (id) => `/apps/payment-receipts/receipts/${id}`,
  })

type AccrualFacts = { id: number; fiscalYear: string; siteCode: string; vendor: string; description: string; poNumber: string | null }

export const accrualsFiscalSource = (reader: FiscalReader<AccrualFacts>) =>
  fiscalSource(reader, {
    kind: 'ACCRUAL',
    label: (accrual) => `Accrual ${accrual.id}, ${accrual.vendor}`,
    detail: (accrual) =>
      `${accrual.description}, ${accrual.siteCode}, ${accrual.fiscalYear}${accrual.poNumber ? `, PO ${accrual.poNumber}` : ''}`,
    href: (id) => `/apps/accruals/requests/${id}`,
  })
