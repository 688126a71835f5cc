import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { addDays, formatDay, localDateTime } from '@platform/contracts/records-clock'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { createRecordsPerson, pagedPdf, pdfText } from '../support/records.js'
import { bearer, pickOption, settled } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'
import { expectNothingCutOff } from '../support/layout.js'

// An empty district (no demo): every person, the exemption library and the request are made in the test, on screen.
usePlatform()

const ZONE = 'America/Los_Angeles'
const EXEMPTION = { citation: 'Gov. Code §7927.700', title: 'Personnel records' }

/** Today on the district's clock, as the server reckons it (the platform's clock is the wall clock here). */
const districtToday = () => localDateTime(new Date(), ZONE).date

/** The dialog of a step, found by its title. */
const dialog = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name })

/** Opens (or reloads) a request page and waits for it: lazy screens are slow on a busy machine. */
async function showRequest(page: Page, number: string, url?: string): Promise<void> {
  if (url) await page.goto(url)
  else await page.reload()
  await expect(page.getByRole('heading', { level: 2, name: number })).toBeVisible({ timeout: 30_000 })
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

test('intake, assign, a record with an exempt page, one extension (the second refused), a partial denial with its letter, produce and close', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(1_200_000) // five people, a whole platform and axe on every screen, on a shared machine (12 min seen under heavy load)
  const as = async (email: string) => {
    const other = await (await newBrowserContext()).newPage()
    await platform.signIn(other, email)
    return other
  }

  // An administrator makes the people (each with a duty in Public Information) and keeps the holiday calendar.
  const { email: adminEmail } = await platform.createUser({ fullName: 'Ada Administrator', roleCode: 'ADMIN' })
  await platform.signIn(page, adminEmail)
  const adminToken = await platform.storedToken(page)
  const cora = await createRecordsPerson(page.request, adminToken, 'Cora Coordinator', ['COORDINATOR'])
  const cy = await createRecordsPerson(page.request, adminToken, 'Cy Custodian', ['CUSTODIAN'])
  const lena = await createRecordsPerson(page.request, adminToken, 'Lena Counsel', ['COUNSEL'])
  const sam = await createRecordsPerson(page.request, adminToken, 'Sam Signatory', ['SIGNATORY'])

  const nextYear = Number(districtToday().slice(0, 4)) + 1
  await page.goto('/apps/public-info/holidays')
  await expect(page.getByRole('heading', { level: 2, name: 'Holidays' })).toBeVisible({ timeout: 30_000 })
  await page.getByLabel(/^Date/).fill(`${nextYear}-01-18`)
  await page.getByRole('textbox', { name: 'Name' }).fill('Martin Luther King Jr. Day')
  await page.getByRole('button', { name: 'Add holiday' }).click()
  const holidays = page.getByRole('table', { name: `Holidays in ${nextYear}` })
  await expect(holidays.getByRole('row').filter({ hasText: 'Martin Luther King Jr. Day' })).toContainText(
    formatDay(`${nextYear}-01-18`, true),
  )
  await settled(page)
  await expectNoSeriousA11yViolations(page, 'holidays')

  // Counsel keeps the exemption library.
  const counsel = await as(lena)
  await counsel.goto('/apps/public-info/exemptions')
  await expect(counsel.getByRole('heading', { level: 2, name: 'Exemption library' })).toBeVisible({ timeout: 30_000 })
  await counsel.getByRole('textbox', { name: 'Citation' }).fill(EXEMPTION.citation)
  await counsel.getByRole('textbox', { name: 'Title' }).fill(EXEMPTION.title)
  await counsel
    .getByRole('textbox', { name: 'Description' })
    .fill('Personnel, medical or similar files whose disclosure would invade privacy')
  await counsel.getByRole('button', { name: 'Add exemption' }).click()
  await expect(counsel.getByRole('table', { name: 'Exemptions' }).getByRole('row').filter({ hasText: EXEMPTION.citation })).toContainText(
    EXEMPTION.title,
  )
  await settled(counsel)
  await expectNoSeriousA11yViolations(counsel, 'exemption library')

  // The coordinator records the request; a received time in the future is refused.
  const coordinator = await as(cora)
  await coordinator.goto('/apps/public-info')
  await expect(coordinator.getByRole('heading', { level: 1, name: 'Public Information' })).toBeVisible({ timeout: 30_000 })
  await expect(coordinator.getByRole('table', { name: 'Records requests' })).toBeVisible()
  await settled(coordinator)
  await expectNoSeriousA11yViolations(coordinator, 'requests queue')
  await coordinator.getByRole('link', { name: 'Record a request' }).click()
  await expect(coordinator.getByRole('heading', { name: 'Record a request' })).toBeVisible()
  await coordinator.getByLabel('Received on').fill(addDays(districtToday(), 1))
  await coordinator.getByLabel('Received at (time)').fill('10:00')
  await pickOption(coordinator, coordinator.getByRole('combobox', { name: 'Channel' }), 'E-mail')
  await coordinator.getByRole('textbox', { name: 'Requester name' }).fill('Quinn Reporter')
  await coordinator.getByRole('textbox', { name: 'Requester contact' }).fill('quinn@newsroom.example')
  await coordinator
    .getByRole('textbox', { name: 'Request text as received' })
    .fill('All warrants paid to Acme Paving in October, and the personnel file of the project manager.')
  await coordinator.getByRole('button', { name: 'Record request' }).click()
  await expect(coordinator.getByText('The request cannot have been received in the future: check the date and time.')).toBeVisible()
  await settled(coordinator)
  await expectNoSeriousA11yViolations(coordinator, 'intake form')
  const receivedOn = addDays(districtToday(), -1)
  await coordinator.getByLabel('Received on').fill(receivedOn)
  await coordinator.getByRole('button', { name: 'Record request' }).click()
  const heading = coordinator.getByRole('heading', { level: 2, name: /^PRR-\d{4}-\d{4}$/ })
  await expect(heading).toBeVisible()
  const number = (await heading.textContent())!
  const requestUrl = coordinator.url()
  const requestId = Number(requestUrl.split('/').at(-1))
  // The page says how the due date was computed.
  await expect(coordinator.getByTestId('clock-explanation')).toContainText(
    `received ${formatDay(receivedOn, true)} 10:00; day 10 is ${formatDay(addDays(receivedOn, 10))}`,
  )
  await expect(coordinator.locator('[data-clock]').first()).toHaveText(/days? left|Due today/)

  // The coordinator assigns the custodian, with the reason and the search task.
  await coordinator.getByRole('button', { name: 'Assign' }).click()
  const assign = dialog(coordinator, `Assign on ${number}`)
  await pickOption(coordinator, assign.getByRole('combobox', { name: 'Person' }), 'Cy Custodian')
  await assign.getByRole('textbox', { name: 'Reason for the assignment' }).fill('Keeps the accounts payable files')
  await assign.getByRole('textbox', { name: 'Search task' }).fill('Warrants to Acme Paving, October')
  await settled(coordinator)
  await expectNoSeriousA11yViolations(coordinator, 'assign dialog')
  await assign.getByRole('button', { name: 'Assign' }).click()
  await expect(assign).toBeHidden()
  await expect(coordinator.getByRole('table', { name: 'Assignments' }).getByRole('row').filter({ hasText: 'Cy Custodian' })).toContainText(
    'Keeps the accounts payable files',
  )
  await settled(coordinator)
  await expectNoSeriousA11yViolations(coordinator, 'request page')

  // The custodian uploads a three-page record and marks page 2 exempt with the library's citation.
  const custodian = await as(cy)
  await custodian.goto(requestUrl)
  await expect(custodian.getByRole('button', { name: 'Upload a record' })).toBeVisible({ timeout: 30_000 })
  await custodian
    .locator('input[type="file"]')
    .setInputFiles({ name: 'acme-warrants.pdf', mimeType: 'application/pdf', buffer: await pagedPdf(3, 'Warrant register') })
  const documents = custodian.getByRole('table', { name: 'Documents' })
  await expect(documents.getByRole('row').filter({ hasText: 'acme-warrants.pdf' })).toContainText('3')
  await custodian.getByRole('button', { name: 'Mark an exemption on acme-warrants.pdf' }).click()
  const mark = dialog(custodian, 'Mark an exemption on acme-warrants.pdf')
  await mark.getByRole('textbox', { name: 'First page' }).fill('2')
  await mark.getByRole('textbox', { name: 'Last page' }).fill('4')
  await pickOption(custodian, mark.getByRole('combobox', { name: 'Exemption' }), `${EXEMPTION.citation} · ${EXEMPTION.title}`)
  await mark.getByRole('button', { name: 'Mark exemption' }).click()
  await expect(mark.getByRole('alert')).toContainText('The document has pages 1 to 3.')
  await mark.getByRole('textbox', { name: 'Last page' }).fill('2')
  await settled(custodian)
  await expectNoSeriousA11yViolations(custodian, 'mark exemption dialog')
  await mark.getByRole('button', { name: 'Mark exemption' }).click()
  await expect(mark).toBeHidden()
  await expect(documents.getByRole('row').filter({ hasText: 'acme-warrants.pdf' })).toContainText(
    `page 2: ${EXEMPTION.citation} (${EXEMPTION.title})`,
  )

  // The signatory extends once, for the statute's reason; a second extension is refused.
  const signatory = await as(sam)
  await showRequest(signatory, number, requestUrl)
  await signatory.getByRole('button', { name: 'Extend', exact: true }).click()
  const extend = dialog(signatory, `Extend ${number}`)
  await pickOption(signatory, extend.getByRole('combobox', { name: 'Reason' }), 'A voluminous amount of separate records')
  await expect(extend.getByText('New due date:')).toBeVisible()
  await settled(signatory)
  await expectNoSeriousA11yViolations(signatory, 'extend dialog')
  await extend.getByRole('button', { name: 'Extend', exact: true }).click()
  await expect(extend.getByText(/A request is extended only once/)).toBeVisible()
  await extend.getByRole('button', { name: 'Extend once' }).click()
  await expect(extend).toBeHidden()
  await expect(signatory.getByTestId('extension-explanation')).toContainText(`plus 14 days is ${formatDay(addDays(receivedOn, 24))}`)
  await expect(signatory.getByRole('button', { name: 'Extend', exact: true })).toHaveCount(0)
  const token = await platform.storedToken(signatory)
  const second = await signatory.request.post(`/api/records-requests/${requestId}/extend`, {
    headers: bearer(token),
    data: { reason: 'CONSULTATION', days: 3 },
  })
  expect(second.status()).toBeGreaterThanOrEqual(400)
  expect(second.status()).toBeLessThan(500)
  expect(((await second.json()) as { error: string }).error).toMatch(/once|already/i)
  await showRequest(signatory, number)
  await expect(signatory.getByTestId('extension-explanation')).toContainText('plus 14 days')
  // The timeline tells it in a sentence, the reason in words, the date as a person writes it.
  const timeline = signatory.getByRole('region', { name: 'Timeline' })
  await expect(
    timeline.getByText(/^Extended by 14 days to \w{3} \w{3} \d{1,2}, \d{4}: a voluminous amount of separate records$/),
  ).toBeVisible()
  await expect(timeline).not.toContainText('VOLUMINOUS')
  await expect(timeline).not.toContainText('extendedDueOn')

  // The signatory determines: partly disclosable, with the estimated date and the person responsible.
  await signatory.getByRole('button', { name: 'Determine', exact: true }).click()
  const determine = dialog(signatory, `Determine ${number}`)
  await pickOption(signatory, determine.getByRole('combobox', { name: 'Outcome' }), 'Partly disclosable (partial denial)')
  await determine.getByRole('button', { name: 'Determine', exact: true }).click()
  await expect(determine.getByText('Give the estimated date the records will be produced.')).toBeVisible()
  await determine.getByLabel('Estimated production date').fill(addDays(districtToday(), 10))
  await determine.getByRole('textbox', { name: 'Person 1 name' }).fill('Sam Signatory')
  await determine.getByRole('textbox', { name: 'Person 1 title' }).fill('Superintendent')
  await expect(determine.getByText(`Marked on the documents (included): ${EXEMPTION.citation}`)).toBeVisible()
  await settled(signatory)
  await expectNoSeriousA11yViolations(signatory, 'determine dialog')
  await determine.getByRole('button', { name: 'Determine', exact: true }).click()
  await determine.getByRole('button', { name: 'Make the determination' }).click()
  await expect(determine).toBeHidden()
  await expect(signatory.getByText('Determined', { exact: true }).first()).toBeVisible()

  // Counsel drafts the denial letter; the signatory, who did not draft it, signs and issues it.
  await showRequest(counsel, number, requestUrl)
  await counsel.getByRole('button', { name: 'Draft a letter' }).click()
  const draft = dialog(counsel, `Draft a letter on ${number}`)
  await pickOption(counsel, draft.getByRole('combobox', { name: 'Letter' }), 'Denial')
  await draft.getByRole('button', { name: 'Draft letter' }).click()
  await expect(draft).toBeHidden()
  await expect(counsel.getByRole('group', { name: 'Denial letter' })).toContainText('Draft')

  await showRequest(signatory, number)
  const letter = signatory.getByRole('group', { name: 'Denial letter' })
  await letter.getByRole('button', { name: 'Sign and issue' }).click()
  const issue = dialog(signatory, 'Sign and issue the denial letter')
  await issue.getByRole('textbox', { name: 'Your title' }).fill('Superintendent')
  await issue.getByRole('button', { name: 'Sign and issue' }).click()
  await expect(issue.getByText(/An issued letter is final/)).toBeVisible()
  await issue.getByRole('button', { name: 'Sign and issue' }).click()
  await expect(issue).toBeHidden()
  await expect(letter.getByText('Issued', { exact: true })).toBeVisible()
  const downloading = signatory.waitForEvent('download')
  await letter.getByRole('button', { name: 'PDF' }).click()
  const pdf = await downloading
  const text = await pdfText(await readFile((await pdf.path())!))
  expect(text).toContain('Sam Signatory')
  expect(text).toContain('Superintendent')
  expect(text).toContain(EXEMPTION.citation)
  await settled(signatory)
  await expectNoSeriousA11yViolations(signatory, 'letters')
  // The extension's letter too (drafted and signed through the API): a request closes only once its letters are issued.
  const drafted = await counsel.request.post(`/api/records-requests/${requestId}/letters`, {
    headers: bearer(await platform.storedToken(counsel)),
    data: { kind: 'EXTENSION' },
  })
  const extensionLetter = ((await drafted.json()) as { data: { id: number } }).data.id
  const signed = await signatory.request.post(`/api/records-requests/${requestId}/letters/${extensionLetter}/issue`, {
    headers: bearer(token),
    data: { signatoryTitle: 'Superintendent' },
  })
  expect(signed.status()).toBe(200)

  // The coordinator produces the records and closes the request, each after a confirmation.
  await showRequest(coordinator, number)
  await coordinator.getByRole('button', { name: 'Produce records' }).click()
  const produce = dialog(coordinator, `Produce records for ${number}`)
  await produce.getByRole('button', { name: 'Produce records' }).click()
  await expect(produce.getByText(/Mark the records of/)).toBeVisible()
  await produce.getByRole('button', { name: 'Produce records' }).click()
  await expect(produce).toBeHidden()
  await expect(coordinator.getByText('Producing', { exact: true }).first()).toBeVisible()
  await coordinator.getByRole('button', { name: 'Close request' }).click()
  const close = dialog(coordinator, `Close ${number}`)
  await close.getByRole('button', { name: 'Close request' }).click()
  await expect(close.getByText(/can only be reopened/)).toBeVisible()
  await close.getByRole('button', { name: 'Close request' }).click()
  await expect(close).toBeHidden()
  await expect(coordinator.getByText('Closed', { exact: true }).first()).toBeVisible()
  await expect(coordinator.getByRole('button', { name: 'Reopen' })).toBeVisible()

  // The queue shows it closed; the public log has it without the requester; the figures count it.
  await coordinator.goto('/apps/public-info')
  await expect(coordinator.getByRole('table', { name: 'Records requests' }).getByRole('row').filter({ hasText: number })).toContainText(
    'Closed',
    { timeout: 30_000 },
  )
  await coordinator.goto('/apps/public-info/public-log')
  const log = coordinator.getByRole('table', { name: 'Public log' })
  await expect(log.getByRole('row').filter({ hasText: number })).toContainText('Partly disclosable', { timeout: 30_000 })
  await expect(log).not.toContainText('Quinn Reporter')
  await settled(coordinator)
  await expectNoSeriousA11yViolations(coordinator, 'public log')
  await coordinator.goto('/apps/public-info/figures')
  await expect(coordinator.getByTestId('figure-closed')).toHaveText('1', { timeout: 30_000 })
  await settled(coordinator)
  await expectNoSeriousA11yViolations(coordinator, 'figures')

  // An address under the application that names no screen says so in the application.
  await coordinator.goto('/apps/public-info/nowhere')
  await expect(coordinator.getByText('There is no page at /apps/public-info/nowhere in Public Information.')).toBeVisible({
    timeout: 30_000,
  })
  await expect(coordinator.getByRole('heading', { level: 1, name: 'Public Information' })).toBeVisible()
  await expectNoSeriousA11yViolations(coordinator, 'not found')
})

test('works at phone width: the queue and a request page without sideways scrolling', async ({ page, platform, newBrowserContext }) => {
  test.setTimeout(180_000)
  const { email: adminEmail } = await platform.createUser({ fullName: 'Abe Administrator', roleCode: 'ADMIN' })
  await platform.signIn(page, adminEmail)
  const cora = await createRecordsPerson(page.request, await platform.storedToken(page), 'Carla Coordinator', ['COORDINATOR'])
  const phone = await (await newBrowserContext({ viewport: { width: 390, height: 844 } })).newPage()
  await platform.signIn(phone, cora)
  const token = await platform.storedToken(phone)
  const created = await phone.request.post('/api/records-requests', {
    headers: bearer(token),
    data: {
      receivedAt: new Date(Date.now() - 3_600_000).toISOString(),
      channel: 'WEB_FORM',
      requesterName: 'Pat Public',
      requesterContact: 'pat.public@example.org',
      text: 'Board contracts with the district’s paving vendors, 2025-26.',
    },
  })
  expect(created.status()).toBe(201)
  const { data } = (await created.json()) as { data: { id: number; number: string } }

  await phone.goto('/apps/public-info')
  await expect(phone.getByRole('heading', { level: 1, name: 'Public Information' })).toBeVisible({ timeout: 30_000 })
  await expect(phone.getByRole('link', { name: data.number })).toBeVisible()
  expect(await overflow(phone), 'queue').toBeLessThanOrEqual(1)
  await settled(phone)
  await expectNoSeriousA11yViolations(phone, 'queue at phone width')

  await phone.getByRole('link', { name: data.number }).click()
  await expect(phone.getByRole('heading', { level: 2, name: data.number })).toBeVisible()
  await expect(phone.getByTestId('clock-explanation')).toBeVisible()
  expect(await overflow(phone), 'request page').toBeLessThanOrEqual(1)
  await settled(phone)
  await expectNoSeriousA11yViolations(phone, 'request page at phone width')

  // The public log: its rows become cards on a phone and nothing is cut off; at 1366 every column reads whole.
  await phone.goto('/apps/public-info/public-log')
  await expect(phone.getByRole('table', { name: 'Public log' }).getByText(data.number)).toBeVisible({ timeout: 30_000 })
  await expectNothingCutOff(phone, 'public log at phone width')
  await phone.setViewportSize({ width: 1366, height: 900 })
  await expect(phone.getByRole('table', { name: 'Public log' }).getByText(data.number)).toBeVisible()
  await expectNothingCutOff(phone, 'public log at 1366')
})
