import { AppSections } from '@/components/layout/app-sections'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { Link, Route, Routes, useLocation } from 'react-router'
import { useDocumentTitle } from '@/lib/use-document-title'
import { ExemptionLibrary } from './exemption-library'
import { FiguresView } from './figures-view'
import { HolidaysView } from './holidays-view'
import { NewRequest } from './new-request'
import { PublicLogView } from './public-log-view'
import { RequestPage } from './request-page'
import { RequestsQueue } from './requests-queue'
import { useRecordsDuties } from './use-records-duties'

export const PUBLIC_INFO_BASE = '/apps/public-info'
const SECTIONS = [
  { value: 'requests', label: 'Requests', path: PUBLIC_INFO_BASE },
  { value: 'holidays', label: 'Holidays', path: `${PUBLIC_INFO_BASE}/holidays` },
  { value: 'exemptions', label: 'Exemption library', path: `${PUBLIC_INFO_BASE}/exemptions` },
  { value: 'public-log', label: 'Public log', path: `${PUBLIC_INFO_BASE}/public-log` },
  { value: 'figures', label: 'Figures', path: `${PUBLIC_INFO_BASE}/figures` },
]

/** Public Information: California Public Records Act requests and their statutory clock, one route per screen. */
export function PublicInformation() {
  const location = useLocation()
  const duties = useRecordsDuties()
  const first = location.pathname.slice(PUBLIC_INFO_BASE.length).split('/').filter(Boolean)[0] ?? 'requests'
  const active = SECTIONS.some((section) => section.value === first) ? first : null

  return (
    <AppSections
      title="Public Information"
      purpose="Public records requests with the statutory clock: a determination within 10 days, one extension, letters that cannot leave incomplete."
      noDuties={
        duties.none
          ? 'You hold no duty in Public Information. Ask your administrator to grant one (coordinator, custodian, counsel, signatory or viewer).'
          : null
      }
      sections={SECTIONS}
      active={active}
    >
      <Routes>
        <Route index element={<RequestsQueue />} />
        <Route path="requests" element={<RequestsQueue />} />
        <Route path="requests/new" element={<NewRequest />} />
        <Route path="requests/:id" element={<RequestPage />} />
        <Route path="holidays" element={<HolidaysView />} />
        <Route path="exemptions" element={<ExemptionLibrary />} />
        <Route path="public-log" element={<PublicLogView />} />
        <Route path="figures" element={<FiguresView />} />
        <Route path="*" element={<NotInPublicInformation />} />
      </Routes>
    </AppSections>
  )
}

/** An address under /apps/public-info that names no screen: said plainly, with the way back to the queue. */
function NotInPublicInformation() {
  useDocumentTitle('Page not found')
  const { pathname } = useLocation()
  return (
    <Alert color="blue" title="Page not found" role="status">
      <Stack gap="sm" align="flex-start">
        <Text>There is no page at {pathname} in Public Information.</Text>
        <Button component={Link} to={PUBLIC_INFO_BASE} variant="default" size="xs">
          Back to the requests
        </Button>
      </Stack>
    </Alert>
  )
}
