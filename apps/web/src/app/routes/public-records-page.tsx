import { RequestPage } from '@/features/records-portal/components/request-page'

/** /public-records: the public's request page, without an account. */
export function PublicRecordsPage() {
  return <RequestPage />
}
