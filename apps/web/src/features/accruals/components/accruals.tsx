import { AppSections } from '@/components/layout/app-sections'
import { Route, Routes, useLocation } from 'react-router'
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

const SECTIONS = [
  { value: 'cycle', label: 'Cycle', path: ACCRUALS_BASE },
  { value: 'requests', label: 'My requests', path: `${ACCRUALS_BASE}/requests` },
  { value: 'review', label: 'Review queue', path: `${ACCRUALS_BASE}/review` },
  { value: 'import', label: 'Import', path: `${ACCRUALS_BASE}/import` },
  { value: 'journals', label: 'Journals', path: `${ACCRUALS_BASE}/journals` },
]

/** Accruals: its sections as tabs (links), each screen a route under /apps/accruals. */
export function Accruals() {
  const location = useLocation()
  const duties = useAccrualDuties()
  const first = location.pathname.slice(ACCRUALS_BASE.length).split('/').filter(Boolean)[0] ?? 'cycle'
  // /cycles/{id} is the cycle page of that cycle, /cycles/{id}/journals its journals (My queue and e-mails link there).
  const section = first === 'cycles' ? (location.pathname.endsWith('/journals') ? 'journals' : 'cycle') : first
  const active = SECTIONS.some((entry) => entry.value === section) ? section : null

  return (
    <AppSections
      title="Accruals"
      purpose="The year-end accrual cycle: requests from the sites, review by the site and by fiscal services, the journal with its July 1 reversal, and liquidation."
      noDuties={
        duties.none
          ? 'You hold no duty in Accruals at any site. Ask your administrator to grant one (requester, site approver, fiscal reviewer, controller or viewer).'
          : null
      }
      sections={SECTIONS}
      active={active}
    >
      <Routes>
        <Route index element={<CyclePage />} />
        <Route path="cycle" element={<CyclePage />} />
        <Route path="requests" element={<MyRequests />} />
        <Route path="requests/new" element={<RequestForm />} />
        <Route path="requests/:id" element={<RequestPage />} />
        <Route path="requests/:id/edit" element={<RequestForm />} />
        <Route path="review" element={<ReviewQueue />} />
        <Route path="import" element={<ImportPage />} />
        <Route path="journals" element={<JournalsPage />} />
        <Route path="cycles/:cycleId" element={<CyclePage />} />
        <Route path="cycles/:cycleId/journals" element={<JournalsPage />} />
        <Route path="*" element={<AccrualsNotFound />} />
      </Routes>
    </AppSections>
  )
}
