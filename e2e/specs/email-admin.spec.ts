import type { Locator, Page } from '@playwright/test'
import { readSignInMail } from '../../apps/server/test/smtp-peer.js'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { expectNothingCutOff, VIEWPORTS } from '../support/layout.js'
import { type Platform, uniqueEmail } from '../support/platform.js'
import { mainMenu, pickOption, settled, settledWithFrames, signInAsNewAdmin } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

// A test that stops half-way must not leave the SMTP peer refusing mail for the next one.
test.afterEach(({ platform }) => {
  platform.smtp.setBehaviour('accept')
})

const SEND_FAILED = 'Failed to send magic link: the mail server did not accept the message. Please try again in a few minutes.'
const DEFAULT_INVITATION_SUBJECT = 'You have been invited to the {{district_name}} staff platform'
/** The sandboxed iframes (HTML bodies and previews) are out of axe's reach; their titles are checked by the tests. */
const AXE_OPTIONS = { exclude: ['iframe'] }

const TAB_NAMES = { log: 'Mail log', templates: 'Templates', health: 'Mail health' } as const

/** Opens /admin/email on a tab and waits for the heading and the selected tab. */
async function openEmailAdministration(page: Page, tab: keyof typeof TAB_NAMES = 'log'): Promise<void> {
  await page.goto(tab === 'log' ? '/admin/email' : `/admin/email?tab=${tab}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Email Administration' })).toBeVisible()
  await expect(page.getByRole('tab', { name: TAB_NAMES[tab], selected: true })).toBeVisible()
}

const mailLogRows = (page: Page): Locator => page.getByRole('table', { name: 'Mail log' }).locator('tbody tr')

/** Searches the mail log by recipient and waits until it lists exactly `count` messages, all to that address. */
async function findMessagesTo(page: Page, recipient: string, count: number): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Recipient' }).fill(recipient)
  const rows = mailLogRows(page)
  await expect(rows.filter({ hasNotText: recipient })).toHaveCount(0)
  await expect(rows).toHaveCount(count)
  return rows
}

/** On the Templates tab: selects a kind in the list and waits for its editor. */
async function editTemplate(page: Page, label: string): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Message templates' })
    .getByRole('button', { name: new RegExp(`^${label}\\b`) })
    .click()
  const editor = page.getByRole('form', { name: label })
  await expect(editor.getByRole('heading', { level: 2, name: label })).toBeVisible()
  return editor
}

/** A sign-in link request the mail server refuses (POST /api/send-magic-link answers 503): a failed message in the log. */
async function provokeRefusedSignIn(page: Page, platform: Platform, email: string): Promise<void> {
  platform.smtp.setBehaviour('reject-recipient')
  try {
    const response = await page.request.post('/api/send-magic-link', { data: { email } })
    expect(response.status()).toBe(503)
    expect((await response.json()).error).toBe(SEND_FAILED)
  } finally {
    platform.smtp.setBehaviour('accept')
  }
}

test("a staff member's sign-in e-mail is refused; an administrator finds it, sees why, fixes nothing but the server, and resends a fresh link that signs them in", async ({
  page,
  platform,
  newBrowserContext,
}) => {
  const { email } = await platform.createUser({
    email: uniqueEmail('sam'),
    fullName: 'Samira Okafor',
    roleCode: 'STAFF',
    applications: ['DASHBOARD'],
  })

  await signInAsNewAdmin(page, platform, 'Mara Mailroom')

  // The mail server refuses the recipient: the login page says so at once, in the server's words, and nothing arrives.
  const staff = await (await newBrowserContext()).newPage()
  platform.smtp.setBehaviour('reject-recipient')
  const seenBeforeRequest = platform.smtp.inbox.length
  await staff.goto('/login')
  await staff.getByLabel('Email address').fill(email)
  await staff.getByRole('button', { name: 'Send sign-in link' }).click()
  await expect(staff.getByText(SEND_FAILED)).toBeVisible()
  await expect(staff.getByText('Could not send the link')).toBeVisible()
  await expect(staff.getByRole('heading', { name: 'Check Your Email' })).toHaveCount(0)
  expect(platform.smtp.inbox.slice(seenBeforeRequest).filter((mail) => mail.to.includes(email))).toEqual([])

  // The administrator reaches Email Administration from the menu and finds the message by recipient.
  await mainMenu(page).getByRole('link', { name: 'Email Administration' }).click()
  await expect(page).toHaveURL(/\/apps\/email-admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Email Administration' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Mail log', selected: true })).toBeVisible()

  const rows = await findMessagesTo(page, email, 1)
  const failedRow = rows.first()
  await expect(failedRow).toContainText('Sign-in link and code')
  await expect(failedRow).toContainText('Failed')
  await expect(failedRow).toContainText('550')
  // Its status with how many tries it took, in words.
  await expect(failedRow.locator('td').nth(4)).toHaveText('Failed1 attempt')

  // The message: the reason (the server's 550) and the body as sent, with the link and the code masked.
  await failedRow.getByRole('button', { name: `View message to ${email}` }).click()
  const drawer = page.getByRole('dialog', { name: `Message to ${email}` })
  await expect(drawer).toBeVisible()
  const details = drawer.getByRole('table', { name: 'Message details' })
  await expect(details.getByRole('row', { name: /^Status/ })).toContainText('Failed')
  await expect(details.getByRole('row', { name: /^Kind/ })).toContainText('Sign-in link and code')
  await expect(details.getByRole('row', { name: /^Last error/ })).toContainText('550 Mailbox unavailable')
  const textBody = drawer.getByRole('region', { name: 'Text body' })
  await expect(textBody).toContainText('Open this link to sign in: [hidden]')
  await expect(textBody).toContainText('Or type this code on the sign-in page: [hidden]')
  await expect(textBody).not.toContainText('/auth/verify')
  await expect(textBody).not.toContainText('token=')
  const htmlBody = drawer.frameLocator('iframe[title="HTML body"]').locator('body')
  await expect(htmlBody).toContainText('[hidden]')
  // The HTML part masks the whole link too (its HTML-escaped form), as the text part does.
  await expect(htmlBody).not.toContainText('/auth/verify')
  await expect(htmlBody).not.toContainText('token=')

  // Nothing is fixed but the mail server, which takes mail again; Resend asks first, then issues a fresh link.
  platform.smtp.setBehaviour('accept')
  await drawer.getByRole('button', { name: 'Resend' }).click()
  const confirm = page.getByRole('dialog', { name: 'Resend message' })
  await expect(confirm).toContainText('A new sign-in link will be issued and sent; the old one stays unusable.')
  const seen = platform.smtp.inbox.length
  await confirm.getByRole('button', { name: 'Resend' }).click()
  await expect(
    page.getByText(`A fresh sign-in e-mail was sent to ${email} (a new link and code; the old ones stay unusable).`),
  ).toBeVisible()
  await expect(confirm).toBeHidden()

  const mail = await platform.mailAfter(email, seen)
  expect(mail.subject).toBe('Your sign-in link for the District staff platform')
  const fresh = readSignInMail(mail.text)
  expect(new URL(fresh.link).origin).toBe(platform.url)

  // The log now holds the new message (sent) above the failed one, which stays as it was; the action is audited.
  // Escape closes the drawer from the keyboard, as a person would.
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Sent')
  await expect(rows.nth(1)).toContainText('Failed')
  const audited = await platform.db.kysely
    .selectFrom('audit_log')
    .select(['outcome', 'details'])
    .where('action', '=', 'email.resent')
    .execute()
  expect(audited.filter((entry) => entry.details?.includes(email))).toEqual([expect.objectContaining({ outcome: 'success' })])

  // Even the new message is stored masked: neither its token nor its code is in the log.
  await rows
    .nth(0)
    .getByRole('button', { name: `View message to ${email}` })
    .click()
  await expect(drawer.getByRole('table', { name: 'Message details' }).getByRole('row', { name: /^Status/ })).toContainText('Sent')
  await expect(drawer.getByRole('region', { name: 'Text body' })).toContainText('Or type this code on the sign-in page: [hidden]')
  await expect(drawer.getByRole('region', { name: 'Text body' })).not.toContainText(fresh.token)
  await expect(drawer.getByRole('region', { name: 'Text body' })).not.toContainText(fresh.code)
  await expect(drawer.getByRole('button', { name: 'Resend' })).toHaveCount(0)
  const stored = await platform.db.kysely
    .selectFrom('mail_messages')
    .select(['subject', 'body_text', 'body_html'])
    .where('recipient', '=', email)
    .execute()
  expect(stored).toHaveLength(2)
  for (const row of stored) expect(JSON.stringify(row)).not.toContain(fresh.token)

  // The person opens the fresh link in a browser of their own: one click, then the dashboard.
  const other = await (await newBrowserContext()).newPage()
  await other.goto(fresh.link)
  await other.getByRole('button', { name: 'Continue as s•••@district.test' }).click()
  await expect(other).toHaveURL(/\/dashboard$/, { timeout: 10_000 })
  await expect(other.getByTestId('header-user-name')).toHaveText('Samira Okafor')
})

test('the administrator edits the invitation template with a live preview; the server refuses a body without {{link}}; the next invitation carries the edit; reset restores the default', async ({
  page,
  platform,
}) => {
  const sentence = 'Your school office can help you with the first steps.'
  await signInAsNewAdmin(page, platform, 'Tess Templater')
  await openEmailAdministration(page, 'templates')
  const editor = await editTemplate(page, 'Invitation')
  const subject = editor.getByRole('textbox', { name: 'Subject', exact: true })
  const body = editor.getByRole('textbox', { name: 'Body', exact: true })
  await expect(subject).toHaveValue(DEFAULT_INVITATION_SUBJECT)
  await expect(editor.getByRole('table', { name: 'Placeholders' })).toContainText('{{link}}')
  await expect(editor.getByRole('table', { name: 'Placeholders' }).getByRole('row', { name: /^\{\{link\}\}/ })).toContainText('Required')
  const previewSubject = page.getByTestId('preview-subject')
  const previewText = page.getByRole('region', { name: 'Text preview' })
  await expect(previewSubject).toHaveText('You have been invited to the District staff platform')

  // The edit, previewed with the sample values as it is typed.
  await subject.fill('Welcome to {{district_name}}, {{full_name}}')
  const original = await body.inputValue()
  expect(original).toContain('{{link}}')
  await body.fill(`${original}\n\n${sentence}`)
  await expect(editor.getByText('Unsaved changes', { exact: true })).toBeVisible()
  await expect(previewSubject).toHaveText('Welcome to District, Jane Doe')
  await expect(previewText).toContainText(sentence)
  await expect(page.getByRole('heading', { name: 'Preview (sample values)' })).toBeVisible()
  await expect(page.locator('iframe[title="HTML preview"]')).toBeVisible()
  await expect(page.frameLocator('iframe[title="HTML preview"]').locator('body')).toContainText(sentence)

  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Invitation template saved')).toBeVisible()
  await expect(editor.getByText('Unsaved changes', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Message templates' }).getByRole('button', { name: /^Invitation\b/ })).toContainText(
    'Customised',
  )

  // A body without {{link}}: the hint, then the server's refusal under the body; nothing is saved.
  await body.fill('Hello {{full_name}}, welcome aboard.')
  await expect(editor.getByText('Required placeholder not used: {{link}}')).toBeVisible()
  await editor.getByRole('button', { name: 'Save' }).click()
  const refusal = 'The body must contain {{link}}: the invitation link (valid 7 days, single use).'
  await expect(editor.getByRole('alert').filter({ hasText: /^The body must contain/ })).toHaveText(refusal)
  await expect(body).toHaveAttribute('aria-invalid', 'true')
  await expect(body).toHaveAccessibleDescription(new RegExp(refusal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  await editor.getByRole('button', { name: 'Undo changes' }).click()
  await expect(body).toHaveValue(`${original}\n\n${sentence}`)
  await expect(subject).toHaveValue('Welcome to {{district_name}}, {{full_name}}')
  await expect(body).not.toHaveAttribute('aria-invalid', 'true')

  // The next invitation, sent through User Management, carries the saved edit.
  const invitee = uniqueEmail('ines')
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible()
  await page.getByRole('button', { name: 'Add User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New User' })
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(invitee)
  await dialog.getByRole('textbox', { name: 'Full name', exact: true }).fill('Ines Calloway')
  await pickOption(page, dialog.getByRole('combobox', { name: 'Organization', exact: true }), 'District Office (DISTRICT)')
  await pickOption(page, dialog.getByRole('combobox', { name: 'Role', exact: true }), 'Staff')
  await expect(dialog.getByRole('checkbox', { name: 'Send invitation email' })).toBeChecked()
  const seen = platform.smtp.inbox.length
  await dialog.getByRole('button', { name: 'Create user' }).click()
  await expect(page.getByText(`Ines Calloway was added and an invitation was sent to ${invitee}.`)).toBeVisible()
  const invitation = await platform.mailAfter(invitee, seen)
  expect(invitation.subject).toBe('Welcome to District, Ines Calloway')
  expect(invitation.text).toContain(sentence)
  expect(invitation.text).toContain('Hello Ines Calloway,')
  expect(invitation.text).toMatch(/http:\/\/\S+\/auth\/verify\?\S*invite=1/)

  // The mail log shows it with that subject.
  await openEmailAdministration(page)
  const rows = await findMessagesTo(page, invitee, 1)
  await expect(rows.first()).toContainText('Invitation')
  await expect(rows.first()).toContainText('Welcome to District, Ines Calloway')
  await expect(rows.first()).toContainText('Sent')

  // Reset to default asks first, then brings the original text back.
  await page.getByRole('tab', { name: 'Templates' }).click()
  await expect(page).toHaveURL(/\/admin\/email\?tab=templates$/)
  const again = await editTemplate(page, 'Invitation')
  await expect(again.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue('Welcome to {{district_name}}, {{full_name}}')
  await again.getByRole('button', { name: 'Reset to default' }).click()
  const confirm = page.getByRole('dialog', { name: 'Reset to default' })
  await expect(confirm).toContainText('The Invitation template goes back to the default text; your changes to it are lost.')
  await confirm.getByRole('button', { name: 'Reset to default' }).click()
  await expect(page.getByText('Invitation template reset to default')).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(again.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue(DEFAULT_INVITATION_SUBJECT)
  await expect(again.getByRole('textbox', { name: 'Body', exact: true })).toHaveValue(original)
  await expect(again.getByRole('button', { name: 'Reset to default' })).toBeDisabled()
  await expect(page.getByRole('navigation', { name: 'Message templates' }).getByRole('button', { name: /^Invitation\b/ })).toContainText(
    'Default',
  )
  await expect(previewSubject).toHaveText('You have been invited to the District staff platform')
})

test("Mail health: the SMTP settings in force, 'Test connection' succeeds, 'Send a test message to me' reaches the mail server, and the day's figures count it", async ({
  page,
  platform,
}) => {
  // Signed in through the e-mail: the day's figures and the log below count that message.
  const { email } = await platform.createUser({ fullName: 'Hal Health', roleCode: 'ADMIN' })
  await platform.signInWithCode(page, email)
  await openEmailAdministration(page, 'health')
  await expect(page.getByTestId('outbox-banner')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Mode' })).toContainText('SMTP')
  const server = page.getByRole('region', { name: 'SMTP server' })
  await expect(server).toContainText('127.0.0.1')
  await expect(server).toContainText(String(platform.smtp.port))
  await expect(server).toContainText('not set')

  const last24h = page.getByRole('region', { name: 'Last 24 hours' })
  const figure = (label: string) => last24h.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]')
  await expect(figure('Sent')).toHaveText(/^\d+$/)
  const sentBefore = Number(await figure('Sent').textContent())
  const totalBefore = Number(await figure('Total').textContent())
  // At least this administrator's own sign-in e-mail was sent.
  expect(sentBefore).toBeGreaterThanOrEqual(1)

  const result = page.getByTestId('mail-health-result')
  await page.getByRole('button', { name: 'Test connection' }).click()
  await expect(result).toHaveText(
    `Connection test succeeded: Connected to 127.0.0.1:${platform.smtp.port} and the server accepted the login.`,
  )

  const seen = platform.smtp.inbox.length
  await page.getByRole('button', { name: 'Send a test message to me' }).click()
  await expect(result).toHaveText(`Test message succeeded: A test message was sent to ${email}.`)
  const mail = await platform.mailAfter(email, seen)
  expect(mail.subject).toBe('Test message from the District staff platform')
  expect(mail.text).toContain('This is a test message sent from Email Administration at')

  await expect(figure('Sent')).toHaveText(String(sentBefore + 1))
  await expect(figure('Total')).toHaveText(String(totalBefore + 1))
  await expect(figure('Delivery rate')).toHaveText(/^\d+(\.\d)?%$/)

  // The test message is in the log, sent, with the server's answer.
  await page.getByRole('tab', { name: 'Mail log' }).click()
  await expect(page).toHaveURL(/\/admin\/email$/)
  const rows = await findMessagesTo(page, email, 2)
  await expect(rows.first()).toContainText('Test message')
  await expect(rows.first()).toContainText('Sent')
  await expect(rows.first()).toContainText('250')
})

test('axe: Email Administration, the Mail log and the open drawer of a failed message', async ({ page, platform }) => {
  const { email: refused } = await platform.createUser({ fullName: 'Rita Refused', roleCode: 'STAFF' })
  await provokeRefusedSignIn(page, platform, refused)
  await signInAsNewAdmin(page, platform, 'Axel Mailer')

  await openEmailAdministration(page)
  await expect(mailLogRows(page).filter({ hasText: refused })).toContainText('Failed')
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/email (Mail log)', AXE_OPTIONS)

  // The drawer of a failed message (Resend offered, the error shown, both bodies).
  await mailLogRows(page)
    .filter({ hasText: refused })
    .getByRole('button', { name: `View message to ${refused}` })
    .click()
  const drawer = page.getByRole('dialog', { name: `Message to ${refused}` })
  await expect(drawer.getByRole('region', { name: 'Text body' })).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Resend' })).toBeVisible()
  await expect(drawer.locator('iframe')).toHaveAttribute('title', 'HTML body')
  await settledWithFrames(page)
  await expectNoSeriousA11yViolations(page, '/admin/email (message drawer)', AXE_OPTIONS)
  await drawer.getByRole('button', { name: 'Close' }).click()
  await expect(drawer).toBeHidden()
})

test('axe: Email Administration, the Templates tab (also with a refused draft) and the Mail health tab', async ({ page, platform }) => {
  const { email: refused } = await platform.createUser({ fullName: 'Rory Refused', roleCode: 'STAFF' })
  await provokeRefusedSignIn(page, platform, refused)
  await signInAsNewAdmin(page, platform, 'Tara Tabs')
  await openEmailAdministration(page)

  await page.getByRole('tab', { name: 'Templates' }).click()
  await expect(page).toHaveURL(/\?tab=templates$/)
  await expect(page.getByTestId('preview-subject')).toHaveText('Your sign-in link for the District staff platform')
  await expect(page.locator('iframe[title="HTML preview"]')).toBeVisible()
  await settledWithFrames(page)
  await expectNoSeriousA11yViolations(page, '/admin/email?tab=templates', AXE_OPTIONS)

  // The editor with a refused draft: the placeholder hint, the server's error under the body, the failed preview.
  const editor = page.getByRole('form', { name: 'Sign-in link and code' })
  await editor.getByRole('textbox', { name: 'Body', exact: true }).fill('Hello, here is your code: {{code}}')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor.getByRole('alert').filter({ hasText: /^The body must contain \{\{link\}\}/ })).toBeVisible()
  await expect(page.getByText(/^Preview failed:/)).toBeVisible()
  await settledWithFrames(page)
  await expectNoSeriousA11yViolations(page, '/admin/email?tab=templates (refused draft)', AXE_OPTIONS)
  await editor.getByRole('button', { name: 'Undo changes' }).click()
  await expect(editor.getByText('Unsaved changes', { exact: true })).toHaveCount(0)

  await page.getByRole('tab', { name: 'Mail health' }).click()
  await expect(page).toHaveURL(/\?tab=health$/)
  await page.getByRole('button', { name: 'Test connection' }).click()
  await expect(page.getByTestId('mail-health-result')).toContainText('Connection test succeeded')
  await expect(page.getByRole('table', { name: 'Recent failures' })).toContainText(refused)
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/email?tab=health', AXE_OPTIONS)
})

test('at a phone’s width the mail log’s cards stay within the screen, and no answer is a code', async ({ page, platform }) => {
  await page.setViewportSize(VIEWPORTS.phone)
  // Signed in through the e-mail, so the log has a message to show.
  const { email } = await platform.createUser({
    fullName: 'Mia Mobile-Longaddress',
    roleCode: 'ADMIN',
    email: uniqueEmail('mia.mobile-longaddress'),
  })
  await platform.signInWithCode(page, email)
  await platform.processMail()
  await page.goto('/admin/email?tab=log')
  const cards = page.getByRole('table', { name: 'Mail log' }).locator('tbody tr')
  await expect(cards.first()).toBeVisible()
  await settled(page)
  for (const card of await cards.all()) {
    const box = await card.boundingBox()
    expect(box!.x + box!.width, 'a message card ends inside the screen').toBeLessThanOrEqual(VIEWPORTS.phone.width)
  }
  await expect(page.getByRole('table', { name: 'Mail log' })).not.toContainText(/\boutbox\b/)
  await expectNothingCutOff(page, 'Mail log (phone)')
})
