import { DEFAULT_RETENTION, type RetentionSettings } from '@platform/contracts/retention'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { AdminRetentionPage, validateRetention } from './retention-settings'

const admin = makeUser({ id: 1, roleCode: 'ADMIN' })
let fetchMock: FetchMock
let stored: RetentionSettings
let lastPurge: unknown
let putAnswer: ((body: RetentionSettings) => Response) | null

beforeEach(() => {
  stored = DEFAULT_RETENTION
  lastPurge = {
    day: '2026-03-02',
    startedAt: '2026-03-02T08:00:00.000Z',
    finishedAt: '2026-03-02T08:00:01.000Z',
    counts: { mailLog: 1204, endedSessions: 1, signInAttempts: 0, temporaryFiles: 3 },
  }
  putAnswer = null
  fetchMock = stubApi((url, init) => {
    if (url.pathname !== '/api/retention') return undefined
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as RetentionSettings
      if (putAnswer) return putAnswer(body)
      stored = body
    }
    return jsonResponse(200, { data: { settings: stored, lastPurge } })
  }, admin)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')
const field = (name: RegExp) => screen.getByRole('textbox', { name })

describe('Data retention', () => {
  it('checks each value with the contract’s bounds, in words under its field', () => {
    expect(validateRetention(DEFAULT_RETENTION)).toEqual({})
    expect(validateRetention({ ...DEFAULT_RETENTION, mailLogDays: 10, endedSessionsDays: '', temporaryFilesDays: 8 })).toEqual({
      mailLogDays: 'Mail log: enter a whole number of days from 30 to 3,650.',
      endedSessionsDays: 'Ended sessions: enter a whole number of days from 7 to 3,650.',
      temporaryFilesDays: 'Temporary files: enter a whole number of days from 1 to 7.',
    })
  })

  it('says what is never purged, shows the last purge, and saves by keyboard alone', async () => {
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/retention', element: <AdminRetentionPage /> }], '/admin/retention')
    expect(await screen.findByRole('heading', { level: 1, name: 'Data retention' })).toBeInTheDocument()
    const never = screen.getByText(/Fiscal records are never purged by the platform/)
    expect(never).toHaveTextContent('5 CCR 16025, Education Code 35254')
    expect(never).toHaveTextContent('the audit trail and its signed checkpoints')
    const last = await screen.findByRole('region', { name: 'Last purge' })
    expect(within(last).getByText(/The purge of 2026-03-02 finished at/)).toBeInTheDocument()
    expect(
      within(last)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1,204 messages from the mail log', '1 ended session', '0 sign-in links and codes', '3 temporary files'])

    const mailLog = await screen.findByRole('textbox', { name: /^Mail log \(days\)/ })
    expect(mailLog).toHaveValue('365')
    // Typed, moved through with Tab and sent with Enter: no pointer needed.
    mailLog.focus()
    await user.clear(mailLog)
    await user.keyboard('20{Enter}')
    await waitFor(() => expect(mailLog).toHaveAttribute('aria-invalid', 'true'))
    expect(mailLog).toHaveAccessibleDescription(/Mail log: enter a whole number of days from 30 to 3,650\./)
    expect(puts()).toEqual([])

    await user.clear(mailLog)
    await user.keyboard('730')
    await user.tab()
    expect(document.activeElement).toBe(field(/^Ended sessions \(days\)/))
    await user.keyboard('{Control>}a{/Control}45')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(JSON.parse(String(puts()[0]![1]?.body))).toEqual({ ...DEFAULT_RETENTION, mailLogDays: 730, endedSessionsDays: 45 })
    expect(await screen.findByRole('status')).toHaveTextContent('The retention settings were saved.')
  })

  it('shows the server’s refusal in its own words and keeps what was typed', async () => {
    putAnswer = () =>
      jsonResponse(422, {
        error: 'Temporary files: enter a whole number of days from 1 to 7 (temporaryFilesDays).',
        code: 'retention_out_of_bounds',
      })
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/retention', element: <AdminRetentionPage /> }], '/admin/retention')
    const temporary = await screen.findByRole('textbox', { name: /^Temporary files \(days\)/ })
    await user.clear(temporary)
    await user.type(temporary, '5')
    await user.click(screen.getByRole('button', { name: 'Save retention settings' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The retention settings were not saved')
    expect(alert).toHaveTextContent('Temporary files: enter a whole number of days from 1 to 7')
    expect(temporary).toHaveValue('5')
  })

  it('is for administrators only', async () => {
    vi.unstubAllGlobals()
    stubApi(() => undefined, makeUser({ id: 2, roleCode: 'STAFF' }))
    renderRoutes([{ path: '/admin/retention', element: <AdminRetentionPage /> }], '/admin/retention')
    expect(await screen.findByText('Only administrators can access this page.')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Data retention' })).toBeNull()
  })
})
