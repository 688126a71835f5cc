import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { SitesAdmin, validateSite, type SiteFormValues } from './sites-admin'

const admin = makeUser({ id: 1, roleCode: 'ADMIN' })
let fetchMock: FetchMock
let saveAnswer: (body: Record<string, unknown>) => Response

beforeEach(() => {
  saveAnswer = () => jsonResponse(500, { error: 'unexpected', code: 'internal' })
  fetchMock = stubApi((url, init) => {
    if (url.pathname === '/api/finance/sites' && init?.method === 'POST') return saveAnswer(JSON.parse(String(init.body)))
    if (url.pathname === '/api/finance/sites') return jsonResponse(200, { data: [] })
    return undefined
  }, admin)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
const values = (overrides: Partial<SiteFormValues> = {}): SiteFormValues => ({
  code: 'LHS',
  name: 'Lincoln High',
  kind: 'SCHOOL',
  active: true,
  depositFrequencyDays: 7,
  threshold: '',
  schoolSegment: '',
  ...overrides,
})

describe('a site’s form', () => {
  it('checks the fields with the contract’s schema, each problem in words under its field', () => {
    expect(validateSite(values())).toEqual({})
    expect(validateSite(values({ code: 'L', name: ' ', depositFrequencyDays: 31, threshold: 'lots', schoolSegment: '1' }))).toEqual({
      code: 'Enter a code of 2 to 10 letters or digits, as on receipts.',
      name: 'Enter the site’s name.',
      depositFrequencyDays: 'Enter at most 30 days: the county allows no more.',
      threshold: 'Enter an amount in dollars and cents, such as 500.00, or leave it empty.',
      schoolSegment: 'Enter the site’s school-site segment, 3 digits as in its accounts.',
    })
  })

  it('sends nothing while a field is wrong, and puts the server’s refusal of a code under the code', async () => {
    const user = userEvent.setup()
    renderRoutes([{ path: '/', element: <SitesAdmin /> }], '/')
    await user.click(await screen.findByRole('button', { name: 'Add site' }))
    const form = await screen.findByRole('form', { name: 'Add site' })
    await user.click(within(form).getByRole('button', { name: 'Save site' }))
    const code = within(form).getByRole('textbox', { name: /^Code/ })
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'))
    expect(posts()).toEqual([])

    saveAnswer = () => jsonResponse(409, { error: 'A site with the code LHS already exists.', code: 'duplicate_site_code' })
    await user.type(code, 'lhs')
    expect(code).toHaveValue('LHS')
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Lincoln High')
    await user.click(within(form).getByRole('button', { name: 'Save site' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(JSON.parse(String(posts()[0]![1]?.body))).toMatchObject({
      code: 'LHS',
      name: 'Lincoln High',
      kind: 'SCHOOL',
      depositFrequencyDays: 7,
    })
    await waitFor(() => expect(code).toHaveAccessibleDescription(/A site with the code LHS already exists\./))
    expect(within(form).queryByRole('alert')).toBeNull()
  })
})
