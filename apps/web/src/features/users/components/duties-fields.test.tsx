import { MantineProvider } from '@mantine/core'
import type { Site } from '@platform/contracts/finance'
import type { MetaApplication } from '@platform/contracts/users'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { DutyFormValue } from '../utils/user-form'
import { DutiesFields } from './duties-fields'

const app = (app_id: number, app_code: string, app_name: string): MetaApplication => ({
  app_id,
  app_code,
  app_name,
  app_icon: 'Box',
  app_color: '#000000',
  category: 'FINANCIAL',
  admin_only: 0,
  is_active: 1,
})
const apps = [app(1, 'DASHBOARD', 'Dashboard Overview'), app(2, 'PAYMENT_RECEIPTS', 'Payment Receipts'), app(3, 'ACCRUALS', 'Accruals')]
const sites: Site[] = [
  {
    id: 10,
    code: 'LHS',
    name: 'Lincoln High School',
    kind: 'SCHOOL',
    active: true,
    depositFrequencyDays: 7,
    depositThresholdCents: null,
    schoolSegment: '010',
  },
  {
    id: 20,
    code: 'MMS',
    name: 'Madison Middle School',
    kind: 'SCHOOL',
    active: true,
    depositFrequencyDays: 7,
    depositThresholdCents: null,
    schoolSegment: '020',
  },
]

function Harness({ initial, onValue }: { initial: DutyFormValue[]; onValue: (duties: DutyFormValue[]) => void }) {
  const [duties, setDuties] = useState(initial)
  return (
    <MantineProvider env="test">
      <DutiesFields
        apps={apps}
        grantedAppIds={[1, 2]}
        sites={sites}
        duties={duties}
        onChange={(next) => {
          setDuties(next)
          onValue(next)
        }}
      />
    </MantineProvider>
  )
}

describe('duties in the user form', () => {
  it('offers the duties of each granted fiscal application only', () => {
    render(<Harness initial={[]} onValue={() => {}} />)
    const group = screen.getByRole('group', { name: 'Duties in Payment Receipts' })
    for (const duty of ['Collector', 'Counter', 'Approver', 'Reconciler', 'Viewer'])
      expect(within(group).getByRole('combobox', { name: duty })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Duties in Accruals' })).toBeNull()
    expect(screen.queryByRole('group', { name: /Dashboard/ })).toBeNull()
  })

  it('grants a duty at chosen sites, widens it to every site, and narrows it again', { timeout: 30_000 }, async () => {
    const user = userEvent.setup()
    let value: DutyFormValue[] = []
    render(<Harness initial={[]} onValue={(next) => (value = next)} />)
    const collector = screen.getByRole('combobox', { name: 'Collector' })
    await user.click(collector)
    await user.click(await screen.findByRole('option', { name: 'LHS · Lincoln High School' }))
    expect(value).toEqual([{ appId: 2, duty: 'COLLECTOR', siteIds: [10] }])
    await user.click(await screen.findByRole('option', { name: 'All sites' }))
    expect(value).toEqual([{ appId: 2, duty: 'COLLECTOR', siteIds: null }])
    await user.click(await screen.findByRole('option', { name: 'MMS · Madison Middle School' }))
    expect(value).toEqual([{ appId: 2, duty: 'COLLECTOR', siteIds: [20] }])
    await user.click(await screen.findByRole('option', { name: 'MMS · Madison Middle School' }))
    expect(value).toEqual([])
  })
})
