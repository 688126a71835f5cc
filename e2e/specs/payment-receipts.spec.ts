import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { pickOption } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// The demo district: Roosevelt's principal (Pat) collects and approves; Cole counts; Amy approves; Rita reconciles.
usePlatform({ env: { DEMO_DATA: 'true' } })

const PAT = 'principal.res@demo.district.test'
const COLE = 'counter@demo.district.test'
const AMY = 'approver@demo.district.test'
const RITA = 'reconciler@demo.district.test'
const ROOSEVELT_ACCOUNT = '01-0000-0-1110-1000-8699-030'

async function issueReceipt(page: Page, payer: string, dollars: string): Promise<string> {
  await page.goto('/apps/payment-receipts/receipts/new')
  await expect(page.getByRole('heading', { name: 'New receipt' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Received from' }).fill(payer)
  await page.getByRole('textbox', { name: 'For' }).fill('Field trip')
  await page.getByRole('textbox', { name: 'Amount received ($)' }).fill(dollars)
  await page.getByRole('textbox', { name: 'Line 1 account' }).fill(ROOSEVELT_ACCOUNT)
  await page.keyboard.press('Escape')
  // One line: the amount received is the line's, typed once.
  await expect(page.getByRole('textbox', { name: 'Line 1 amount ($)' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Issue receipt' }).click()
  const heading = page.getByRole('heading', { level: 2, name: /^RES-\d{4}-\d{2}-\d{6}$/ })
  await expect(heading).toBeVisible()
  return (await heading.textContent())!
}

test('a collector issues, a counter counts blind and finds $5 short, the collector may not approve, the deposit is approved, confirmed and reconciled; the register shows the void', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(300_000) // five people, a whole platform and axe on every screen, on a shared machine
  const as = async (email: string) => {
    const other = await (await newBrowserContext()).newPage()
    await platform.signIn(other, email)
    return other
  }

  // The collector issues three receipts.
  await platform.signIn(page, PAT)
  await page.goto('/apps/payment-receipts')
  await expect(page.getByRole('heading', { name: 'Payment Receipts', level: 1 })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'receipts list')
  const first = await issueReceipt(page, 'Ana Ruiz', '20.00')
  await expectNoSeriousA11yViolations(page, 'receipt page')
  const second = await issueReceipt(page, 'Lee Family', '15.00')
  const mistaken = await issueReceipt(page, 'Chess Club', '10.00')
  const mistakenUrl = page.url()

  // An approver who did not collect it voids one.
  const amy = await as(AMY)
  await amy.goto(mistakenUrl)
  await amy.getByRole('button', { name: 'Void' }).click()
  await amy.getByRole('textbox', { name: 'Reason' }).fill('Issued for the wrong club')
  await amy.getByRole('button', { name: 'Void receipt' }).click()
  await expect(amy.getByText('Voided', { exact: true }).first()).toBeVisible()

  // The collector gathers the rest; the builder shows them and their total.
  await page.goto('/apps/payment-receipts/deposits/new')
  await expect(page.getByRole('heading', { name: 'New deposit' })).toBeVisible()
  // The demo's own undeposited receipts at Roosevelt are listed too: choose ours.
  await page.getByRole('checkbox', { name: `Choose ${first}` }).check()
  await page.getByRole('checkbox', { name: `Choose ${second}` }).check()
  await expect(page.getByText('2 receipts chosen, total $35.00')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'deposit builder')
  await page.getByRole('button', { name: 'Gather into a deposit' }).click()
  await expect(page.getByRole('heading', { level: 2, name: /^RES-\d{4}-\d{2}-D\d{4}$/ })).toBeVisible()
  const depositUrl = page.url()
  const depositId = Number(depositUrl.split('/').at(-1))

  // The counter never sees the expected total, counts $30 and must explain the difference.
  const cole = await as(COLE)
  await cole.goto(depositUrl)
  await expect(cole.getByRole('heading', { name: 'Count this deposit' })).toBeVisible()
  await expect(cole.getByText('$35.00')).toHaveCount(0)
  await expectNoSeriousA11yViolations(cole, 'blind count')
  await cole.getByRole('textbox', { name: '$20.00 pieces' }).fill('1')
  await cole.getByRole('textbox', { name: '$10.00 pieces' }).fill('1')
  await cole.getByRole('textbox', { name: 'Bag number' }).fill('BAG-E2E-1')
  await cole.getByRole('button', { name: 'Save count' }).click()
  // The refusal is said under the note it asks for, without saying by how much.
  await expect(cole.getByRole('textbox', { name: 'Note (required when the count differs)' })).toHaveAccessibleDescription(
    /save it with a note that explains the difference/,
  )
  await cole.getByRole('textbox', { name: 'Note (required when the count differs)' }).fill('Counted twice; five dollars missing')
  await cole.getByRole('button', { name: 'Save count' }).click()
  await expect(cole.getByText('-$5.00')).toBeVisible()

  // The collector, although an approver at the site, sees the approval disabled with the server's reason, and the
  // server refuses it.
  await page.reload()
  await expect(page.getByText('-$5.00')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve deposit' })).toBeDisabled()
  await expect(
    page.getByText(/^You gathered and collected deposit .+, so another person with the approver duty must approve it\.$/i),
  ).toBeVisible()
  const token = await platform.storedToken(page)
  const refused = await page.request.post(`/api/deposits/${depositId}/approve`, { headers: { authorization: `Bearer ${token}` }, data: {} })
  expect(refused.status()).toBe(422)
  expect((await refused.json()).error).toMatch(/so another person with the approver duty must approve it/i)

  // The approver sees the count and the shortage, approves and submits.
  await amy.goto(depositUrl)
  await expect(amy.getByText('Counted twice; five dollars missing')).toBeVisible()
  await expectNoSeriousA11yViolations(amy, 'approval')
  // Approving asks first, with the count against what was expected; cancelling changes nothing.
  await amy.getByRole('button', { name: 'Approve deposit' }).click()
  let confirm = amy.getByRole('dialog', { name: /^Approve deposit RES-\d{4}-\d{2}-D\d{4}\?$/ })
  await expect(confirm).toContainText('Counted $30.00 against $35.00 expected: $5.00 short.')
  await expectNoSeriousA11yViolations(amy, 'approval confirmation')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(amy.getByRole('button', { name: 'Submit to the treasury' })).toHaveCount(0)
  await amy.getByRole('button', { name: 'Approve deposit' }).click()
  confirm = amy.getByRole('dialog', { name: /^Approve deposit / })
  await confirm.getByRole('button', { name: 'Approve deposit' }).click()
  await expect(amy.getByRole('button', { name: 'Submit to the treasury' })).toBeVisible()
  await amy.getByRole('button', { name: 'Submit to the treasury' }).click()
  await expect(amy.getByRole('button', { name: 'Deposit slip' })).toBeVisible()

  // The reconciler confirms with the treasury's reference, then reconciles.
  const rita = await as(RITA)
  await rita.goto(depositUrl)
  await rita.getByRole('textbox', { name: 'Treasury reference' }).fill('CT-2026-E2E')
  await rita.getByLabel('Confirmed on').fill('2026-11-20')
  await expectNoSeriousA11yViolations(rita, 'confirm')
  await rita.getByRole('button', { name: 'Confirm deposit' }).click()
  await rita.getByRole('textbox', { name: 'Bank or county statement' }).fill('County statement November')
  await rita.getByRole('button', { name: 'Reconcile deposit' }).click()
  await expect(rita.getByText('Reconciled', { exact: true }).first()).toBeVisible()
  await expect(rita.getByText('County statement November')).toBeVisible()

  // The register of Roosevelt lists the voided number and proves there is no gap.
  await amy.goto('/apps/payment-receipts/register')
  await pickOption(amy, amy.getByRole('combobox', { name: 'Site' }), 'RES · Roosevelt Elementary')
  const register = amy.getByRole('table', { name: 'Register' })
  await expect(register.getByRole('row').filter({ hasText: mistaken })).toContainText('Voided')
  await expect(amy.getByText('No gap')).toBeVisible()
  await expectNoSeriousA11yViolations(amy, 'register')

  for (const [path, name] of [
    ['/apps/payment-receipts/undeposited', 'Undeposited cash'],
    ['/apps/payment-receipts/exceptions', 'Exceptions'],
    ['/apps/payment-receipts/deposits', 'Deposits'],
  ] as const) {
    await amy.goto(path)
    await expect(amy.getByRole('heading', { name, level: 2 })).toBeVisible()
    await expectNoSeriousA11yViolations(amy, name)
  }
  // Deadlines by the one rule (red once overdue, the days said), times on the district's clock with its zone.
  await amy.goto('/apps/payment-receipts/undeposited')
  await expect(
    amy.getByText(/^(Overdue by \d+ days? \(due \w{3} \d+\)|Due today|Due tomorrow|Due \w{3} \d+ · \d+ days? left)$/).first(),
  ).toBeVisible()
  await expect(amy.getByText('Deposit due', { exact: true })).toHaveCount(0)
  await amy.goto('/apps/payment-receipts/deposits')
  await expect(
    amy
      .getByRole('table', { name: 'Deposits' })
      .getByText(/ (PST|PDT)$/)
      .first(),
  ).toBeVisible()
})

test('works at phone width: no sideways scrolling of the page, tables scroll on their own', async ({ page, platform }) => {
  test.setTimeout(120_000) // five screens on a shared machine
  await page.setViewportSize({ width: 390, height: 844 })
  await platform.signIn(page, AMY)
  for (const path of [
    '/apps/payment-receipts',
    '/apps/payment-receipts/deposits',
    '/apps/payment-receipts/undeposited',
    '/apps/payment-receipts/exceptions',
    '/apps/payment-receipts/register',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Payment Receipts', level: 1 })).toBeVisible()
    await expect(page.getByRole('table').first()).toBeVisible()
    // Every tab's label is read whole, on the screen: none is cut to 'Undepos…' at its edge.
    for (const tab of await page.getByRole('tab').all()) {
      const cut = await tab.evaluate((element) => {
        const box = element.getBoundingClientRect()
        return element.scrollWidth > element.clientWidth + 1 || box.left < 0 || box.right > document.documentElement.clientWidth + 1
      })
      expect(cut, `the tab ${await tab.textContent()} on ${path}`).toBe(false)
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, path).toBeLessThanOrEqual(1)
  }
  await expectNoSeriousA11yViolations(page, 'receipts at phone width')
})
