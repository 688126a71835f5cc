import { AppSections, type AppScreen } from '@/components/layout/app-sections'
import { AccrualsNotFound } from './accruals-not-found'
import { CyclePage } from './cycle-page'
import { ImportPage } from './import-page'
import { JournalsPage } from './journals-page'
import { MyRequests } from './my-requests'
import { RequestForm } from './request-form'
import { RequestPage } from './request-page'
import { ReviewQueue } from './review-queue'
import { ACCRUALS_BASE } from './paths'
import { useAccrualDuties } from './use-accrual-duties'

const SCREENS: AppScreen[] = [
  { path: 'cycle', tab: 'Cycle', element: <CyclePage /> },
  { path: 'cycles/:cycleId', element: <CyclePage /> },
  { path: 'requests', tab: 'My requests', element: <MyRequests /> },
  { path: 'requests/new', element: <RequestForm /> },
  { path: 'requests/:id', element: <RequestPage /> },
  { path: 'requests/:id/edit', element: <RequestForm /> },
  { path: 'review', tab: 'Review queue', element: <ReviewQueue /> },
  { path: 'import', tab: 'Import', element: <ImportPage /> },
  { path: 'journals', tab: 'Journals', element: <JournalsPage /> },
  { path: 'cycles/:cycleId/journals', element: <JournalsPage /> },
  { path: '*', element: <AccrualsNotFound /> },
]

// /cycles/{id} is the cycle page of that cycle, /cycles/{id}/journals its journals (My queue and e-mails link there).
function cycleSection(first: string, pathname: string) {
  if (first !== 'cycles') return first
  return pathname.endsWith('/journals') ? 'journals' : 'cycle'
}

/** Accruals: its sections as tabs (links), each screen a route under /apps/accruals. */
export function Accruals() {
  const duties = useAccrualDuties()
  return (
    <AppSections
      title="Accruals"
      purpose="The year-end accrual cycle: requests from the sites, review by the site and by fiscal services, the journal with its July 1 reversal, and liquidation."
      noDuties="You hold no duty in Accruals at any site. Ask your administrator to grant one (requester, site approver, fiscal reviewer, controller or viewer)."
      holdsNoDuty={duties.none}
      base={ACCRUALS_BASE}
      screens={SCREENS}
      sectionOf={cycleSection}
    />
  )
}
