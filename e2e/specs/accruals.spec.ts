import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { IMPORT_COLUMNS } from '@platform/contracts/accruals'
import { createDutiesRepository } from '../../apps/server/src/features/users/duties.repository.js'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { clippedTexts } from '../support/layout.js'
import type { Platform } from '../support/platform.js'
import { bearer } from '../support/screens.js'
import { expect as baseExpect, test, usePlatform } from '../support/test.js'

// The demo district: Rosa requests at Lincoln High (LHS); Fred is fiscal reviewer and controller everywhere. The test
// adds a site approver at LHS, the chart's expense and accrual accounts, and the payable's accrual account.
// Sessions outlive the months the clock moves forward to the payments (a payment is never dated in the future).
usePlatform({ env: { DEMO_DATA: 'true', SESSION_IDLE_HOURS: '8760', SESSION_MAX_DAYS: '366' } })
test.afterEach(({ platform }) => platform.clock.reset())

/**
 * Payments clear an accrual after its cut-off (June 30, 2027 here), and the server takes no payment dated in the future:
 * the platform's clock moves to the day after the payments of July 20, 2027.
 */
function toPaymentDay(platform: Platform) {
  const day = Date.parse('2027-07-21T18:00:00.000Z')
  if (platform.clock.now().getTime() < day) platform.clock.advance(day - platform.clock.now().getTime())
}

// Four browsers and a whole platform share two cores with other work: a screen may take more than the default to appear.
const expect = baseExpect.configure({ timeout: 20_000 })

const ROSA = 'accruals@demo.district.test'
const FRED = 'fiscal@demo.district.test'
const SUPPLIES_LINE = '01-0000-0-1110-1000-5800-010'
const UTILITIES_LINE = '01-0000-0-0000-8100-5500-010'
const PAYABLE_ACCOUNT = '01-0000-0-0000-0000-9500-000'
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n')

const EXTRA_CHART = `segment,value,name,active
FUNCTION,8100,Plant Maintenance and Operations,true
OBJECT,5500,Operations and Housekeeping Services,true
OBJECT,5800,Professional Services,true
OBJECT,9500,Accounts Payable (Current Liabilities),true
ACCOUNT,${SUPPLIES_LINE},,true
ACCOUNT,${UTILITIES_LINE},,true
ACCOUNT,${PAYABLE_ACCOUNT},,true
`

/** The chart's expense and liability accounts and the payable's accrual account, set by an administrator's API calls. */
async function prepareDistrict(page: Page, platform: Platform): Promise<{ siteApprover: string }> {
  const { email: admin } = await platform.createUser({ fullName: 'Ada Accounts', roleCode: 'ADMIN' })
  await platform.signIn(page, admin)
  const token = await platform.storedToken(page)
  const imported = await page.request.post('/api/finance/accounts/import?apply=true', {
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    data: EXTRA_CHART,
  })
  expect(imported.status(), await imported.text()).toBe(200)
  const settings = await (await page.request.get('/api/finance/settings', { headers: bearer(token) })).json()
  const posting = settings.postingAccounts
  const saved = await page.request.put('/api/finance/settings/posting-accounts', {
    headers: bearer(token),
    data: { ...posting, accrualAccounts: { ...posting.accrualAccounts, PAYABLE: posting.accrualAccounts.PAYABLE ?? PAYABLE_ACCOUNT } },
  })
  expect(saved.status(), await saved.text()).toBe(200)

  // A site approver at Lincoln High, granted before their first sign-in.
  const { userId, email } = await platform.createUser({
    fullName: 'Sam Siteapprover',
    roleCode: 'STAFF',
    applications: ['DASHBOARD', 'ACCRUALS'],
  })
  const app = await platform.db.kysely
    .selectFrom('applications')
    .select('app_id')
    .where('app_code', '=', 'ACCRUALS')
    .executeTakeFirstOrThrow()
  await createDutiesRepository(platform.db).replaceDuties(
    userId,
    [{ appId: app.app_id, duty: 'SITE_APPROVER', siteIds: [await lincolnHigh(platform)] }],
    null,
    new Date().toISOString(),
  )
  return { siteApprover: email }
}

/** The id of Lincoln High (LHS), where Rosa requests. */
async function lincolnHigh(platform: Platform): Promise<number> {
  const site = await platform.db.kysely.selectFrom('finance_sites').select('site_id').where('code', '=', 'LHS').executeTakeFirstOrThrow()
  return site.site_id
}

/** The 2026-27 cycle's id: set up through the API by the controller signed in on `fred` unless an earlier test set it up. */
async function comingCycle(fred: Page, platform: Platform): Promise<number> {
  const fredToken = await platform.storedToken(fred)
  const cycles = await (await fred.request.get('/api/accrual-cycles', { headers: bearer(fredToken) })).json()
  const existing = cycles.data.find((cycle: { fiscalYear: string }) => cycle.fiscalYear === '2026-27')
  if (existing) return existing.id
  const created = await fred.request.post('/api/accrual-cycles', {
    headers: bearer(fredToken),
    data: {
      fiscalYear: '2026-27',
      cutoffOn: '2027-06-30',
      submitBy: '2027-07-15',
      lockOn: '2027-08-15',
      boardOn: '2027-09-15',
      countyOn: '2027-10-15',
      materialityCents: 50_000,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  return (await created.json()).data.id
}

/** A POST to the API as the person signed in on `page`, which must answer `status`; hands back the answer's `data`. */
async function post(page: Page, platform: Platform, path: string, data: object, status = 200) {
  const response = await page.request.post(path, { headers: bearer(await platform.storedToken(page)), data })
  expect(response.status(), await response.text()).toBe(status)
  return (await response.json()).data
}

/** The body of a payable for supplies at Lincoln High in the given cycle, on a single line. */
const payable = (
  cycleId: number,
  siteId: number,
  fields: { vendor: string; description: string; poNumber: string; invoiceNumber: string; amountCents: number },
) => ({
  cycleId,
  siteId,
  type: 'PAYABLE',
  clearing: 'REVERSE',
  basis: 'ACTUAL',
  ...fields,
  lines: [{ account: SUPPLIES_LINE, amountCents: fields.amountCents }],
})

async function fillCycle(page: Page, fiscalYear: string, dates: [string, string, string, string, string]) {
  const dialog = page.getByRole('dialog', { name: 'Set up a close cycle' })
  await dialog.getByRole('textbox', { name: 'Fiscal year' }).fill(fiscalYear)
  const labels = ['Cut-off date (accrual date)', 'Sites submit by', 'Lock date', 'Board approval', 'County verification']
  for (const [index, label] of labels.entries()) await dialog.getByLabel(label).fill(dates[index]!)
  await dialog.getByRole('textbox', { name: 'Materiality threshold ($)' }).fill('500.00')
  await dialog.getByRole('button', { name: 'Save cycle' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: `Close cycle ${fiscalYear}` })).toBeVisible()
}

async function confirmStep(page: Page, button: string, reason?: string) {
  await expect(page.getByRole('button', { name: button, exact: true })).toBeVisible()
  await page.getByRole('button', { name: button, exact: true }).click()
  const dialog = page.getByRole('dialog')
  if (reason) await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason)
  await dialog.getByRole('button', { name: `Confirm: ${button.toLowerCase()}` }).click()
  await expect(dialog).toBeHidden()
}

const stateBadge = (page: Page, state: string) => page.getByText(state, { exact: true }).first()

test('a requester files an accrual with an attachment; it is returned, fixed, approved by the site and by fiscal services, posted in a journal and liquidated in part', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(900_000) // four people, a whole platform and axe on every screen, on a machine shared with other builds
  const { siteApprover } = await prepareDistrict(page, platform)
  const as = async (email: string) => {
    const other = await (await newBrowserContext()).newPage()
    await platform.signIn(other, email)
    return other
  }

  // The controller sets up a past cycle (its dates say they passed) and the coming one (they count down).
  const fred = await as(FRED)
  await fred.goto('/apps/accruals')
  await expect(fred.getByRole('heading', { name: 'Accruals', level: 1 })).toBeVisible()
  await fred.getByRole('button', { name: 'Set up a cycle' }).click()
  await expectNoSeriousA11yViolations(fred, 'cycle set-up')
  await fillCycle(fred, '2018-19', ['2019-06-30', '2019-07-15', '2019-08-15', '2019-09-15', '2019-10-15'])
  await expect(fred.getByText(/^Passed \d+ days ago$/)).toHaveCount(5)
  await fred.getByRole('button', { name: 'Set up a cycle' }).click()
  await fillCycle(fred, '2026-27', ['2027-06-30', '2027-07-15', '2027-08-15', '2027-09-15', '2027-10-15'])
  await expect(fred.getByText(/^In \d+ days$/)).toHaveCount(5)
  await expect(fred.getByRole('table', { name: 'Totals by state' })).toBeVisible()
  await expectNoSeriousA11yViolations(fred, 'cycle page')

  // The requester drafts a payable for goods: the lines must add up, and the form shows the difference as it goes.
  const rosa = await as(ROSA)
  await rosa.goto('/apps/accruals/requests')
  await expect(rosa.getByRole('heading', { name: 'My requests' })).toBeVisible()
  await expectNoSeriousA11yViolations(rosa, 'my requests')
  await rosa.getByRole('link', { name: 'New request' }).click()
  await expect(rosa.getByRole('heading', { name: 'New accrual request' })).toBeVisible()
  await expect(rosa.getByRole('combobox', { name: 'Fiscal year' })).toHaveValue('2026-27')
  await rosa.getByRole('checkbox', { name: /For goods/ }).check()
  await rosa.getByRole('textbox', { name: 'Vendor' }).fill('Acme School Supply')
  await rosa.getByRole('textbox', { name: 'Description' }).fill('Classroom chairs delivered in November')
  await rosa.getByRole('textbox', { name: 'PO number' }).fill('PO-7781')
  await rosa.getByRole('textbox', { name: 'Invoice number' }).fill('INV-5520')
  await rosa.getByLabel('Goods or services received on').fill('2026-11-20')
  await rosa.getByRole('textbox', { name: 'Amount ($)', exact: true }).fill('1200.00')
  await rosa.getByRole('textbox', { name: 'Line 1 account' }).fill(SUPPLIES_LINE)
  await rosa.keyboard.press('Escape')
  await rosa.getByRole('textbox', { name: 'Line 1 amount ($)' }).fill('700.00')
  await expect(rosa.getByText('Lines total $700.00 of $1,200.00: $500.00 still to spread')).toBeVisible()
  await rosa.getByRole('button', { name: 'Add a line' }).click()
  await rosa.getByRole('textbox', { name: 'Line 2 account' }).fill(UTILITIES_LINE)
  await rosa.keyboard.press('Escape')
  await rosa.getByRole('textbox', { name: 'Line 2 amount ($)' }).fill('500.00')
  await expect(rosa.getByText('Lines total $1,200.00 of $1,200.00: they add up')).toBeVisible()
  await rosa.locator('input[type="file"]').setInputFiles({ name: 'invoice-5520.pdf', mimeType: 'application/pdf', buffer: PDF })
  await expectNoSeriousA11yViolations(rosa, 'request form')
  await rosa.getByRole('button', { name: 'Save draft' }).click()
  const heading = rosa.getByRole('heading', { level: 2, name: /^Accrual \d+$/ })
  await expect(heading).toBeVisible()
  const accrualId = Number((await heading.textContent())!.replace('Accrual ', ''))
  const requestUrl = `/apps/accruals/requests/${accrualId}`
  await expect(rosa.getByRole('button', { name: 'invoice-5520.pdf' })).toBeVisible()
  await expect(stateBadge(rosa, 'Draft')).toBeVisible()
  await expectNoSeriousA11yViolations(rosa, 'request page (draft)')
  await rosa.getByRole('button', { name: 'Submit for approval' }).click()
  await expectNoSeriousA11yViolations(rosa, 'step confirmation')
  await rosa.getByRole('dialog').getByRole('button', { name: 'Confirm: submit for approval' }).click()
  await expect(stateBadge(rosa, 'Submitted')).toBeVisible()

  // The site approver finds it in the review queue and returns it for the missing packing slip.
  const sam = await as(siteApprover)
  await sam.goto('/apps/accruals/review')
  const queue = sam.getByRole('table', { name: 'Requests to review' })
  await expect(queue.getByRole('link', { name: `Accrual ${accrualId}` })).toBeVisible()
  await expectNoSeriousA11yViolations(sam, 'review queue')
  await queue.getByRole('link', { name: `Accrual ${accrualId}` }).click()
  await expect(sam.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0)
  await sam.getByRole('button', { name: 'Return to the requester' }).click()
  await sam.getByRole('dialog').getByRole('button', { name: 'Confirm: return to the requester' }).click()
  await expect(sam.getByRole('dialog').getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(/at least 5 characters/)
  await sam.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).fill('The packing slip is missing')
  await sam.getByRole('dialog').getByRole('button', { name: 'Confirm: return to the requester' }).click()
  await expect(stateBadge(sam, 'Returned')).toBeVisible()

  // The requester sees why, attaches the packing slip, saves a second version and submits again.
  await rosa.goto(requestUrl)
  await expect(rosa.getByText('The packing slip is missing').first()).toBeVisible()
  await rosa.getByRole('link', { name: 'Edit request' }).click()
  await expect(rosa.getByRole('heading', { name: `Edit accrual ${accrualId}` })).toBeVisible()
  await expect(rosa.getByRole('textbox', { name: 'Line 2 amount ($)' })).toHaveValue('500.00')
  await rosa.getByRole('textbox', { name: 'Description' }).fill('Classroom chairs delivered in November, packing slip attached')
  await rosa.locator('input[type="file"]').setInputFiles({ name: 'packing-slip.pdf', mimeType: 'application/pdf', buffer: PDF })
  await rosa.getByRole('button', { name: 'Save changes' }).click()
  await expect(rosa.getByRole('heading', { level: 2, name: `Accrual ${accrualId}` })).toBeVisible()
  await expect(rosa.getByRole('button', { name: 'packing-slip.pdf' })).toBeVisible()
  await expect(rosa.getByRole('button', { name: /^Version 2 · saved by/ })).toBeVisible()
  await expect(rosa.getByRole('button', { name: /^Version 1 · saved by/ })).toBeVisible()
  await confirmStep(rosa, 'Submit for approval')
  await expect(stateBadge(rosa, 'Submitted')).toBeVisible()

  // The site approves; fiscal services approves.
  await sam.goto(requestUrl)
  await confirmStep(sam, 'Approve for the site')
  await expect(stateBadge(sam, 'Site approved')).toBeVisible()
  await fred.goto(requestUrl)
  await expectNoSeriousA11yViolations(fred, 'request page (to approve)')
  await confirmStep(fred, 'Approve')
  await expect(stateBadge(fred, 'Approved')).toBeVisible()

  // The controller exports the journal: the request is posted once, its entry balances and is reversed on July 1.
  await fred.goto('/apps/accruals/journals')
  await expect(fred.getByRole('heading', { name: 'Journals' })).toBeVisible()
  await fred.getByRole('button', { name: 'Export journal' }).click()
  await expectNoSeriousA11yViolations(fred, 'journal export confirmation')
  const downloading = fred.waitForEvent('download')
  await fred.getByRole('dialog').getByRole('button', { name: 'Confirm: export and post' }).click()
  const download = await downloading
  const csv = (await readFile(await download.path(), 'utf8'))
    .replace(/^\ufeff/, '')
    .split(/\r?\n/)
    .filter(Boolean)
  const header = csv[0]!.split(',')
  const column = (name: string) => header.indexOf(name)
  const rows = csv.slice(1).map((line) => line.split(','))
  const ours = rows.filter((row) => row[column('accrual')] === String(accrualId))
  expect(ours.length).toBeGreaterThanOrEqual(6) // two lines and the accrual account, accrued and reversed
  const cents = (value: string | undefined) => Math.round(Number(value || 0) * 100)
  const sum = (which: string) => ours.reduce((total, row) => total + cents(row[column(which)]), 0)
  expect(sum('debit')).toBe(sum('credit'))
  expect(ours.some((row) => row[column('journal_date')] === '2027-06-30')).toBe(true)
  expect(ours.some((row) => row[column('journal_date')] === '2027-07-01')).toBe(true)
  const journals = fred.getByRole('table', { name: 'Journals exported' })
  await expect(journals.getByRole('row')).toHaveCount(2)
  await expect(journals).toContainText('$1,200.00')
  await expectNoSeriousA11yViolations(fred, 'journals')
  const again = fred.waitForEvent('download')
  await journals.getByRole('button', { name: /^Download / }).click()
  expect((await again).suggestedFilename()).toMatch(/\.csv$/)

  // A payment of $700 clears it in part: it differs from what is open, so the form asks why; the variance and what is
  // still open show.
  toPaymentDay(platform)
  await fred.goto(requestUrl)
  await expect(stateBadge(fred, 'Posted')).toBeVisible()
  await fred.getByLabel('Paid on').fill('2027-07-20')
  await fred.getByRole('textbox', { name: 'Reference' }).fill('WARRANT-88123')
  await fred.getByRole('textbox', { name: 'Amount cleared ($)' }).fill('700.00')
  await fred.getByRole('textbox', { name: 'Why it differs from what is still open' }).fill('The first of two deliveries was billed')
  await fred.getByRole('button', { name: 'Record liquidation' }).click()
  await expect(stateBadge(fred, 'Partially liquidated')).toBeVisible()
  await expect(fred.getByRole('table', { name: 'Liquidations' })).toContainText('WARRANT-88123')
  await expect(fred.getByText('Still open', { exact: true }).locator('..')).toContainText('$500.00')
  await expectNoSeriousA11yViolations(fred, 'request page (partly liquidated)')

  // An unknown address under Accruals says so, in the application.
  await fred.goto('/apps/accruals/nowhere')
  await expect(fred.getByText('Accruals has no page at /apps/accruals/nowhere')).toBeVisible()
  await expectNoSeriousA11yViolations(fred, 'not found')
})

test('an import previews each row with its problems, saves only the accepted rows as drafts', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(400_000) // a whole platform on a shared machine
  await prepareDistrict(page, platform)
  // The cycle the rows go into, set up through the API by the controller.
  const fred = await (await newBrowserContext()).newPage()
  await platform.signIn(fred, FRED)
  await comingCycle(fred, platform)

  const row = (values: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>) =>
    IMPORT_COLUMNS.map((column) => values[column] ?? '').join(',')
  const common = { type: 'PAYABLE', clearing: 'REVERSE', basis: 'ACTUAL', account: UTILITIES_LINE }
  const csv = [
    IMPORT_COLUMNS.join(','),
    row({
      ...common,
      site: 'LHS',
      vendor: 'Pacific Power',
      description: 'June electricity',
      basis: 'ESTIMATE',
      basis_note: 'Average of April and May bills',
      amount: '1250.00',
    }),
    row({ ...common, site: 'ZZZ', vendor: 'Nowhere Supply', description: 'A site that does not exist', amount: '100.00' }),
    row({
      ...common,
      site: 'LHS',
      vendor: 'Late Chairs Co',
      description: 'Chairs that came in July',
      for_goods: 'yes',
      received_on: '2027-07-03',
      amount: '300.00',
    }),
  ].join('\r\n')

  const rosa = await (await newBrowserContext()).newPage()
  await platform.signIn(rosa, ROSA)
  await rosa.goto('/apps/accruals/import')
  await expect(rosa.getByRole('heading', { name: 'Import requests' })).toBeVisible()
  await expect(rosa.getByRole('combobox', { name: 'Fiscal year' })).toHaveValue('2026-27')
  await rosa.locator('input[type="file"]').setInputFiles({ name: 'june-accruals.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await rosa.getByRole('button', { name: 'Preview' }).click()
  await expect(rosa.getByText('1 row will become a draft, 2 rows refused')).toBeVisible()
  const rows = rosa.getByRole('table', { name: 'Import rows' })
  await expect(rows.getByRole('row').filter({ hasText: 'Nowhere Supply' })).toContainText('Refused')
  await expect(rows.getByRole('row').filter({ hasText: 'Nowhere Supply' })).toContainText('“ZZZ” is not a site’s code.')
  await expect(rows.getByRole('row').filter({ hasText: 'Late Chairs Co' })).toContainText('Refused')
  // Types in words, no code or API field name anywhere in the preview.
  await expect(rows.getByRole('row').filter({ hasText: 'Pacific Power' })).toContainText('Payable')
  await expect(rows).not.toContainText('PAYABLE')
  await expect(rows).not.toContainText(/\([a-z]+[A-Z]\w*\)|REQUESTER/)
  await expect(rows.getByRole('row').filter({ hasText: 'Late Chairs Co' })).toContainText('2027-07-03')
  await expect(rows.getByRole('row').filter({ hasText: 'Pacific Power' })).toContainText('Will be created')
  await expectNoSeriousA11yViolations(rosa, 'import preview')
  const before = await (await rosa.request.get('/api/accruals?view=me', { headers: bearer(await platform.storedToken(rosa)) })).json()

  await rosa.getByRole('button', { name: 'Create 1 draft' }).click()
  await expect(rosa.getByText('1 draft created, 2 rows refused')).toBeVisible()
  const created = rows
    .getByRole('row')
    .filter({ hasText: 'Pacific Power' })
    .getByRole('link', { name: /^Accrual \d+$/ })
  await expect(created).toBeVisible()
  const after = await (await rosa.request.get('/api/accruals?view=me', { headers: bearer(await platform.storedToken(rosa)) })).json()
  expect(after.pagination.total).toBe(before.pagination.total + 1)
  await created.click()
  await expect(stateBadge(rosa, 'Draft')).toBeVisible()
  await expect(rosa.getByText('Pacific Power', { exact: true })).toBeVisible()
})

test('a request that looks like a duplicate of another in the cycle shows it, is refused without a note, and is saved with one', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(400_000) // a whole platform on a shared machine
  await prepareDistrict(page, platform)
  const fred = await (await newBrowserContext()).newPage()
  await platform.signIn(fred, FRED)
  const cycleId = await comingCycle(fred, platform)

  // The requester has already filed the desks on PO-9310, invoice INV-4471 (through the API).
  const rosa = await (await newBrowserContext()).newPage()
  await platform.signIn(rosa, ROSA)
  const first = await post(
    rosa,
    platform,
    '/api/accruals',
    payable(cycleId, await lincolnHigh(platform), {
      vendor: 'Harbor Office Furniture',
      description: 'Teacher desks for the science wing',
      poNumber: 'PO-9310',
      invoiceNumber: 'INV-4471',
      amountCents: 240_000,
    }),
    201,
  )

  // She files another on the same PO and invoice, under another vendor name and amount: the screen does not ask for a note yet.
  await rosa.goto('/apps/accruals/requests/new')
  await expect(rosa.getByRole('heading', { name: 'New accrual request' })).toBeVisible()
  await expect(rosa.getByRole('combobox', { name: 'Fiscal year' })).toHaveValue('2026-27')
  await rosa.getByRole('textbox', { name: 'Vendor' }).fill('Harbor Office Furniture Inc.')
  await rosa.getByRole('textbox', { name: 'Description' }).fill('Second delivery of teacher desks')
  await rosa.getByRole('textbox', { name: 'PO number' }).fill('PO-9310')
  await rosa.getByRole('textbox', { name: 'Invoice number' }).fill('INV-4471')
  await rosa.getByRole('textbox', { name: 'Amount ($)', exact: true }).fill('950.00')
  await rosa.getByRole('textbox', { name: 'Line 1 account' }).fill(SUPPLIES_LINE)
  await rosa.keyboard.press('Escape')
  await rosa.getByRole('textbox', { name: 'Line 1 amount ($)' }).fill('950.00')
  const note = rosa.getByRole('textbox', { name: 'Possible duplicate: why this is not one' })
  await expect(note).toHaveCount(0)
  await rosa.getByRole('button', { name: 'Save draft' }).click()

  // The server names the possible duplicate; the form now asks why this one is not it, under the note itself.
  await expect(note).toBeVisible()
  await expect(note).toHaveAttribute('required', '')
  await expect(note).toHaveAccessibleDescription(new RegExp(`This may duplicate accrual #${first.id}.*same PO and invoice`))
  await expect(rosa.getByRole('alert').filter({ hasText: 'The request was not saved' })).toHaveCount(0)
  await expect(rosa).toHaveURL(/\/apps\/accruals\/requests\/new$/)
  await expectNoSeriousA11yViolations(rosa, 'request form asking for a duplicate note')

  // Saving again without the note is refused, saying what is missing; nothing is saved.
  await rosa.getByRole('button', { name: 'Save draft' }).click()
  await expect(note).toHaveAccessibleDescription(/Say why this request is not a duplicate of the other one, then save again\./)
  await expect(rosa).toHaveURL(/\/apps\/accruals\/requests\/new$/)
  const mine = await (
    await rosa.request.get('/api/accruals?view=me&search=PO-9310', { headers: bearer(await platform.storedToken(rosa)) })
  ).json()
  expect(mine.data.map((request: { id: number }) => request.id)).toEqual([first.id])

  // With the note it is saved as a draft, flagged, and the note and the other request show on its page.
  await note.fill('A second delivery of desks, invoiced apart on the same PO')
  await rosa.getByRole('button', { name: 'Save draft' }).click()
  const heading = rosa.getByRole('heading', { level: 2, name: /^Accrual \d+$/ })
  await expect(heading).toBeVisible()
  const secondId = Number((await heading.textContent())!.replace('Accrual ', ''))
  expect(secondId).not.toBe(first.id)
  await expect(stateBadge(rosa, 'Draft')).toBeVisible()
  await expect(rosa.getByText('Possible duplicate', { exact: true })).toBeVisible()
  await expect(rosa.getByText('Not a duplicate because', { exact: true }).locator('..')).toContainText(
    'A second delivery of desks, invoiced apart on the same PO',
  )
  const duplicates = rosa.getByRole('alert').filter({ hasText: 'Possible duplicates in this cycle' })
  await expect(duplicates.getByRole('link', { name: `Accrual ${first.id}` })).toBeVisible()
  await expect(duplicates).toContainText('Harbor Office Furniture · $2,400.00 · same PO and invoice')
  await expectNoSeriousA11yViolations(rosa, 'request page (possible duplicate)')

  // Stored as shown: the note is the request's, read back from the server.
  const saved = await (await rosa.request.get(`/api/accruals/${secondId}`, { headers: bearer(await platform.storedToken(rosa)) })).json()
  expect(saved.data).toMatchObject({
    duplicateNote: 'A second delivery of desks, invoiced apart on the same PO',
    flags: { possibleDuplicate: true },
  })
})

test('a controller writes off the remainder of a partly liquidated accrual with a reason, after a confirmation', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(400_000) // four people and a whole platform on a shared machine
  const { siteApprover } = await prepareDistrict(page, platform)
  const as = async (email: string) => {
    const other = await (await newBrowserContext()).newPage()
    await platform.signIn(other, email)
    return other
  }
  const fred = await as(FRED)
  const cycleId = await comingCycle(fred, platform)

  // Through the API: Rosa files and submits, Sam approves for the site, Fred approves, posts the journal and records $1,800 paid.
  const rosa = await as(ROSA)
  const sam = await as(siteApprover)
  const { id } = await post(
    rosa,
    platform,
    '/api/accruals',
    payable(cycleId, await lincolnHigh(platform), {
      vendor: 'Valley Custodial Services',
      description: 'June deep cleaning of the gym and cafeteria',
      poNumber: 'PO-9420',
      invoiceNumber: 'INV-7788',
      amountCents: 300_000,
    }),
    201,
  )
  await post(rosa, platform, `/api/accruals/${id}/submit`, {})
  await post(sam, platform, `/api/accruals/${id}/site-approve`, {})
  await post(fred, platform, `/api/accruals/${id}/approve`, {})
  const journal = await fred.request.post(`/api/accrual-cycles/${cycleId}/journal`, {
    headers: bearer(await platform.storedToken(fred)),
    data: {},
  })
  expect(journal.status(), await journal.text()).toBe(200)
  toPaymentDay(platform)
  await post(
    fred,
    platform,
    `/api/accruals/${id}/liquidations`,
    {
      paidOn: '2027-07-20',
      reference: 'WARRANT-90411',
      amountCents: 180_000,
      varianceReason: 'The gym was cleaned, the cafeteria not yet',
    },
    201,
  )
  const requestUrl = `/apps/accruals/requests/${id}`

  // The requester sees what is open but may not write it off.
  await rosa.goto(requestUrl)
  await expect(stateBadge(rosa, 'Partially liquidated')).toBeVisible()
  await expect(rosa.getByText('Still open', { exact: true }).locator('..')).toContainText('$1,200.00')
  await expect(rosa.getByRole('button', { name: 'Write off the remainder' })).toHaveCount(0)

  // The controller opens it and writes off the remainder; the dialog says how much, and wants a reason.
  await fred.goto(requestUrl)
  await expect(stateBadge(fred, 'Partially liquidated')).toBeVisible()
  await expect(fred.getByRole('table', { name: 'Liquidations' })).toContainText('WARRANT-90411')
  await fred.getByRole('button', { name: 'Write off the remainder' }).click()
  const dialog = fred.getByRole('dialog', { name: `Write off accrual ${id}` })
  await expect(dialog).toContainText(`$1,200.00 still open on accrual ${id} will be written off. This is final.`)
  await expectNoSeriousA11yViolations(fred, 'write-off confirmation')
  await dialog.getByRole('button', { name: 'Confirm: write off' }).click()
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Say why, in at least 5 characters.')
  await expect(stateBadge(fred, 'Partially liquidated')).toBeVisible()
  const reason = 'The vendor will not bill the rest of the June cleaning'
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason)
  await dialog.getByRole('button', { name: 'Confirm: write off' }).click()
  await expect(dialog).toBeHidden()
  await expect(fred.getByText(`The remainder of accrual ${id} was written off.`)).toBeVisible()

  // Written off: the reason shows, nothing is open, and neither a liquidation nor another write-off is offered.
  await expect(stateBadge(fred, 'Written off')).toBeVisible()
  await expect(fred.getByRole('alert').filter({ hasText: 'Written off with this reason' })).toContainText(reason)
  const fact = (label: string) => fred.getByText(label, { exact: true }).last().locator('..')
  await expect(fact('Cleared')).toContainText('$1,800.00')
  await expect(fact('Written off')).toContainText('$1,200.00')
  await expect(fact('Still open')).toContainText('$0.00')
  await expect(fred.getByRole('button', { name: 'Write off the remainder' })).toHaveCount(0)
  await expect(fred.getByRole('button', { name: 'Record liquidation' })).toHaveCount(0)

  // The history has the step, by whom and why.
  const step = fred.getByRole('listitem').filter({ hasText: 'Remainder written off' })
  await expect(step).toContainText('by Fred Fiscal')
  await expect(step).toContainText(`Reason: ${reason}`)
  await expectNoSeriousA11yViolations(fred, 'request page (written off)')

  // The requester's page shows the same once reloaded.
  await rosa.reload()
  await expect(stateBadge(rosa, 'Written off')).toBeVisible()
  await expect(rosa.getByRole('listitem').filter({ hasText: 'Remainder written off' })).toContainText(`Reason: ${reason}`)
})

test('works at phone width: no sideways scrolling of the page, the lists become cards', async ({ page, platform }) => {
  test.setTimeout(400_000) // six screens and axe on each, on a shared machine
  await page.setViewportSize({ width: 390, height: 844 })
  await platform.signIn(page, FRED)
  for (const path of [
    '/apps/accruals',
    '/apps/accruals/requests',
    '/apps/accruals/review',
    '/apps/accruals/journals',
    '/apps/accruals/import',
    '/apps/accruals/requests/new',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Accruals', level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, path).toBeLessThanOrEqual(1)
    expect(await clippedTexts(page), path).toEqual([])
    // Every tab's label is read whole, on the screen: none is cut to 'Im…' at its edge.
    for (const tab of await page.getByRole('tab').all()) {
      const cut = await tab.evaluate((element) => {
        const box = element.getBoundingClientRect()
        return element.scrollWidth > element.clientWidth + 1 || box.left < 0 || box.right > document.documentElement.clientWidth + 1
      })
      expect(cut, `the tab ${await tab.textContent()} on ${path}`).toBe(false)
    }
    await expectNoSeriousA11yViolations(page, `${path} at phone width`)
  }
})
