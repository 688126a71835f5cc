import type { ReportDefinition, ReportParameter } from '@platform/contracts/reports'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@/test/render'
import { costsDataset, costsDefinition } from '../../testing/fixtures'
import { ParametersTab } from './parameters-tab'

const fromField = (id: string, label: string, field: string): ReportParameter => ({
  id,
  label,
  type: 'select',
  required: false,
  optionsFrom: field,
})

let latest: ReportDefinition

/** The tab over a draft it changes, as the designer holds it. */
function Draft({ initial }: { initial: ReportDefinition }) {
  const [definition, setDefinition] = useState(initial)
  const change = (next: ReportDefinition) => {
    latest = next
    setDefinition(next)
  }
  return <ParametersTab definition={definition} dataset={costsDataset} onChange={change} />
}

function renderTab(parameters: ReportParameter[]) {
  latest = costsDefinition({ parameters })
  renderRoutes([{ path: '/', element: <Draft initial={latest} /> }], '/')
}

const narrowingOf = (index: number) => latest.parameters[index]!.filteredBy

describe("The parameters tab: a parameter's choices narrowed by several earlier ones", () => {
  it('adds narrowings one after another, each through its own field, up to the earlier parameters there are', async () => {
    const user = userEvent.setup()
    renderTab([fromField('fund', 'Fund', 'fund'), fromField('site', 'Site', 'department'), fromField('account', 'Account', 'posted')])
    const third = screen.getByRole('group', { name: /^Parameter 3/ })
    // One choice at first; choosing it offers another.
    expect(within(third).queryByRole('combobox', { name: /And narrowed by/ })).toBeNull()
    await user.selectOptions(within(third).getByRole('combobox', { name: /Choices narrowed by/ }), 'Fund')
    expect(narrowingOf(2)).toEqual([{ param: 'fund', field: 'fund' }])

    // The second offers only the parameter not already narrowing.
    const more = within(third).getByRole('combobox', { name: /And narrowed by/ })
    expect(
      within(more)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nothing more', 'Site'])
    await user.selectOptions(more, 'Site')
    // Its field is the one Site takes its choices from, and can be changed on its own.
    expect(within(third).getByRole('combobox', { name: "Field holding Site's value" })).toHaveValue('department')
    await user.selectOptions(within(third).getByRole('combobox', { name: "Field holding Site's value" }), 'Fund')
    expect(narrowingOf(2)).toEqual([
      { param: 'fund', field: 'fund' },
      { param: 'site', field: 'fund' },
    ])
    // Both earlier parameters narrow it: nothing more to offer.
    expect(within(third).getAllByRole('combobox', { name: /narrowed by/ })).toHaveLength(2)

    // 'Nothing' on the first takes it away; Site's narrowing stays and becomes the first.
    await user.selectOptions(within(third).getByRole('combobox', { name: /Choices narrowed by/ }), 'Nothing: every value of the field')
    expect(narrowingOf(2)).toEqual([{ param: 'site', field: 'fund' }])
    expect(within(third).getByRole('combobox', { name: /Choices narrowed by/ })).toHaveValue('site')
    await user.selectOptions(within(third).getByRole('combobox', { name: /Choices narrowed by/ }), 'Nothing: every value of the field')
    expect(narrowingOf(2)).toBeUndefined()
  })

  it('offers no more than five narrowings', async () => {
    const user = userEvent.setup()
    const earlier = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => fromField(id, id.toUpperCase(), 'fund'))
    renderTab([...earlier, fromField('last', 'Last', 'department')])
    const last = screen.getByRole('group', { name: /^Parameter 7/ })
    for (const label of ['A', 'B', 'C', 'D', 'E']) {
      const selects = within(last).getAllByRole('combobox', { name: /narrowed by/ })
      await user.selectOptions(selects.at(-1)!, label)
    }
    expect(narrowingOf(6)).toHaveLength(5)
    // F is left, but the contract takes five: no sixth choice is offered.
    expect(within(last).getAllByRole('combobox', { name: /narrowed by/ })).toHaveLength(5)
  })
})
