import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expectNothingCutOff, VIEWPORTS } from '../support/layout.js'
import { ADMIN_EMAIL, uniqueEmail } from '../support/platform.js'
import {
  applicationLinks,
  mainMenu,
  openUserManagement,
  pickOption,
  reloadSignedIn,
  searchUsers,
  signInAsNewAdmin,
} from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' })
const rowOf = (page: Page, email: string) => usersTable(page).getByRole('row').filter({ hasText: email })

/** Fills the 'Add New User' modal (already open) for a member of the district office. */
async function fillNewUser(page: Page, values: { email: string; fullName: string; role: string; applications?: string[] }) {
  const dialog = page.getByRole('dialog', { name: 'Add New User' })
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(values.email)
  await dialog.getByRole('textbox', { name: 'Full name', exact: true }).fill(values.fullName)
  await pickOption(page, dialog.getByRole('combobox', { name: 'Organization', exact: true }), 'District Office (DISTRICT)')
  await pickOption(page, dialog.getByRole('combobox', { name: 'Role', exact: true }), values.role)
  for (const name of values.applications ?? []) await dialog.getByRole('checkbox', { name, exact: true }).check()
  return dialog
}

test('opening a modal (Add User) breaks no Content Security Policy rule', async ({ page, platform, browserProblems }) => {
  await signInAsNewAdmin(page, platform, 'Nora Nonce')
  await openUserManagement(page)
  await page.getByRole('button', { name: 'Add User' }).click()
  await expect(page.getByRole('dialog', { name: 'Add New User' })).toBeVisible()
  await page.waitForTimeout(500)
  expect(browserProblems.cspViolations).toEqual([])
})

test('an administrator adds a user with two applications and an invitation; the invited person signs in from the e-mail and sees exactly those two', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  await platform.signIn(page, ADMIN_EMAIL)
  await openUserManagement(page)

  await page.getByRole('button', { name: 'Add User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New User' })
  await expect(dialog).toBeVisible()
  // The invitation is checked for a new user, no 'Active' box; admin-only applications are never offered.
  await expect(dialog.getByRole('checkbox', { name: 'Send invitation email' })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: 'Active', exact: true })).toHaveCount(0)
  await expect(dialog.getByRole('checkbox', { name: 'User Management', exact: true })).toHaveCount(0)
  await expect(dialog.getByRole('checkbox', { name: 'Server Monitoring', exact: true })).toHaveCount(0)

  const email = uniqueEmail('ines')
  await fillNewUser(page, { email, fullName: 'Ines Calloway', role: 'Staff', applications: ['DSA Project Tracker', 'Accruals'] })
  const seen = platform.smtp.inbox.length
  await dialog.getByRole('button', { name: 'Create user' }).click()
  await expect(page.getByText(`Ines Calloway was added and an invitation was sent to ${email}.`)).toBeVisible()
  await expect(dialog).toBeHidden()

  await searchUsers(page, 'Calloway', 1)
  const row = rowOf(page, email)
  await expect(row).toContainText('Ines Calloway')
  await expect(row).toContainText('District Office')
  await expect(row).toContainText('Staff')
  await expect(row).toContainText('Active')
  await expect(row).toContainText('Invitation pending')
  await expect(row).toContainText('Never')
  await expect(row).not.toContainText('Verified')

  // The invitation went through SMTP, with its own kind of link.
  const mail = await platform.mailAfter(email, seen)
  expect(mail.subject).toBe('You have been invited to the District staff platform')
  expect(mail.text).toContain('District Administrator has given you access')
  expect(mail.text).toContain('valid for 7 days')
  const link = /(http:\/\/\S+\/auth\/verify\?\S+)/.exec(mail.text)?.[1] ?? ''
  const linkUrl = new URL(link)
  expect(linkUrl.origin).toBe(platform.url)
  expect(linkUrl.searchParams.get('invite')).toBe('1')
  expect(linkUrl.searchParams.get('email')).toBe(email)

  // The invited person opens it in their own browser: one click, then the dashboard.
  const invited = await (await newBrowserContext()).newPage()
  await invited.goto(link)
  await invited.getByRole('button', { name: 'Continue as i•••@district.test' }).click()
  await expect(invited).toHaveURL(/\/dashboard$/, { timeout: 10_000 })
  await expect(invited.getByTestId('header-user-name')).toHaveText('Ines Calloway')
  expect(await applicationLinks(invited)).toEqual(['Accruals', 'DSA Project Tracker'])
  await expect(mainMenu(invited).getByRole('group', { name: 'Administration' })).toHaveCount(0)
  for (const adminLink of ['User Management', 'Application Management', 'Activity', 'Server Monitoring']) {
    await expect(mainMenu(invited).getByRole('link', { name: adminLink })).toHaveCount(0)
  }

  // The first sign-in verified the address and recorded the login.
  await page.reload()
  await searchUsers(page, 'Calloway', 1)
  await expect(rowOf(page, email)).toContainText('Verified')
  await expect(rowOf(page, email)).not.toContainText('Never')
  await expect(rowOf(page, email)).not.toContainText('Invitation pending')
})

test("the administrator unticks an application; it is gone from the person's menu on their next profile load", async ({
  page,
  platform,
  newBrowserContext,
}) => {
  const { email } = await platform.createUser({ fullName: 'Edith Marlowe', roleCode: 'STAFF', applications: ['ACCRUALS', 'DSA_TRACKER'] })
  const staff = await (await newBrowserContext()).newPage()
  await platform.signIn(staff, email)
  expect(await applicationLinks(staff)).toEqual(['Accruals', 'DSA Project Tracker'])

  await signInAsNewAdmin(page, platform, 'Edwin Admin')
  await openUserManagement(page)
  await searchUsers(page, 'Marlowe', 1)
  await page.getByRole('button', { name: 'Edit Edith Marlowe' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit User' })
  const emailField = dialog.getByRole('textbox', { name: 'Email', exact: true })
  await expect(emailField).toHaveValue(email)
  await expect(emailField).toHaveAttribute('readonly', '')
  await expect(dialog.getByRole('checkbox', { name: 'Active', exact: true })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: 'Send invitation email' })).toHaveCount(0)
  await expect(dialog.getByRole('checkbox', { name: 'DSA Project Tracker', exact: true })).toBeChecked()
  const accruals = dialog.getByRole('checkbox', { name: 'Accruals', exact: true })
  await expect(accruals).toBeChecked()
  await accruals.uncheck()
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Edith Marlowe was saved.')).toBeVisible()
  await expect(dialog).toBeHidden()

  await reloadSignedIn(staff)
  expect(await applicationLinks(staff)).toEqual(['DSA Project Tracker'])
  await staff.goto('/apps/accruals')
  await expect(staff.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
})

test('deactivating a user asks first, confirms, and signs the person out at their next action', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  const { email } = await platform.createUser({ fullName: 'Dorian Fenwick', roleCode: 'STAFF', applications: ['DASHBOARD'] })
  const staff = await (await newBrowserContext()).newPage()
  await platform.signIn(staff, email)

  await signInAsNewAdmin(page, platform, 'Delia Admin')
  await openUserManagement(page)
  await searchUsers(page, 'Fenwick', 1)

  // Cancel first: nothing happens.
  await page.getByRole('button', { name: 'Deactivate Dorian Fenwick' }).click()
  const confirm = page.getByRole('dialog', { name: 'Deactivate user' })
  await expect(confirm).toContainText('Deactivate Dorian Fenwick? They will be signed out at once and can no longer sign in.')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await reloadSignedIn(staff)
  await expect(staff).toHaveURL(/\/dashboard$/)

  await page.getByRole('button', { name: 'Deactivate Dorian Fenwick' }).click()
  await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click()
  await expect(page.getByText('User deactivated successfully')).toBeVisible()
  await expect(confirm).toBeHidden()
  const row = rowOf(page, email)
  await expect(row).toContainText('Inactive')
  await expect(row.getByRole('button', { name: 'Deactivate Dorian Fenwick' })).toHaveCount(0)
  await expect(row.getByRole('button', { name: 'Resend invitation to Dorian Fenwick' })).toHaveCount(0)

  // The person's next action meets a revoked session.
  await staff.reload()
  await expect(staff).toHaveURL(/\/login$/)
  await expect(staff.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  expect(await staff.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('an inactive user is reactivated from the list, in the form of every other success, and can sign in again', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(120_000) // two people signing in, on a shared machine
  const { email } = await platform.createUser({
    fullName: 'Rosa Returning',
    roleCode: 'STAFF',
    applications: ['DASHBOARD'],
    isActive: false,
  })
  await signInAsNewAdmin(page, platform, 'Remy Admin')
  await openUserManagement(page)
  await searchUsers(page, 'Returning', 1)
  const row = rowOf(page, email)
  await expect(row).toContainText('Inactive')
  // An inactive person is offered Reactivate, neither Deactivate nor an invitation.
  await expect(row.getByRole('button', { name: 'Deactivate Rosa Returning' })).toHaveCount(0)
  await expect(row.getByRole('button', { name: 'Resend invitation to Rosa Returning' })).toHaveCount(0)

  await row.getByRole('button', { name: 'Reactivate Rosa Returning' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit User' })
  await expect(dialog.getByRole('checkbox', { name: 'Active', exact: true })).toBeChecked()
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog).toBeHidden()
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'User reactivated successfully' })
  await expect(notice).toContainText('Rosa Returning was saved.')
  await expect(row).toContainText('Active')
  await expect(row).not.toContainText('Inactive')
  await expect(row.getByRole('button', { name: 'Reactivate Rosa Returning' })).toHaveCount(0)
  await expect(row.getByRole('button', { name: 'Deactivate Rosa Returning' })).toBeVisible()

  // Reactivated means able to sign in again.
  const person = await (await newBrowserContext()).newPage()
  await platform.signInWithCode(person, email)
  await expect(person.getByRole('heading', { level: 1, name: /^Welcome, Rosa/ })).toBeVisible()
})

test('search, the role and organisation filters and paging narrow the list on the server', async ({ page, platform }) => {
  const { org_id: northgate } = await platform.db.kysely
    .insertInto('organizations')
    .values({ org_name: 'Northgate High School', org_code: 'NORTHGATE' })
    .returning('org_id')
    .executeTakeFirstOrThrow()
  const created: number[] = []
  for (let i = 1; i <= 30; i += 1) {
    const number = String(i).padStart(2, '0')
    const { userId } = await platform.createUser({ fullName: `Quillon Tester${number}`, roleCode: i <= 4 ? 'REPORT_WRITER' : 'STAFF' })
    created.push(userId)
  }
  // Three of them (one a report writer) work at Northgate.
  await platform.db.kysely
    .updateTable('users')
    .set({ organization_id: northgate })
    .where('user_id', 'in', [created[0]!, created[10]!, created[20]!])
    .execute()

  await signInAsNewAdmin(page, platform, 'Sasha Admin')
  await openUserManagement(page)
  await expect(page.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue('')
  await expect(page.getByRole('combobox', { name: 'Role', exact: true }).locator('option:checked')).toHaveText('All Roles')
  await expect(page.getByRole('combobox', { name: 'Organization', exact: true }).locator('option:checked')).toHaveText('All Organizations')

  const pages = page.getByRole('navigation', { name: 'Pages of users' })
  await pages.getByRole('combobox', { name: 'Rows per page' }).selectOption('25')
  await searchUsers(page, 'quillon', 30)
  await expect(pages).toContainText('Showing 1–25 of 30 users')
  await expect(usersTable(page).locator('tbody tr')).toHaveCount(25)
  await expect(usersTable(page).locator('tbody tr').first()).toContainText('Quillon Tester01')
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled()

  await pages.getByRole('button', { name: 'Next' }).click()
  await expect(pages).toContainText('Showing 26–30 of 30 users')
  await expect(usersTable(page).locator('tbody tr')).toHaveCount(5)
  await expect(usersTable(page).locator('tbody tr').first()).toContainText('Quillon Tester26')
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled()

  // A filter goes back to the first page.
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: 'Report Writer' })
  await expect(page.getByTestId('user-count')).toHaveText('4 users')
  await expect(pages).toContainText('Showing 1–4 of 4 users')
  await expect(usersTable(page).locator('tbody tr')).toHaveText([/Tester01/, /Tester02/, /Tester03/, /Tester04/])
  for (const cell of await usersTable(page).locator('tbody tr td:nth-child(3)').all()) await expect(cell).toHaveText('Report Writer')

  await page.getByRole('combobox', { name: 'Organization', exact: true }).selectOption({ label: 'Northgate High School' })
  await expect(page.getByTestId('user-count')).toHaveText('1 user')
  await expect(usersTable(page).locator('tbody tr')).toHaveText([/Quillon Tester01.*Northgate High School.*Report Writer/])

  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: 'All Roles' })
  await expect(page.getByTestId('user-count')).toHaveText('3 users')
  await expect(usersTable(page).locator('tbody tr')).toHaveText([/Tester01/, /Tester11/, /Tester21/])

  // Two words narrow further; a search matching nobody says so.
  await page.getByRole('combobox', { name: 'Organization', exact: true }).selectOption({ label: 'All Organizations' })
  await searchUsers(page, 'quillon tester15', 1)
  await expect(usersTable(page).locator('tbody tr')).toHaveText([/Quillon Tester15/])
  await page.getByPlaceholder('Search users...').fill('quillonx')
  await expect(page.getByText('No users found')).toBeVisible()
  await expect(page.getByText('Try another search or clear the filters.')).toBeVisible()
  await expect(page.getByTestId('user-count')).toHaveText('0 users')
})

test('resending an invitation asks first and confirms; a duplicate e-mail in the modal shows the server’s message', async ({
  page,
  platform,
}) => {
  const { email } = await platform.createUser({ fullName: 'Rosalind Ashby', roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await signInAsNewAdmin(page, platform, 'Reese Admin')
  await openUserManagement(page)
  await searchUsers(page, 'Ashby', 1)

  await page.getByRole('button', { name: 'Resend invitation to Rosalind Ashby' }).click()
  const confirm = page.getByRole('dialog', { name: 'Resend invitation' })
  await expect(confirm).toContainText(`Send a new invitation to ${email}? The previous invitation link will stop working.`)
  const seen = platform.smtp.inbox.length
  await confirm.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Invitation sent successfully!')).toBeVisible()
  await expect(confirm).toBeHidden()
  const mail = await platform.mailAfter(email, seen)
  expect(mail.subject).toBe('You have been invited to the District staff platform')
  expect(mail.text).toContain('Reese Admin has given you access')
  await expect(rowOf(page, email)).toContainText('Invitation pending')

  // The same address again: the server's 409 message under the Email field (once, not again in an alert); the modal stays open.
  await page.getByRole('button', { name: 'Add User' }).click()
  const dialog = await fillNewUser(page, { email: email.toUpperCase(), fullName: 'Rosalind Again', role: 'Staff' })
  await dialog.getByRole('button', { name: 'Create user' }).click()
  const emailField = dialog.getByRole('textbox', { name: 'Email', exact: true })
  await expect(emailField).toHaveAttribute('aria-invalid', 'true')
  await expect(emailField).toHaveAccessibleDescription(/A user with this email address already exists\./)
  await expect(dialog.getByText('A user with this email address already exists.')).toHaveCount(1)
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await searchUsers(page, 'Rosalind', 1)
})

test('CSV import: preview shows what will be created and what is rejected and why, apply creates the user, the result downloads', async ({
  page,
  platform,
}) => {
  const newcomer = uniqueEmail('imogen')
  const refused = uniqueEmail('ulric')
  const csv = [
    'email,full_name,organization_code,role_code,applications',
    `${newcomer},Imogen Larkspur,DISTRICT,STAFF,ACCRUALS;DSA_TRACKER`,
    `${refused},Ulric Nobody,DISTRICT,JANITOR,ACCRUALS`,
  ].join('\n')

  await signInAsNewAdmin(page, platform, 'Ivo Admin')
  await openUserManagement(page)
  await page.getByRole('link', { name: 'Import users' }).click()
  await expect(page).toHaveURL(/\/admin\/users\/import$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Import users' })).toBeVisible()

  await page.locator('input[type="file"]').setInputFiles({ name: 'new-staff.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: 'Preview' }).click()

  const summary = page.getByRole('group', { name: 'Preview summary' })
  await expect(summary.getByTestId('import-create')).toHaveText('1')
  await expect(summary.getByTestId('import-reject')).toHaveText('1')
  await expect(summary.getByTestId('import-update')).toHaveText('0')
  const previewRows = page.getByRole('table', { name: 'Import preview rows' }).locator('tbody tr')
  await expect(previewRows).toHaveCount(2)
  // Each line in words: its outcome, its organization, role and applications by name.
  await expect(previewRows.filter({ hasText: newcomer })).toContainText('New person')
  await expect(previewRows.filter({ hasText: newcomer })).toContainText('Accruals, DSA Project Tracker')
  await expect(previewRows.filter({ hasText: newcomer })).toContainText('District Office')
  await expect(previewRows.filter({ hasText: refused })).toContainText('Rejected')
  await expect(previewRows.filter({ hasText: refused })).toContainText("Unknown role code 'JANITOR'.")
  // Nothing is saved by a preview.
  expect(await platform.db.kysely.selectFrom('users').select('user_id').where('email', '=', newcomer).executeTakeFirst()).toBeUndefined()

  await page.getByRole('checkbox', { name: 'Send invitation emails to new users' }).uncheck()
  await page.getByRole('button', { name: 'Apply import' }).click()
  await expect(page.getByText('Import applied: 1 person added, 0 people updated, 1 line rejected.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Import applied' })).toBeVisible()
  const result = page.getByRole('group', { name: 'Import result' })
  await expect(result.getByTestId('import-create')).toHaveText('1')
  await expect(result.getByTestId('import-reject')).toHaveText('1')
  await expect(page.getByRole('table', { name: 'Import result rows' }).locator('tbody tr')).toHaveCount(2)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download result (CSV)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^user_import_result_\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = (await readFile(await download.path(), 'utf8')).replace(/^\ufeff/, '').split('\r\n')
  expect(lines[0]).toBe('line,email,full_name,organization_code,role_code,applications,outcome,reasons')
  expect(lines[1]).toBe(`2,${newcomer},Imogen Larkspur,DISTRICT,STAFF,ACCRUALS;DSA_TRACKER,New person,`)
  expect(lines[2]).toBe(`3,${refused},Ulric Nobody,DISTRICT,JANITOR,ACCRUALS,Rejected,Unknown role code 'JANITOR'.`)

  await page.getByRole('link', { name: 'Back to User Management' }).last().click()
  await expect(page).toHaveURL(/\/admin\/users$/)
  await searchUsers(page, 'Larkspur', 1)
  await expect(rowOf(page, newcomer)).toContainText('Imogen Larkspur')
  await expect(rowOf(page, newcomer)).toContainText('Staff')
  await searchUsers(page, 'Ulric', 0)
})

test('Resend invitation stays offered to someone who has signed in, and their new link signs them in', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(120_000) // two people signing in, on a shared machine
  const { email } = await platform.createUser({ fullName: 'Selma Signedin', roleCode: 'STAFF', applications: ['DASHBOARD'] })
  // Through the e-mail, as a person does: their last login is recorded.
  const person = await (await newBrowserContext()).newPage()
  await platform.signInWithCode(person, email)

  await signInAsNewAdmin(page, platform, 'Rhea Admin')
  await openUserManagement(page)
  await searchUsers(page, 'Signedin', 1)
  await expect(rowOf(page, email)).not.toContainText('Never')
  await page.getByRole('button', { name: 'Resend invitation to Selma Signedin' }).click()
  const seen = platform.smtp.inbox.length
  await page.getByRole('dialog', { name: 'Resend invitation' }).getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Invitation sent successfully!')).toBeVisible()
  const mail = await platform.mailAfter(email, seen)
  expect(mail.subject).toBe('You have been invited to the District staff platform')
  const link = /(http\S+invite=1)/.exec(mail.text)?.[1]
  expect(link, 'the invitation carries its link').toBeTruthy()

  const fresh = await (await newBrowserContext()).newPage()
  await fresh.goto(link!)
  // Another browser than the one that asked confirms first: a mail scanner opening the link spends nothing.
  await fresh.getByRole('button', { name: /^Continue as/ }).click()
  await expect(fresh.getByText('Sign-in successful')).toBeVisible()
})

test('at a phone’s width the users’ cards stay within the screen, each action still there', async ({ page, platform }) => {
  await page.setViewportSize(VIEWPORTS.phone)
  await platform.createUser({
    fullName: 'Bartholomew Longname-Fitzwilliam',
    roleCode: 'STAFF',
    email: uniqueEmail('bartholomew.longname-fitzwilliam'),
  })
  await signInAsNewAdmin(page, platform, 'Pia Phone')
  await openUserManagement(page)
  // On a phone the filters are folded away: the few people of this platform are all listed.
  const card = usersTable(page).locator('tbody tr').filter({ hasText: 'Bartholomew Longname-Fitzwilliam' })
  await expect(card.getByRole('button', { name: 'Resend invitation to Bartholomew Longname-Fitzwilliam' })).toBeVisible()
  const box = await card.boundingBox()
  expect(box!.x + box!.width, 'the card ends inside the screen').toBeLessThanOrEqual(VIEWPORTS.phone.width)
  await expectNothingCutOff(page, 'User Management (phone)')
})
