import type { Locator, Page } from '@playwright/test'
import { DashboardOverviewSchema } from '@platform/contracts/dashboard'
import { MyQueueResponseSchema, type QueueItem } from '@platform/contracts/finance'
import { formatCents } from '@platform/contracts/finance-money'
import { LABELS, labelOf } from '@platform/contracts/labels'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { VIEWPORTS, expectNothingCutOff, saveScreenshot } from '../support/layout.js'
import { expect, test, usePlatform } from '../support/test.js'

// The demo district: its people, sites, receipts, accruals and records requests, dated around today.
usePlatform({ env: { DEMO_DATA: 'true' } })

const APPROVER = 'approver@demo.district.test'
const COUNTER = 'counter@demo.district.test'
const CONTROLLER = 'fiscal@demo.district.test'
const COORDINATOR = 'records@demo.district.test'
const COUNSEL = 'counsel@demo.district.test'

/** Where each kind of My queue item must land: the button (or heading) of the step it asks for. */
function actionOf(page: Page, item: QueueItem): Locator {
  const key = item.key
  if (key.startsWith('PAYMENT_RECEIPTS:undeposited:')) return page.getByRole('heading', { name: 'New deposit' })
  if (key.startsWith('PAYMENT_RECEIPTS:deposit:')) {
    const step = key.split(':').at(-1)!
    const button = {
      count: 'Save count',
      approve: 'Approve deposit',
      submit: 'Submit to the treasury',
      confirm: 'Confirm deposit',
      reconcile: 'Reconcile deposit',
    }[step]!
    return page.getByRole('button', { name: button, exact: true })
  }
  if (key.startsWith('ACCRUALS:accrual:')) {
    const step = key.split(':').at(-1)!
    const button = { 'site-approve': 'Approve for the site', approve: 'Approve', submit: 'Submit for approval', fix: 'Save changes' }[step]!
    return page.getByRole('button', { name: button, exact: true })
  }
  if (key.startsWith('ACCRUALS:cycle:')) return page.getByRole('button', { name: 'Export journal' })
  if (key.startsWith('PUBLIC_INFO:letter:')) return page.getByRole('button', { name: 'Sign and issue' }).first()
  if (key.startsWith('PUBLIC_INFO:task:')) return page.getByRole('button', { name: 'Mark done' }).first()
  if (key.startsWith('PUBLIC_INFO:request:')) {
    return item.title.startsWith('Determine ')
      ? page.getByRole('button', { name: 'Determine', exact: true })
      : page.getByRole('heading', { name: item.title.split(' ')[1]! })
  }
  throw new Error(`No action known for the queue item ${key}`)
}

async function get<T>(page: Page, token: string, path: string, parse: (body: unknown) => T): Promise<T> {
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status(), path).toBe(200)
  return parse(await response.json())
}

/** Clicks every item of the person's My queue from /dashboard and checks it lands where its step can be taken. */
async function everyItemLandsOnItsStep(page: Page, token: string): Promise<QueueItem[]> {
  const { data: items } = await get(page, token, '/api/my-queue', (body) => MyQueueResponseSchema.parse(body))
  for (const item of items) {
    await page.goto('/dashboard')
    const queue = page.getByRole('region', { name: 'My queue' })
    const entry = queue.getByRole('listitem').filter({ has: page.getByRole('link', { name: item.title, exact: true }) })
    // The deadline in words and colour, on the one district-day rule; no "Overdue since" time stamps.
    if (item.dueAt)
      await expect(
        entry.getByText(/^(Overdue by \d+ days? \(due \w+ \d+\)|Due today|Due tomorrow|Due \w+ \d+ · \d+ days left)$/),
      ).toBeVisible()
    await entry.getByRole('link', { name: item.title, exact: true }).click()
    await expect(page, item.key).toHaveURL(new RegExp(`${item.href.replace(/[?]/g, '\\?')}$`))
    await expect(actionOf(page, item), `${item.key}: ${item.title}`).toBeVisible({ timeout: 15_000 })
  }
  // The demo district gives each of these people work: an empty queue would prove nothing.
  expect(items.length).toBeGreaterThan(0)
  return items
}

/** Soonest first, undated last: the order the queue promises. */
function expectSoonestFirst(items: QueueItem[]) {
  const dated = items.filter((item) => item.dueAt !== null).map((item) => item.dueAt!)
  expect(dated).toEqual([...dated].sort())
  const firstUndated = items.findIndex((item) => item.dueAt === null)
  if (firstUndated >= 0) expect(items.slice(firstUndated).every((item) => item.dueAt === null)).toBe(true)
}

test('an approver sees the cash and deposits of every site, and each queue item opens its step', async ({ page, platform }) => {
  test.setTimeout(180_000)
  const token = await platform.signIn(page, APPROVER)
  const overview = await get(page, token, '/api/dashboard/overview', (body) => DashboardOverviewSchema.parse(body))
  expect(overview.receipts).not.toBeNull()
  expect(overview).toMatchObject({ admin: null, accruals: null, records: null })

  await page.goto('/apps/dashboard')
  const section = page.getByRole('region', { name: 'Payment Receipts' })
  await expect(section).toBeVisible()
  for (const site of overview.receipts!.undeposited) {
    await expect(section.getByRole('link', { name: `Undeposited cash at ${site.siteName}` })).toBeVisible()
    // An approver is no counter: the sums are shown.
    await expect(section.getByText(formatCents(site.amountCents!), { exact: true }).first()).toBeVisible()
  }
  for (const waiting of overview.receipts!.depositsWaiting) {
    const link = section.getByRole('link', { name: new RegExp(`^Deposits waiting`) }).and(page.locator(`[href="${waiting.href}"]`))
    await expect(link).toBeVisible()
  }
  await expect(page.getByRole('region', { name: 'Accruals' })).toHaveCount(0)
  await expectNothingCutOff(page, 'the overview of an approver at 1366 px')
  await expectNoSeriousA11yViolations(page, '/apps/dashboard of an approver')
  await saveScreenshot(page, 'desktop', 'overview of an approver')
  await page.setViewportSize(VIEWPORTS.phone)
  await expectNothingCutOff(page, 'the overview of an approver at 390 px')
  await saveScreenshot(page, 'phone', 'overview of an approver')
  await page.setViewportSize(VIEWPORTS.desktop)

  // A figure of deposits opens the deposits list filtered to that state, the filter shown as chosen.
  const waiting = overview.receipts!.depositsWaiting[0]!
  expect(waiting, 'the demo district has deposits on their way').toBeDefined()
  await section.locator(`a[href="${waiting.href}"]`).click()
  await expect(page).toHaveURL(new RegExp(`/apps/payment-receipts/deposits\\?state=${waiting.state}$`))
  const stateWords = labelOf(LABELS.receipts.depositState, waiting.state)
  await expect(page.getByRole('combobox', { name: 'State', exact: true })).toHaveValue(stateWords)
  const deposits = page.getByRole('table', { name: 'Deposits' }).locator('tbody tr')
  await expect(deposits).toHaveCount(Math.min(waiting.count, 25))
  for (const row of await deposits.all()) await expect(row.locator('td').last()).toHaveText(stateWords)

  const items = await everyItemLandsOnItsStep(page, token)
  expectSoonestFirst(items)
})

test('a counter never sees the sum of uncounted cash on the overview', async ({ page, platform }) => {
  const token = await platform.signIn(page, COUNTER)
  const overview = await get(page, token, '/api/dashboard/overview', (body) => DashboardOverviewSchema.parse(body))
  expect(overview.receipts!.undeposited.length).toBeGreaterThan(0)
  expect(overview.receipts!.undeposited.every((site) => site.amountCents === null)).toBe(true)
  await page.goto('/apps/dashboard')
  const section = page.getByRole('region', { name: 'Payment Receipts' })
  await expect(section.getByText('the sum stays hidden until the cash is counted').first()).toBeVisible()
  await expect(section.getByText(/\$\d/)).toHaveCount(0)
})

test('a controller sees the accrual cycle against its deadline with totals by type, and each queue item opens its step', async ({
  page,
  platform,
}) => {
  test.setTimeout(180_000)
  const token = await platform.signIn(page, CONTROLLER)
  const asked = Date.now()
  const overview = await get(page, token, '/api/dashboard/overview', (body) => DashboardOverviewSchema.parse(body))
  // A few aggregate queries: well under a second on the demo district, even on a shared machine.
  expect(Date.now() - asked).toBeLessThan(1000)
  const cycle = overview.accruals!.cycle!
  await page.goto('/apps/dashboard')
  const section = page.getByRole('region', { name: 'Accruals' })
  await expect(section.getByRole('heading', { name: `The ${cycle.fiscalYear} cycle: submission deadline` })).toBeVisible()
  await expect(
    section.getByText(/^(Overdue by \d+ days? \(due \w+ \d+\)|Due today|Due tomorrow|Due \w+ \d+ · \d+ days left)$/),
  ).toBeVisible()
  for (const type of cycle.byType) {
    await expect(section.getByText(`${formatCents(type.amountCents)} in ${type.count} request${type.count === 1 ? '' : 's'}`)).toBeVisible()
  }
  // No code reaches the screen.
  await expect(section.getByText(/\b(PAYABLE|RECEIVABLE|SITE_APPROVED|SUBMITTED|DRAFT)\b/)).toHaveCount(0)
  await saveScreenshot(page, 'desktop', 'overview of a controller')
  await page.setViewportSize(VIEWPORTS.phone)
  await expectNothingCutOff(page, 'the overview of a controller at 390 px')
  await saveScreenshot(page, 'phone', 'overview of a controller')
  await page.setViewportSize(VIEWPORTS.desktop)

  const items = await everyItemLandsOnItsStep(page, token)
  expectSoonestFirst(items)
})

test('a records coordinator sees requests due and overdue, and every open request is in the queue whatever its date', async ({
  page,
  platform,
}) => {
  test.setTimeout(240_000)
  const token = await platform.signIn(page, COORDINATOR)
  const overview = await get(page, token, '/api/dashboard/overview', (body) => DashboardOverviewSchema.parse(body))
  const records = overview.records!
  await page.goto('/apps/dashboard')
  const section = page.getByRole('region', { name: 'Public Information' })
  const figure = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
  await expect(section.getByText(figure(records.overdue, 'request'), { exact: true }).first()).toBeVisible()
  await expect(section.getByText('Past the date to determine them')).toBeVisible()
  await expect(section.getByText(figure(records.lettersAwaitingSignature, 'letter'), { exact: true })).toBeVisible()
  await saveScreenshot(page, 'desktop', 'overview of a records coordinator')

  // The overdue figure opens the queue filtered to the overdue requests, the filter shown as chosen.
  const requests = page.getByRole('table', { name: 'Records requests' }).locator('tbody tr')
  await section.getByRole('link', { name: 'Open the overdue requests' }).click()
  await expect(page).toHaveURL(/\/apps\/public-info\/requests\?due=OVERDUE$/)
  await expect(page.getByRole('combobox', { name: 'Due', exact: true })).toHaveValue('Overdue')
  if (records.overdue === 0) await expect(requests).toHaveText(['No requests match.'])
  else await expect(requests).toHaveCount(Math.min(records.overdue, 25))
  // The figure due this week opens the queue filtered to the requests due within the week.
  await page.goBack()
  await section.getByRole('link', { name: 'Open the requests due this week' }).click()
  await expect(page).toHaveURL(/\/apps\/public-info\/requests\?due=THIS_WEEK$/)
  await expect(page.getByRole('combobox', { name: 'Due', exact: true })).toHaveValue('Due within 7 days')
  // Changing the filter on the list changes the address.
  await page.getByRole('combobox', { name: 'Due', exact: true }).click()
  await page.getByRole('option', { name: 'Overdue', exact: true }).click()
  await expect(page).toHaveURL(/\/apps\/public-info\/requests\?due=OVERDUE$/)
  await page.goto('/dashboard')
  await expect(page.getByRole('region', { name: 'My queue' })).toBeVisible()
  await saveScreenshot(page, 'desktop', 'my queue of a records coordinator')
  await page.setViewportSize(VIEWPORTS.phone)
  await expectNothingCutOff(page, 'My queue of a records coordinator at 390 px')
  await saveScreenshot(page, 'phone', 'my queue of a records coordinator')
  await page.setViewportSize(VIEWPORTS.desktop)

  const items = await everyItemLandsOnItsStep(page, token)
  expect(items.filter((item) => item.key.endsWith(':determine'))).toHaveLength(records.open)
  expectSoonestFirst(items)
})

test('counsel is asked to sign only letters the request page lets them sign', async ({ page, platform }) => {
  test.setTimeout(180_000)
  const token = await platform.signIn(page, COUNSEL)
  const overview = await get(page, token, '/api/dashboard/overview', (body) => DashboardOverviewSchema.parse(body))
  expect(overview.records).not.toBeNull()
  const items = await everyItemLandsOnItsStep(page, token)
  expectSoonestFirst(items)
})
