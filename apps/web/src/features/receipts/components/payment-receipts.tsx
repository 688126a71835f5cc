import { AppSections, type AppScreen } from '@/components/layout/app-sections'
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
const SCREENS: AppScreen[] = [
  { path: 'receipts', tab: 'Receipts', element: <ReceiptsList /> },
  { path: 'receipts/new', element: <NewReceipt /> },
  { path: 'receipts/:id', element: <ReceiptPage /> },
  { path: 'deposits', tab: 'Deposits', element: <DepositsList /> },
  { path: 'deposits/new', element: <DepositBuilder /> },
  { path: 'deposits/:id', element: <DepositPage /> },
  { path: 'register', tab: 'Register', element: <RegisterView /> },
  { path: 'undeposited', tab: 'Undeposited cash', element: <UndepositedView /> },
  { path: 'exceptions', tab: 'Exceptions', element: <ExceptionsView /> },
]

/** Payment Receipts: its sections as tabs (links), each screen a route under /apps/payment-receipts. */
export function PaymentReceipts() {
  const duties = useDuties()
  return (
    <AppSections
      title="Payment Receipts"
      purpose="Pre-numbered receipts, blind-counted deposits and the county treasury, with separation of duties at every step."
      noDuties="You hold no duty in Payment Receipts at any site. Ask your administrator to grant one (collector, counter, approver, reconciler or viewer)."
      holdsNoDuty={duties.none}
      base={BASE}
      screens={SCREENS}
      otherwise="receipts"
    />
  )
}
