import { NewLinkPage } from '@/features/records-portal/components/new-link-page'

/** /public-records/new-link: a new tracking link by e-mail. */
export function PublicRecordsNewLinkPage() {
  return <NewLinkPage />
}
