import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { ADMIN_EMAIL } from '../support/platform.js'
import { expect, test, usePlatform } from '../support/test.js'

// The demo district: Roosevelt's principal (Pat) collects and approves; Cole counts there.
usePlatform({ env: { DEMO_DATA: 'true' } })

const PAT = 'principal.res@demo.district.test'
const COLE = 'counter@demo.district.test'
const ROOSEVELT_ACCOUNT = '01-0000-0-1110-1000-8699-030'

test('a super administrator sees the refused steps and records a one-use exception from one; an administrator only reads them', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.slow() // three people and a whole platform on a shared machine
  // Pat collects a receipt, gathers it, Cole counts it, and Pat is refused its approval: she collected it.
  const tokenOf = async (email: string) => {
    const other = await (await newBrowserContext()).newPage()
    await platform.signIn(other, email)
    return platform.storedToken(other)
  }
  const pat = await tokenOf(PAT)
  const cole = await tokenOf(COLE)
  const call = async (token: string, path: string, data: unknown) => {
    const answer = await page.request.post(`${platform.url}/api${path}`, { headers: { authorization: `Bearer ${token}` }, data })
    return { status: answer.status(), body: await answer.json() }
  }
  const sites = await page.request.get(`${platform.url}/api/finance/sites`, { headers: { authorization: `Bearer ${pat}` } })
  const roosevelt = (await sites.json()).data.find((site: { code: string }) => site.code === 'RES')
  const receipt = await call(pat, '/receipts', {
    siteId: roosevelt.id,
    payer: 'Lee Family',
    tender: 'CASH',
    purpose: 'Field trip',
    amountCents: 1500,
    lines: [{ account: ROOSEVELT_ACCOUNT, amountCents: 1500 }],
  })
  expect(receipt.status).toBe(201)
  const deposit = await call(pat, '/deposits', { siteId: roosevelt.id, receiptIds: [receipt.body.data.id] })
  expect(deposit.status).toBe(201)
  const label = deposit.body.data.label as string
  expect(
    (
      await call(cole, `/deposits/${deposit.body.data.id}/count`, {
        cash: [{ denominationCents: 500, count: 3 }],
        checks: [],
        bagNumber: 'BAG-E2E-1',
        version: deposit.body.data.version,
      })
    ).status,
  ).toBe(200)
  const refused = await call(pat, `/deposits/${deposit.body.data.id}/approve`, {})
  expect(refused.status).toBe(422)

  await platform.signIn(page, ADMIN_EMAIL)
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Separation of duties', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Separation of duties' })).toBeVisible()
  const refusals = page.getByRole('table', { name: /steps refused/ })
  const row = refusals.getByRole('row').filter({ hasText: label })
  await expect(row).toContainText('approve')
  await expect(row).toContainText('collector')
  // The demo's own refusal at Roosevelt already has its exception.
  await expect(refusals.getByRole('row').filter({ hasText: 'Recorded' }).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page, '/admin/finance/separation')

  await row.getByRole('button', { name: /Record an exception/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Record an exception' })
  await expect(dialog).toContainText(`may then approve record ${label} in Payment Receipts once`)
  await dialog.getByRole('button', { name: 'Record exception' }).click()
  await expect(dialog.getByText('Say why no one else can take this step')).toBeVisible()
  await dialog
    .getByRole('textbox', { name: 'Reason' })
    .fill('Only the principal is at Roosevelt this week; the count was reviewed by the district office.')
  await expectNoSeriousA11yViolations(page, 'the exception form')
  await dialog.getByRole('button', { name: 'Record exception' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`may approve ${label} once`)).toBeVisible()
  await expect(row).toContainText('Recorded')
  const recorded = page
    .getByRole('table', { name: /Every exception recorded/ })
    .getByRole('row')
    .filter({ hasText: label })
  await expect(recorded).toContainText('Not used yet')

  // The exception lets Pat approve that deposit, once.
  expect((await call(pat, `/deposits/${deposit.body.data.id}/approve`, {})).status).toBe(200)
  await page.reload()
  await expect(
    page
      .getByRole('table', { name: /Every exception recorded/ })
      .getByRole('row')
      .filter({ hasText: label }),
  ).toContainText('Used')
})
