import { useDocumentTitle } from '@/lib/use-document-title'
import { usePortalInfo } from './portal'

/** The public pages' tab title names the district's public records, never the staff platform. */
export function usePortalTitle(page: string | null | undefined): void {
  const districtName = usePortalInfo().data?.districtName
  useDocumentTitle(page, districtName ? `${districtName} public records` : 'Public records')
}
