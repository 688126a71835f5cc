import { bearer, mainMenu, signInAsNewAdmin } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

const ADMIN_CALLS = [
  { method: 'GET', path: '/api/userlist' },
  { method: 'GET', path: '/api/metaorgs' },
  { method: 'GET', path: '/api/admin/metadata/applications' },
  { method: 'GET', path: '/api/audit' },
  { method: 'GET', path: '/api/audit/export' },
] as const

test('a staff member cannot reach User Management, Application Management or Activity, and sees no link to them', async ({
  page,
  platform,
}) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD', 'ACCRUALS'] })
  await platform.signIn(page, email)

  const menu = mainMenu(page)
  await expect(menu.getByRole('link', { name: 'Accruals' })).toBeVisible()
  await expect(menu.getByRole('group', { name: 'Administration' })).toHaveCount(0)
  for (const name of ['User Management', 'Application Management', 'Activity'])
    await expect(menu.getByRole('link', { name })).toHaveCount(0)

  for (const path of ['/admin/users', '/admin/users/import', '/admin/applications', '/admin/activity', '/apps/user-management']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Admin Access Required' }), path).toBeVisible()
    await expect(page.getByText('Only administrators can access this page.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: /User Management|Application Management|Activity|Import users/ })).toHaveCount(
      0,
    )
  }
})

test("the server refuses a staff member's calls to the administration API (403), and answers an administrator's", async ({
  page,
  platform,
  request,
  newBrowserContext,
}) => {
  const staff = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await platform.signIn(page, staff.email)
  const staffToken = await platform.storedToken(page)

  for (const { method, path } of ADMIN_CALLS) {
    const response = await request.fetch(path, { method, headers: bearer(staffToken) })
    expect(response.status(), `${method} ${path}`).toBe(403)
  }
  // Writes are refused too, and change nothing.
  const create = await request.post('/api/createuser', {
    headers: bearer(staffToken),
    data: {
      email: 'sneaky@district.test',
      fullName: 'Sneaky',
      organizationId: 1,
      roleId: 1,
      isActive: true,
      permissions: [],
      sendInvitation: false,
    },
  })
  expect(create.status()).toBe(403)
  const addApp = await request.post('/api/admin/applications', {
    headers: bearer(staffToken),
    data: { app_name: 'Sneaky', app_code: 'SNEAKY', app_icon: 'Package', category: 'TOOLS' },
  })
  expect(addApp.status()).toBe(403)
  const deactivate = await request.delete(`/api/deleteuser?userId=${staff.userId}`, { headers: bearer(staffToken) })
  expect(deactivate.status()).toBe(403)
  expect(
    await platform.db.kysely.selectFrom('users').select('user_id').where('email', '=', 'sneaky@district.test').executeTakeFirst(),
  ).toBeUndefined()
  expect(
    await platform.db.kysely.selectFrom('applications').select('app_id').where('app_code', '=', 'SNEAKY').executeTakeFirst(),
  ).toBeUndefined()

  // Without a session at all: 401.
  expect((await request.get('/api/userlist')).status()).toBe(401)

  // The same calls with an administrator's session answer: the refusal is about the role.
  const adminPage = await (await newBrowserContext()).newPage()
  const { token: adminToken } = await signInAsNewAdmin(adminPage, platform, 'Control Admin')
  for (const { method, path } of ADMIN_CALLS) {
    const response = await request.fetch(path, { method, headers: bearer(adminToken) })
    expect(response.status(), `${method} ${path} as an administrator`).toBe(200)
  }
})
