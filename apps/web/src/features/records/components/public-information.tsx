import { AppSections, type AppScreen } from '@/components/layout/app-sections'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { Link, useLocation } from 'react-router'
import { useDocumentTitle } from '@/lib/use-document-title'
import { ExemptionLibrary } from './exemption-library'
import { FiguresView } from './figures-view'
import { HolidaysView } from './holidays-view'
import { MailingsView } from './mailings-view'
import { NewRequest } from './new-request'
import { PublicLogView } from './public-log-view'
import { RequestPage } from './request-page'
import { RequestsQueue } from './requests-queue'
import { useRecordsDuties } from './use-records-duties'

export const PUBLIC_INFO_BASE = '/apps/public-info'
const SCREENS: AppScreen[] = [
  { path: 'requests', tab: 'Requests', element: <RequestsQueue /> },
  { path: 'requests/new', element: <NewRequest /> },
  { path: 'requests/:id', element: <RequestPage /> },
  { path: 'to-mail', tab: 'To mail', element: <MailingsView /> },
  { path: 'holidays', tab: 'Holidays and settings', element: <HolidaysView /> },
  { path: 'exemptions', tab: 'Exemption library', element: <ExemptionLibrary /> },
  { path: 'public-log', tab: 'Public log', element: <PublicLogView /> },
  { path: 'figures', tab: 'Figures', element: <FiguresView /> },
  { path: '*', element: <NotInPublicInformation /> },
]

/** Public Information: California Public Records Act requests and their statutory clock, one route per screen. */
export function PublicInformation() {
  const duties = useRecordsDuties()
  return (
    <AppSections
      title="Public Information"
      purpose="Public records requests with the statutory clock: a determination within 10 days, one extension, letters that cannot leave incomplete."
      noDuties="You hold no duty in Public Information. Ask your administrator to grant one (coordinator, custodian, counsel, signatory or viewer)."
      holdsNoDuty={duties.none}
      base={PUBLIC_INFO_BASE}
      screens={SCREENS}
    />
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
