import type { MailHealth, MailMessage, MailTemplate } from '@platform/contracts/email'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { EmailAdministration } from './email-administration'
import { OUTBOX_BANNER_TEXT } from './outbox-banner'

const me = makeUser({ id: 1, roleCode: 'ADMIN' })
const fetchMock = vi.fn<typeof fetch>()

const failedSignIn: MailMessage = {
  message_id: 7,
  created_at: '2026-03-02T10:00:00.000Z',
  kind: 'sign_in',
  recipient: 'bob@district.org',
  subject: 'Your sign-in link',
  status: 'failed',
  attempts: 5,
  last_error: '550 5.1.1 <bob@district.org>: Recipient address rejected: User unknown in virtual mailbox table',
  smtp_response: null,
  sent_at: null,
  next_attempt_at: null,
}

const invitationTemplate: MailTemplate = {
  kind: 'invitation',
  label: 'Invitation',
  subject: 'Welcome to {{district}}',
  body_text: 'Hello {{name}},\nJoin here: {{link}}',
  is_default: true,
  placeholders: [
    { name: 'link', description: 'The sign-in link', required: true },
    { name: 'name', description: 'The person’s name', required: false },
    { name: 'district', description: 'The district’s name', required: false },
  ],
  updated_at: null,
}

const testTemplate: MailTemplate = {
  kind: 'test',
  label: 'Test message',
  subject: 'Test from {{district}}',
  body_text: 'It works.',
  is_default: false,
  placeholders: [{ name: 'district', description: 'The district’s name', required: false }],
  updated_at: '2026-03-01T09:00:00.000Z',
}

const health: MailHealth = {
  mode: 'outbox',
  smtp: null,
  from: 'Platform <no-reply@district.org>',
  retryWindowMinutes: 60,
  last24h: { total: 10, sent: 8, failed: 1, waiting: 1, deliveryRate: 8 / 9 },
  recentFailures: [failedSignIn],
}

beforeEach(() => {
  localStorage.setItem('token', 'jwt')
  localStorage.setItem('user', JSON.stringify(me))
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    if (url.pathname === '/api/get-user-profile') return jsonResponse(200, { user: me })
    if (url.pathname === '/api/email/health') return jsonResponse(200, health)
    if (url.pathname === '/api/email/messages') {
      const empty = url.searchParams.get('status') === 'sent'
      return jsonResponse(200, { data: empty ? [] : [failedSignIn], pagination: { total: empty ? 0 : 1, limit: 50, offset: 0 } })
    }
    if (url.pathname === '/api/email/messages/7') {
      return jsonResponse(200, { ...failedSignIn, body_text: 'Sign in: [hidden]\nCode: [hidden]', body_html: '<p>Sign in: [hidden]</p>' })
    }
    if (url.pathname === '/api/email/messages/7/resend' && method === 'POST') {
      return jsonResponse(200, { success: true, message: 'A fresh sign-in link was issued and queued for bob@district.org.' })
    }
    if (url.pathname === '/api/email/templates') return jsonResponse(200, { data: [invitationTemplate, testTemplate] })
    if (url.pathname === '/api/email/templates/invitation/preview') {
      const body = JSON.parse(String(init?.body)) as { subject: string; body_text: string }
      return jsonResponse(200, {
        subject: body.subject.replace('{{district}}', 'Springfield'),
        text: body.body_text,
        html: `<p>${body.body_text}</p>`,
      })
    }
    if (url.pathname === '/api/email/templates/invitation' && method === 'PUT') {
      return jsonResponse(422, { error: 'The body must contain {{link}}: the invitation link.', code: 'invalid_template' })
    }
    return jsonResponse(404, { error: 'not found', code: 'not_found' })
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

const renderScreen = (path = '/admin/email') => renderRoutes([{ path: '/admin/email', element: <EmailAdministration /> }], path)

// Whole-screen tests type and wait for debounced requests: allow for a busy machine.
describe('EmailAdministration', { timeout: 20_000 }, () => {
  it('shows the outbox banner and the mail log, and filters on the server', async () => {
    const user = userEvent.setup()
    renderScreen()
    expect(screen.getByRole('heading', { level: 1, name: 'Email Administration' })).toBeInTheDocument()
    expect(await screen.findByText(OUTBOX_BANNER_TEXT)).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Mail log' })
    expect(within(table).getByText('bob@district.org')).toBeInTheDocument()
    expect(within(table).getByText('Sign-in link and code')).toBeInTheDocument()
    expect(within(table).getByText('Failed')).toBeInTheDocument()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'sent')
    expect(await screen.findByText('No messages found')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('status=sent'))).toBe(true)
  })

  it('opens a message, shows the masked bodies and resends a sign-in message after a warning', async () => {
    const user = userEvent.setup()
    renderScreen()
    await user.click(await screen.findByRole('button', { name: 'View message to bob@district.org' }))
    const drawer = await screen.findByRole('dialog', { name: 'Message to bob@district.org' })
    expect(within(drawer).getByText(failedSignIn.last_error!)).toBeInTheDocument()
    expect(await within(drawer).findByLabelText('Text body')).toHaveTextContent('Sign in: [hidden]')
    const frame = within(drawer).getByTitle('HTML body')
    expect(frame).toHaveAttribute('sandbox', '')

    await user.click(within(drawer).getByRole('button', { name: 'Resend' }))
    const confirm = await screen.findByRole('dialog', { name: 'Resend message' })
    expect(within(confirm).getByText('A new sign-in link will be issued and sent; the old one stays unusable.')).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Resend' }))
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/email/messages/7/resend' && init?.method === 'POST'),
      ).toBe(true),
    )
  })

  it('edits a template: inserts a placeholder, previews it and shows the server’s 422 text', async () => {
    const user = userEvent.setup()
    renderScreen('/admin/email?tab=templates')
    const body = await screen.findByRole('textbox', { name: 'Body' })
    await user.clear(body)
    await user.type(body, 'Hi ')
    await user.click(screen.getByRole('button', { name: 'Insert {{name}}' }))
    expect(body).toHaveValue('Hi {{name}}')
    // The missing placeholder is shown as the author must type it, in code type.
    const missing = screen.getByText(
      (_text, element) => element?.tagName === 'P' && element.textContent === 'Required placeholder not used: {{link}}',
    )
    expect(missing.querySelector('code')).toHaveTextContent('{{link}}')

    await user.click(screen.getByRole('button', { name: 'Preview' }))
    expect(await screen.findByText('Welcome to Springfield')).toBeInTheDocument()
    expect(screen.getByTitle('HTML preview')).toHaveAttribute('sandbox', '')

    await user.click(screen.getByRole('button', { name: 'Save' }))
    // The server's refusal, recognised by its code, is said under the body it is about.
    await waitFor(() => expect(body).toHaveAttribute('aria-invalid', 'true'))
    expect(body).toHaveAccessibleDescription(/The body must contain \{\{link\}\}: the invitation link\./)
  })

  it('refuses an empty subject under the Subject field, with the contract’s words, before asking the server', async () => {
    const user = userEvent.setup()
    renderScreen('/admin/email?tab=templates')
    const subject = await screen.findByRole('textbox', { name: 'Subject' })
    await user.clear(subject)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(subject).toHaveAttribute('aria-invalid', 'true'))
    expect(subject).toHaveAccessibleDescription(/Subject is required/)
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)
  })

  it('asks before dropping unsaved changes when another template is chosen', async () => {
    const user = userEvent.setup()
    renderScreen('/admin/email?tab=templates')
    const subject = await screen.findByRole('textbox', { name: 'Subject' })
    await user.type(subject, '!')
    const nav = screen.getByRole('navigation', { name: 'Message templates' })
    await user.click(within(nav).getByRole('button', { name: /Test message/ }))
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' })
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }))
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Welcome to {{district}}!')

    await user.click(within(nav).getByRole('button', { name: /Test message/ }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard changes' }),
    )
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Test from {{district}}'))
    expect(screen.getByRole('button', { name: 'Reset to default' })).toBeEnabled()
  })

  it('shows the mail health without any password', async () => {
    renderScreen('/admin/email?tab=health')
    expect(await screen.findByText('No mail server is configured.')).toBeInTheDocument()
    // Outbox mode: nothing was delivered, so no delivery rate; what the queue counts as sent was only recorded.
    expect(screen.queryByText('88.9%')).toBeNull()
    expect(screen.getByText('Recorded, not sent', { ignore: 'option, script, style' })).toBeInTheDocument()
    expect(screen.getByText(/no message was delivered/)).toBeInTheDocument()
    expect(screen.getByText('1 hour')).toBeInTheDocument()
    const failures = screen.getByRole('table', { name: 'Recent failures' })
    expect(within(failures).getByText('bob@district.org')).toBeInTheDocument()
  })
})
