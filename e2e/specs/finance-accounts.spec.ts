import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { ADMIN_EMAIL } from '../support/platform.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

const CHART = `segment,value,name,active
FUND,01,General Fund,true
RESOURCE,0000,Unrestricted,true
PROJECT_YEAR,0,Not applicable,true
GOAL,1110,Regular Education K-12,true
FUNCTION,1000,Instruction,true
OBJECT,8699,All Other Local Revenue,true
OBJECT,43,Too short,true
SCHOOL,010,Lincoln High School,true
SCHOOL,099,Jefferson (closed),false
ACCOUNT,01-0000-0-1110-1000-8699-010,,true
ACCOUNT,01-0000-0-1110-1000-8699-099,,true
`

test('an administrator previews the chart, sees the rejected rows and why, applies it, and finds an account by a name', async ({
  page,
  platform,
}) => {
  test.slow() // several screens, axe runs and a whole platform on a shared machine
  await platform.signIn(page, ADMIN_EMAIL)
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Accounts', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, '/admin/finance/accounts')

  await page.locator('input[type="file"]').setInputFiles({ name: 'chart.csv', mimeType: 'text/csv', buffer: Buffer.from(CHART) })
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByTestId('chart-create')).toHaveText('9')
  await expect(page.getByTestId('chart-reject')).toHaveText('2')
  const rejected = page.getByRole('table', { name: 'Rejected rows' })
  await expect(rejected.getByRole('row').filter({ hasText: 'Too short' })).toContainText('A object value is 4 digits')
  await expect(rejected.getByRole('row').filter({ hasText: '8699-099' })).toContainText('school site value 099 is inactive')
  await expectNoSeriousA11yViolations(page, 'the chart preview')

  await page.getByRole('button', { name: 'Apply import' }).click()
  await expect(page.getByRole('heading', { name: 'Import applied' })).toBeVisible()
  await expect(page.getByText('Chart imported: 9 added, 0 changed, 2 rejected.')).toBeVisible()

  const picker = page.getByRole('textbox', { name: 'Account' })
  await picker.fill('lincoln')
  const option = page.getByRole('option').filter({ hasText: '01-0000-0-1110-1000-8699-010' })
  await expect(option).toContainText('Lincoln High School')
  await expectNoSeriousA11yViolations(page, 'the account picker open')
  await option.click()
  await expect(picker).toHaveValue('01-0000-0-1110-1000-8699-010')
  await expect(page.getByText('Chosen:')).toContainText('01-0000-0-1110-1000-8699-010')
  await picker.fill('cafeteria')
  await expect(page.getByText('No active account matches.')).toBeVisible()

  // The cash account of a fund is a district setting, checked against the chart.
  await page.getByRole('button', { name: 'Add a fund' }).click()
  await page.getByRole('textbox', { name: 'Fund', exact: true }).fill('13')
  const cash = page.getByRole('textbox', { name: 'Cash account of fund 13' })
  await cash.fill('01-0000-0-1110-1000-8699-010')
  await page.getByRole('button', { name: 'Save cash accounts' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText('not in fund 13')
  await page.getByRole('textbox', { name: 'Fund', exact: true }).fill('01')
  await page.getByRole('button', { name: 'Save cash accounts' }).click()
  await expect(page.getByText('The cash accounts were saved.')).toBeVisible({ timeout: 20_000 })
  // The form is what is checked: the notification closes by itself after 4 s, and a slow run caught it fading out.
  await expect(page.getByText('The cash accounts were saved.')).toBeHidden({ timeout: 10_000 })
  await expectNoSeriousA11yViolations(page, 'the cash accounts form')
})

test('a file in another encoding is refused with what to do', async ({ page, platform }) => {
  await platform.signIn(page, ADMIN_EMAIL)
  await page.goto('/admin/finance/accounts')
  await page.locator('input[type="file"]').setInputFiles({
    name: 'chart.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('segment,value,name,active\nSCHOOL,010,Escuela Peña,true\n', 'latin1'),
  })
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByRole('alert')).toContainText('not UTF-8')
})
