import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { BusinessHours } from './business-hours'

const saved = {
  afterHoursRule: true,
  businessHoursStart: '08:00',
  businessHoursEnd: '16:30',
  districtTimeZone: 'America/Los_Angeles',
  publicArchive: false,
  portalIntro: null as string | null,
}

let fetchMock: FetchMock

beforeEach(() => {
  fetchMock = stubApi(
    (url, init) => {
      if (url.pathname === '/api/records-settings' && init?.method === 'PUT')
        return jsonResponse(200, { data: { ...saved, ...(JSON.parse(String(init.body)) as object) } })
      if (url.pathname === '/api/records-settings') return jsonResponse(200, { data: saved })
      return undefined
    },
    makeUser({ id: 7 }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const puts = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)) as unknown)
const show = (editable = true) => renderRoutes([{ path: '/', element: <BusinessHours editable={editable} /> }], '/')
const portalForm = async () => screen.findByRole('form', { name: 'The public records page' })

describe('the public records page’s settings', () => {
  it('says what the archive publishes, off by default, and links to the public page', async () => {
    show()
    const form = await portalForm()
    const archive = within(form).getByRole('switch', { name: 'Publish the public archive of closed requests' })
    expect(archive).not.toBeChecked()
    expect(archive).toHaveAccessibleDescription(
      'Each closed request with a public summary is published with its number, the summary, its dates, the outcome and the documents released. The requester’s name and contact are never published. Off, nothing is published.',
    )
    expect(within(form).getByRole('link', { name: /Open the public request page/ })).toHaveAttribute('href', '/public-records')
  })

  it('saves the archive switch and the introduction with the business hours as saved, in one PUT', async () => {
    const user = userEvent.setup()
    show()
    const form = await portalForm()
    await user.click(within(form).getByRole('switch', { name: 'Publish the public archive of closed requests' }))
    await user.type(within(form).getByRole('textbox', { name: 'Introduction on the request page' }), '  Ask us for any record we keep. ')
    await user.click(within(form).getByRole('button', { name: 'Save the public page’s settings' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(puts()[0]).toEqual({
      afterHoursRule: true,
      businessHoursStart: '08:00',
      businessHoursEnd: '16:30',
      publicArchive: true,
      portalIntro: 'Ask us for any record we keep.',
    })
  })

  it('an emptied introduction goes back to the platform’s own (null); the business hours keep the page’s settings', async () => {
    const user = userEvent.setup()
    saved.portalIntro = 'Our own words.'
    saved.publicArchive = true
    show()
    const form = await portalForm()
    await user.clear(within(form).getByRole('textbox', { name: 'Introduction on the request page' }))
    await user.click(within(form).getByRole('button', { name: 'Save the public page’s settings' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(puts()[0]).toMatchObject({ publicArchive: true, portalIntro: null })

    const hours = await screen.findByRole('form', { name: 'Business hours' })
    await user.click(within(hours).getByRole('button', { name: 'Save business hours' }))
    await waitFor(() => expect(puts()).toHaveLength(2))
    expect(puts()[1]).toEqual({
      afterHoursRule: true,
      businessHoursStart: '08:00',
      businessHoursEnd: '16:30',
      publicArchive: true,
      portalIntro: 'Our own words.',
    })
    saved.portalIntro = null
    saved.publicArchive = false
  })

  it('only shows the settings to someone who may not change them', async () => {
    show(false)
    const form = await portalForm()
    expect(within(form).getByRole('switch', { name: 'Publish the public archive of closed requests' })).toBeDisabled()
    expect(within(form).queryByRole('button', { name: 'Save the public page’s settings' })).toBeNull()
  })
})
