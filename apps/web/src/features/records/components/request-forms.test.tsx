import { screen, waitFor, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { NO_REQUEST_ACTIONS, makeLetter, makeRequest } from '@/test/records'
import { FeesSection } from './request-fees'
import { LettersSection } from './request-letters'
import { RequestSteps } from './request-steps'
import { AssignmentsSection } from './request-work'

const me = makeUser({ id: 7 })

const actions = NO_REQUEST_ACTIONS
const draftLetter = makeLetter()

let fetchMock: FetchMock

beforeEach(() => {
  fetchMock = stubApi((url) => {
    if (url.pathname === '/api/records-me') return jsonResponse(200, { data: { isAdmin: false, userId: me.id, duties: ['SIGNATORY'] } })
    if (url.pathname === '/api/holidays') return jsonResponse(200, { data: [] })
    if (url.pathname === '/api/records-exemptions') return jsonResponse(200, { data: [] })
    if (url.pathname === '/api/records-people')
      return jsonResponse(200, {
        data: [
          { id: 21, name: 'Cy Custodian', duties: ['CUSTODIAN'] },
          { id: 22, name: 'Cora Coordinator', duties: ['COORDINATOR'] },
        ],
      })
    return undefined
  }, me)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
const show = (element: ReactElement) => renderRoutes([{ path: '/', element }], '/')

describe('the request steps check their fields with the contract’s schema', () => {
  it('reopen: a reason too short shows the contract’s message on the field and sends nothing', async () => {
    const user = userEvent.setup()
    show(<RequestSteps request={makeRequest({ state: 'CLOSED', actions: { ...actions, reopen: true } })} />)
    await user.click(screen.getByRole('button', { name: 'Reopen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reopen PRR-2026-0012' })
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' })
    await user.type(reason, 'oops')
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }))
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Say why the request is reopened, in at least 5 characters.'))
    expect(reason).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).queryByText(/Reopen PRR-2026-0012\?/)).toBeNull()
    expect(posts()).toEqual([])
  })

  it('extend: no reason and no days show the contract’s messages on their fields and send nothing', async () => {
    const user = userEvent.setup()
    show(<RequestSteps request={makeRequest({ actions: { ...actions, extend: true } })} />)
    await user.click(screen.getByRole('button', { name: 'Extend' }))
    const dialog = await screen.findByRole('dialog', { name: 'Extend PRR-2026-0012' })
    const days = within(dialog).getByRole('textbox', { name: /Days/ })
    await user.clear(days)
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }))
    expect(
      await within(dialog).findByText(
        /^Choose the statute’s reason for the extension: Records at field facilities, A voluminous amount of separate records/,
      ),
    ).toBeInTheDocument()
    expect(days).toHaveAccessibleDescription('Enter the days of the extension, a whole number from 1 to 14.')
    expect(posts()).toEqual([])
  })
})

describe('the letters and fees check their fields with the contract’s schema', () => {
  it('sign and issue: an empty title shows the contract’s message on the field and sends nothing', async () => {
    const user = userEvent.setup()
    show(<LettersSection request={makeRequest({ letters: [draftLetter], actions: { ...actions, issueLetter: true } })} />)
    await user.click(await screen.findByRole('button', { name: 'Sign and issue' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign and issue the denial letter' })
    const title = within(dialog).getByRole('textbox', { name: 'Your title' })
    await user.type(title, '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Sign and issue' }))
    await waitFor(() => expect(title).toHaveAccessibleDescription('Enter your title as it will appear under your signature.'))
    expect(posts()).toEqual([])
  })

  it('a letter this person may not sign shows Sign and issue disabled, with the server’s reason; a held-back Close says why', () => {
    const reason = 'You drafted the denial letter of PRR-2026-0012, so another person with the SIGNATORY duty must sign it.'
    const letter = { ...draftLetter, stepReasons: { issue: reason } }
    show(<LettersSection request={makeRequest({ letters: [letter], actions: { ...actions, issueLetter: true } })} />)
    expect(screen.getByRole('button', { name: 'Sign and issue' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Sign and issue' })).toHaveAccessibleDescription(reason)
  })

  it('fee: a missing description and no pages show the contract’s messages on their fields and send nothing', async () => {
    const user = userEvent.setup()
    show(<FeesSection request={makeRequest({ actions: { ...actions, recordFee: true } })} />)
    await user.click(screen.getByRole('button', { name: 'Calculate a fee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Fee on PRR-2026-0012' })
    const pages = within(dialog).getByRole('textbox', { name: 'Pages' })
    await user.clear(pages)
    await user.click(within(dialog).getByRole('button', { name: 'Record fee' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
        'Describe what the fee charges for.',
      ),
    )
    expect(pages).toHaveAccessibleDescription('Enter the pages copied or the hours of work, a whole number.')
    expect(posts()).toEqual([])

    // A fee that passes the contract is sent as the contract parses it.
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), '  Copies of the warrant register ')
    await user.clear(pages)
    await user.type(pages, '12')
    await user.click(within(dialog).getByRole('button', { name: 'Record fee' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(JSON.parse(String(posts()[0]![1]?.body))).toEqual({
      kind: 'DUPLICATION',
      electronicBasis: null,
      description: 'Copies of the warrant register',
      quantity: 12,
      unitCents: 10,
    })
  })
})

describe('the determination and the assignments check their fields with the contract’s schema', () => {
  it('determine: a partial denial asks for the date and for each person’s name and title under their fields', async () => {
    const user = userEvent.setup()
    show(<RequestSteps request={makeRequest({ actions: { ...actions, determine: true } })} />)
    await user.click(screen.getByRole('button', { name: 'Determine' }))
    const dialog = await screen.findByRole('dialog', { name: 'Determine PRR-2026-0012' })
    await user.click(within(dialog).getByRole('combobox', { name: /Outcome/ }))
    await user.click(await screen.findByRole('option', { name: 'Partly disclosable (partial denial)' }))
    await user.click(within(dialog).getByRole('button', { name: 'Determine' }))
    expect(await within(dialog).findByText('Give the estimated date the records will be produced.')).toBeInTheDocument()
    expect(within(dialog).getByRole('textbox', { name: 'Person 1 name' })).toHaveAccessibleDescription(
      'Enter the name of the person responsible for withholding.',
    )
    expect(within(dialog).getByRole('textbox', { name: 'Person 1 title' })).toHaveAccessibleDescription(
      'Enter the title of the person responsible for withholding.',
    )
    expect(posts()).toEqual([])
  })

  it('assign: the person chosen is sent as the contract’s id; a custodian’s missing task shows under the task', async () => {
    const user = userEvent.setup()
    show(<AssignmentsSection request={makeRequest({ actions: { ...actions, assign: true } })} />)
    await user.click(await screen.findByRole('button', { name: 'Assign' }))
    const dialog = await screen.findByRole('dialog', { name: 'Assign on PRR-2026-0012' })
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }))
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Person/ })).toHaveAccessibleDescription('Choose the person.'))
    await user.click(within(dialog).getByRole('combobox', { name: /^Person/ }))
    await user.click(await screen.findByRole('option', { name: 'Cy Custodian' }))
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for the assignment/ }), 'Keeps the warrant files')
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }))
    expect(await within(dialog).findByText('A custodian is assigned with a search task: describe it.')).toBeInTheDocument()
    expect(posts()).toEqual([])
    await user.type(within(dialog).getByRole('textbox', { name: /Search task/ }), 'The 2025 warrant register')
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(JSON.parse(String(posts()[0]![1]?.body))).toEqual({
      role: 'CUSTODIAN',
      userId: 21,
      reason: 'Keeps the warrant files',
      task: 'The 2025 warrant register',
    })
  })
})
