import { PortalNotFound } from '@/features/records-portal/components/portal-not-found'

/** /public-records/*: any other address under the portal. */
export function PublicRecordsNotFoundPage() {
  return <PortalNotFound />
}
