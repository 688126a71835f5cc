import { RequirePermission } from '@/components/guards/require-permission'
import { PaymentReceipts } from '@/features/receipts/components/payment-receipts'

/** /apps/payment-receipts/*: requires the PAYMENT_RECEIPTS application; the server checks each duty on the record. */
export function PaymentReceiptsPage() {
  return (
    <RequirePermission permission="payment-receipts">
      <PaymentReceipts />
    </RequirePermission>
  )
}
