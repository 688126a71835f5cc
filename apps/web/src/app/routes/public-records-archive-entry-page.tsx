import { ArchiveEntryPage } from '@/features/records-portal/components/archive-entry-page'

/** /public-records/archive/:number: one published request. */
export function PublicRecordsArchiveEntryPage() {
  return <ArchiveEntryPage />
}
