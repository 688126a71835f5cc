import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { FullPageLoader } from '@/components/layout/full-page-loader'
import { PortalFrame } from '@/features/records-portal/components/portal-frame'

/** The public's frame around every /public-records page: the district's name, the page, the way back. No account. */
export function PublicRecordsLayout() {
  return (
    <PortalFrame>
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </PortalFrame>
  )
}
