import { TrackingPage } from '@/features/records-portal/components/tracking-page'

/** /public-records/track/:number, the secret in the address's fragment: the requester's tracking page. */
export function PublicRecordsTrackPage() {
  return <TrackingPage />
}
