import { ArchivePage } from '@/features/records-portal/components/archive-page'

/** /public-records/archive: the published closed requests (when the district publishes them). */
export function PublicRecordsArchivePage() {
  return <ArchivePage />
}
