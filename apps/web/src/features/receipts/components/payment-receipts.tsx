import { AppSections } from '@/components/layout/app-sections'
import { Route, Routes, useLocation } from 'react-router'
import { DepositBuilder } from './deposit-builder'
import { DepositPage } from './deposit-page'
import { DepositsList } from './deposits-list'
import { ExceptionsView } from './exceptions-view'
import { NewReceipt } from './new-receipt'
import { ReceiptPage } from './receipt-page'
import { ReceiptsList } from './receipts-list'
import { RegisterView } from './register-view'
import { UndepositedView } from './undeposited-view'
import { useDuties } from './use-duties'

const BASE = '/apps/payment-receipts'
const SECTIONS = [
  { value: 'receipts', label: 'Receipts', path: BASE },
  { value: 'deposits', label: 'Deposits', path: `${BASE}/deposits` },
  { value: 'register', label: 'Register', path: `${BASE}/register` },
  { value: 'undeposited', label: 'Undeposited cash', path: `${BASE}/undeposited` },
  { value: 'exceptions', label: 'Exceptions', path: `${BASE}/exceptions` },
]

/** Payment Receipts: its sections as tabs (links), each screen a route under /apps/payment-receipts. */
export function PaymentReceipts() {
  const location = useLocation()
  const duties = useDuties()
  const rest = location.pathname.slice(BASE.length).split('/').filter(Boolean)[0] ?? 'receipts'
  const active = SECTIONS.some((section) => section.value === rest) ? rest : 'receipts'

  return (
    <AppSections
      title="Payment Receipts"
      purpose="Pre-numbered receipts, blind-counted deposits and the county treasury, with separation of duties at every step."
      noDuties={
        duties.none
          ? 'You hold no duty in Payment Receipts at any site. Ask your administrator to grant one (collector, counter, approver, reconciler or viewer).'
          : null
      }
      sections={SECTIONS}
      active={active}
    >
      <Routes>
        <Route index element={<ReceiptsList />} />
        <Route path="receipts" element={<ReceiptsList />} />
        <Route path="receipts/new" element={<NewReceipt />} />
        <Route path="receipts/:id" element={<ReceiptPage />} />
        <Route path="deposits" element={<DepositsList />} />
        <Route path="deposits/new" element={<DepositBuilder />} />
        <Route path="deposits/:id" element={<DepositPage />} />
        <Route path="register" element={<RegisterView />} />
        <Route path="undeposited" element={<UndepositedView />} />
        <Route path="exceptions" element={<ExceptionsView />} />
      </Routes>
    </AppSections>
  )
}
