import { Alert, Button, Stack, Tabs, Text, Title } from '@mantine/core'
import { Route, Routes, Link, useLocation, useNavigate } from 'react-router'
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
  const navigate = useNavigate()
  const duties = useRecordsDuties()
  const first = location.pathname.slice(PUBLIC_INFO_BASE.length).split('/').filter(Boolean)[0] ?? 'requests'
  const active = SECTIONS.some((section) => section.value === first) ? first : null

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Public Information</Title>
        <Text c="dimmed">
          Public records requests with the statutory clock: a determination within 10 days, one extension, letters that cannot leave
          incomplete.
        </Text>
      </Stack>
      {duties.none ? (
        <Alert color="blue" title="No duties yet">
          You hold no duty in Public Information. Ask your administrator to grant one (coordinator, custodian, counsel, signatory or
          viewer).
        </Alert>
      ) : null}
      <Tabs
        value={active}
        onChange={(value) => {
          const section = SECTIONS.find((entry) => entry.value === value)
          if (section) void navigate(section.path)
        }}
        keepMounted={false}
      >
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {SECTIONS.map((section) => (
            <Tabs.Tab key={section.value} value={section.value}>
              {section.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
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
    </Stack>
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
