import type { Page } from '@playwright/test'
import { applicationLinks, bearer, mainMenu, pickOption, reloadSignedIn, signInAsNewAdmin } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

const applicationsTable = (page: Page) => page.getByRole('table', { name: 'Applications' })
const rowOfCode = (page: Page, code: string) =>
  applicationsTable(page)
    .locator('tbody tr')
    .filter({ has: page.locator('code', { hasText: new RegExp(`^${code}$`) }) })

async function openApplicationManagement(page: Page): Promise<void> {
  await page.goto('/admin/applications')
  await expect(page.getByRole('heading', { level: 1, name: 'Application Management' })).toBeVisible()
  await expect(applicationsTable(page)).toBeVisible()
}

test('an administrator adds an application: the code is upper-cased as typed, it joins the list and their own menu', async ({
  page,
  platform,
}) => {
  await signInAsNewAdmin(page, platform, 'Alma Admin')
  await openApplicationManagement(page)
  await expect(page.getByRole('alert', { name: 'How navigation works' })).toContainText(
    'The menu lists applications by display order, lowest number first.',
  )

  const form = page.getByRole('region', { name: 'Add an application' })
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Field Trips')
  const code = form.getByRole('textbox', { name: 'App code' })
  await code.pressSequentially('field trips')
  await expect(code).toHaveValue('FIELD_TRIPS')
  await expect(form.getByRole('textbox', { name: 'Display order' })).toHaveValue('999')
  await expect(form.getByRole('switch', { name: 'Active' })).toBeChecked()
  await expect(form.getByRole('switch', { name: 'Admin only' })).not.toBeChecked()
  await pickOption(page, form.getByRole('combobox', { name: 'Icon' }), 'Calendar')
  await pickOption(page, form.getByRole('combobox', { name: 'Category' }), 'Tools')
  await form.getByRole('textbox', { name: 'Description' }).fill('Book buses and permission slips for school trips.')
  await form.getByRole('button', { name: 'Add application' }).click()

  await expect(page.getByText('Field Trips was added.')).toBeVisible()
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('')
  const row = rowOfCode(page, 'FIELD_TRIPS')
  await expect(row).toHaveCount(1)
  // Its category in words, never its code.
  for (const text of ['Calendar', 'Field Trips', 'Tools', '999', 'Everyone', 'Active']) await expect(row).toContainText(text)
  await expect(row).not.toContainText('TOOLS')

  // The same code again is refused with the server's reason, on the field.
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Field Trips Again')
  await form.getByRole('textbox', { name: 'App code' }).fill('field_trips')
  await form.getByRole('button', { name: 'Add application' }).click()
  await expect(form.getByText('An application with the code FIELD_TRIPS already exists.')).toBeVisible()
  await expect(rowOfCode(page, 'FIELD_TRIPS')).toHaveCount(1)

  // An administrator holds every active application: the new one comes last (order 999) in their menu.
  await reloadSignedIn(page)
  const links = await applicationLinks(page)
  expect(links.at(-1)).toBe('Field Trips')
  await mainMenu(page).getByRole('link', { name: 'Field Trips' }).click()
  await expect(page).toHaveURL(/\/apps\/field-trips$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Field Trips' })).toBeVisible()
})

test("an application made inactive vanishes from the menu of a person who holds it; deleting asks 'Are you sure?' first", async ({
  page,
  platform,
  request,
  newBrowserContext,
}) => {
  const { token } = await signInAsNewAdmin(page, platform, 'Bram Admin')
  const created = await request.post('/api/admin/applications', {
    headers: bearer(token),
    data: { app_name: 'Bus Routes', app_code: 'bus_routes', app_icon: 'Package', category: 'TOOLS', display_order: 15 },
  })
  expect(created.status(), await created.text()).toBe(201)

  const { userId, email } = await platform.createUser({
    fullName: 'Stella Driver',
    roleCode: 'STAFF',
    applications: ['DASHBOARD', 'BUS_ROUTES'],
  })
  const staff = await (await newBrowserContext()).newPage()
  await platform.signIn(staff, email)
  expect(await applicationLinks(staff)).toEqual(['Dashboard Overview', 'Bus Routes'])

  await openApplicationManagement(page)
  const row = rowOfCode(page, 'BUS_ROUTES')
  await expect(row.locator('td').nth(8)).toHaveText('1')
  await page.getByRole('button', { name: 'Edit Bus Routes' }).click()
  const active = page.getByRole('switch', { name: 'Active of Bus Routes' })
  await expect(active).toBeChecked()
  await expect(row).toContainText('not editable')
  // The switch's input sits under its drawn track: toggled from the keyboard, as a keyboard user would.
  await active.focus()
  await page.keyboard.press('Space')
  await expect(active).not.toBeChecked()
  await page.getByRole('button', { name: 'Save Bus Routes' }).click()
  await expect(page.getByText('Bus Routes was saved.')).toBeVisible()
  await expect(row.locator('td').nth(7)).toHaveText('Inactive')

  // The person's next profile load: gone from their menu (and from the administrator's own).
  await reloadSignedIn(staff)
  expect(await applicationLinks(staff)).toEqual(['Dashboard Overview'])
  await reloadSignedIn(page)
  await expect(mainMenu(page).getByRole('link', { name: 'Bus Routes' })).toHaveCount(0)

  // Deleting asks first; Cancel keeps it.
  await page.getByRole('button', { name: 'Delete Bus Routes' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete Bus Routes' })
  await expect(confirm).toContainText('Are you sure? This will remove access for all users.')
  await expect(confirm).toContainText('1 person holds a grant to it.')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(row).toHaveCount(1)

  await page.getByRole('button', { name: 'Delete Bus Routes' }).click()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByText('Bus Routes was deleted; 1 grant(s) were removed.')).toBeVisible()
  await expect(row).toHaveCount(0)
  const grants = await platform.db.kysely.selectFrom('user_permissions').select('app_id').where('user_id', '=', userId).execute()
  expect(grants).toHaveLength(1)
})
