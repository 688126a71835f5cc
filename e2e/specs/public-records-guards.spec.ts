import type { Page } from '@playwright/test'
import { addDays, dayInWords } from '@platform/contracts/records-clock'
import type { PortalReceiptSchema } from '@platform/contracts/records-portal'
import type { z } from 'zod'
import {
  checkPublicPage,
  districtToday,
  downloadBy,
  issueLetter,
  openAsPublic,
  PORTAL_PLATFORM,
  personId,
  type RecordsTeam,
  recordsTeam,
  requestIdOf,
  stringsOf,
  trackingAnswer,
  trackingLinkIn,
  uploadDocument,
} from '../support/portal.js'
import { pagedPdf, pdfText } from '../support/records.js'
import { uniqueEmail } from '../support/platform.js'
import { expect, test, usePlatform } from '../support/test.js'

// What the public must never reach, the limits on one address, and a letter that leaves by post.
usePlatform(PORTAL_PLATFORM)

type Receipt = z.infer<typeof PortalReceiptSchema>

/** Files a request through the portal's API from the requester's browser (its address counts against its limits). */
async function fileRequest(requester: Page, input: Record<string, unknown>): Promise<Receipt> {
  const response = await requester.request.post('/api/public-records/requests', { data: { preferredFormat: 'ELECTRONIC', ...input } })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { data: Receipt }).data
}

/** The text a person reads on the page. */
const pageText = (page: Page) => page.locator('body').innerText()

test('nothing unreleased or internal is reachable through a tracking link or the archive', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(240_000)
  const team: RecordsTeam = await recordsTeam(page, platform, newBrowserContext, {
    admin: 'Alma Administrator',
    coordinator: 'Colm Coordinator',
    custodian: 'Cass Custodian',
    signatory: 'Sully Signatory',
  })
  const requester = await openAsPublic(newBrowserContext)
  const email = uniqueEmail('quill')
  const requesterName = 'Quill Questioner'
  const text = 'Every invoice from Harbor Janitorial Supply paid in 2025, and the contract behind them.'
  const receipt = await fileRequest(requester, { description: text, name: requesterName, email })
  const link = trackingLinkIn(receipt.trackingUrl, platform.url)
  const requestId = await requestIdOf(team.coordinator, receipt.number)

  // The staff's own work on the request, every piece of it internal.
  const internal = {
    reason: 'Ledger keeper for janitorial vendors',
    task: 'Pull the Harbor invoices from the basement archive boxes',
    note: 'Vendor is in litigation with the district; check with counsel before release',
    timeNote: 'Sorted invoices by school before scanning',
    draftBody: 'Closing remarks drafted internally, not yet approved by the superintendent.',
    unreleasedFile: 'harbor-internal-audit.pdf',
  }
  const base = `/api/records-requests/${requestId}`
  await team.coordinator.call('POST', `${base}/assignments`, {
    userId: await personId(team.coordinator, team.custodian.name),
    role: 'CUSTODIAN',
    reason: internal.reason,
    task: internal.task,
  })
  await team.coordinator.call('POST', `${base}/notes`, { text: internal.note })
  await team.custodian.call('POST', `${base}/time`, {
    minutes: 45,
    activity: 'Scanning',
    workedOn: districtToday(),
    note: internal.timeNote,
  })
  const released = await pagedPdf(1, 'Harbor Janitorial invoices')
  const releasedId = await uploadDocument(team.custodian, requestId, 'harbor-invoices.pdf', released)
  const unreleasedId = await uploadDocument(team.custodian, requestId, internal.unreleasedFile, await pagedPdf(1, 'Internal audit'))

  // Determined, the letter issued, the invoices released and produced, the request closed with its public summary.
  await team.signatory.call('POST', `${base}/determine`, { outcome: 'DISCLOSABLE', estimatedProductionOn: addDays(districtToday(), 5) })
  await issueLetter(team.coordinator, team.signatory, requestId, 'DETERMINATION')
  await team.custodian.call('POST', `${base}/documents/${releasedId}/release`, { released: true })
  await team.coordinator.call('POST', `${base}/produce`, {})
  await team.coordinator.call('POST', `${base}/close`, {})
  const summary = 'Invoices paid to a janitorial supplier in 2025.'
  await team.coordinator.call('PUT', `${base}/public-summary`, { summary })
  // A closure letter is drafted after the closing; this one stays a draft.
  const draft = await team.coordinator.call<{ id: number }>('POST', `${base}/letters`, { kind: 'CLOSURE', body: internal.draftBody }, 201)

  const secrets = [
    ...Object.values(internal),
    team.admin.name,
    team.coordinator.name,
    team.custodian.name,
    team.admin.email,
    team.coordinator.email,
    team.custodian.email,
    team.signatory.email,
  ]

  // The tracking link's answer: the issued letter with its signatory, the released document, nothing else.
  const tracked = await trackingAnswer(requester.request, link)
  expect(tracked.status, tracked.body).toBe(200)
  expect(tracked.view!.letters.map((letter) => letter.kind)).toEqual(['DETERMINATION'])
  expect(tracked.view!.letters[0]!.signatoryName).toBe(team.signatory.name)
  expect(tracked.view!.documents.map((document) => document.id)).toEqual([releasedId])
  for (const secret of secrets) expect(tracked.body, 'the tracking answer').not.toContain(secret)
  expect(tracked.body).not.toContain(email)

  // The tracking page the same.
  await requester.goto(link.link)
  await expect(requester.getByRole('heading', { level: 1, name: new RegExp(receipt.number) })).toBeVisible({ timeout: 20_000 })
  await expect(requester.getByText('harbor-invoices.pdf')).toBeVisible()
  await expect(requester.getByText(team.signatory.name).first()).toBeVisible()
  const trackingText = await pageText(requester)
  for (const secret of secrets) expect(trackingText, 'the tracking page').not.toContain(secret)

  // Asked for directly, the draft letter and the unreleased document are not there.
  for (const path of [`letters/${draft.id}`, `documents/${unreleasedId}`]) {
    const refused = await requester.request.post(`/api/public-records/track/${path}`, { data: { number: link.number, token: link.token } })
    expect(refused.status(), `${path}: ${await refused.text()}`).toBe(404)
    expect(((await refused.json()) as { error: string }).error).not.toMatch(/[a-z]+_[a-z]+/)
  }
  // Nor with a token that is not the request's.
  const stranger = await requester.request.post(`/api/public-records/track/documents/${releasedId}`, {
    data: { number: link.number, token: 'x'.repeat(43) },
  })
  expect(stranger.status()).toBe(404)

  // The archive is off until an administrator turns it on.
  const off = await requester.request.get('/api/public-records/archive')
  expect(off.status()).toBe(404)
  await requester.goto('/public-records/archive')
  await expect(requester.getByText(((await off.json()) as { error: string }).error)).toBeVisible({ timeout: 20_000 })
  const settings = await team.admin.call<Record<string, unknown>>('GET', '/api/records-settings')
  const { afterHoursRule, businessHoursStart, businessHoursEnd } = settings
  await team.admin.call('PUT', '/api/records-settings', { afterHoursRule, businessHoursStart, businessHoursEnd, publicArchive: true })

  // An open request with a summary is not published.
  const open = await fileRequest(requester, { description: 'Bus routes for the coming school year.', email: uniqueEmail('open') })
  await team.coordinator.call('PUT', `/api/records-requests/${await requestIdOf(team.coordinator, open.number)}/public-summary`, {
    summary: 'Bus routes, still being answered.',
  })

  // The archive: the closed request's summary and released document only; never the requester or their words.
  const listed = await requester.request.get('/api/public-records/archive')
  expect(listed.status()).toBe(200)
  const archive = (await listed.json()) as { data: Array<{ number: string; summary: string; documents: Array<{ id: number }> }> }
  expect(archive.data.map((entry) => entry.number)).toEqual([receipt.number])
  expect(archive.data[0]!.summary).toBe(summary)
  expect(archive.data[0]!.documents.map((document) => document.id)).toEqual([releasedId])
  const entryAnswer = await (await requester.request.get(`/api/public-records/archive/${receipt.number}`)).text()
  const published = [await listed.text(), entryAnswer, stringsOf(archive)].join('\n')
  for (const secret of [...secrets, requesterName, email, text, link.token]) expect(published, 'the archive').not.toContain(secret)
  expect((await requester.request.get(`/api/public-records/archive/${open.number}`)).status()).toBe(404)
  expect((await requester.request.get(`/api/public-records/archive/${receipt.number}/documents/${unreleasedId}`)).status()).toBe(404)

  // The request page now leads to the archive.
  await requester.goto('/public-records')
  await requester.getByRole('link', { name: 'Browse requests the district has answered' }).click()
  const entryLink = requester.getByRole('link', { name: receipt.number })
  await expect(entryLink).toBeVisible({ timeout: 20_000 })
  await expect(requester.getByText(summary).first()).toBeVisible()
  await expect(requester.getByText(open.number)).toHaveCount(0)
  await checkPublicPage(requester, 'the archive')
  const archiveText = await pageText(requester)
  for (const secret of [...secrets, requesterName, email, text]) expect(archiveText, 'the archive page').not.toContain(secret)
  // Searchable by the summary's words; a search that matches nothing says so.
  const search = requester.getByRole('textbox', { name: 'Search the archive' })
  await search.fill('janitorial')
  await requester.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(requester).toHaveURL(/search=janitorial/)
  await expect(entryLink).toBeVisible()
  await search.fill('zebra crossings')
  await requester.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(requester.getByText('No published request matches “zebra crossings”.')).toBeVisible()
  await expect(entryLink).toHaveCount(0)
  await search.fill('')
  await requester.getByRole('button', { name: 'Search', exact: true }).click()

  await entryLink.click()
  await expect(requester.getByRole('heading', { level: 1, name: new RegExp(receipt.number) })).toBeVisible({ timeout: 20_000 })
  await expect(requester.getByText(summary)).toBeVisible()
  await checkPublicPage(requester, 'an archive entry')
  const entryText = await pageText(requester)
  for (const secret of [...secrets, requesterName, email, text]) expect(entryText, 'the archive entry').not.toContain(secret)
  const file = await downloadBy(
    requester,
    requester.getByRole('button', { name: /harbor-invoices\.pdf/ }).or(requester.getByRole('link', { name: /harbor-invoices\.pdf/ })),
  )
  expect(file.bytes.equals(released)).toBe(true)
})

test('a burst of requests from one address: the later ones are refused in words, and only the accepted ones reach the staff', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(120_000)
  const team = await recordsTeam(page, platform, newBrowserContext, {
    admin: 'Aldo Administrator',
    coordinator: 'Cleo Coordinator',
    custodian: 'Cato Custodian',
    signatory: 'Sian Signatory',
  })
  const requester = await openAsPublic(newBrowserContext)
  const marker = 'Quokkaburst'
  // The limits count in fixed ten-minute windows: the burst and the form's try must fall in one, so a window about
  // to end is let go by first (the platform's clock moves on a little).
  const window = 10 * 60_000
  const left = window - (platform.clock.now().getTime() % window)
  if (left < 120_000) platform.clock.advance(left + 1_000)
  const attempts = await Promise.all(
    Array.from({ length: 8 }, (_unused, index) =>
      requester.request.post('/api/public-records/requests', {
        data: {
          description: `${marker} request ${index + 1}: attendance records of the chess club.`,
          preferredFormat: 'ELECTRONIC',
          email: uniqueEmail(`burst${index}`),
        },
      }),
    ),
  )
  const statuses = attempts.map((attempt) => attempt.status())
  const accepted = statuses.filter((status) => status === 201).length
  const refused = attempts.filter((attempt) => attempt.status() === 429)
  expect(accepted, `statuses ${statuses.join(', ')}`).toBeGreaterThan(0)
  expect(refused.length, `statuses ${statuses.join(', ')}`).toBeGreaterThan(0)
  expect(accepted + refused.length, `statuses ${statuses.join(', ')}`).toBe(attempts.length)
  const refusal = (await refused[0]!.json()) as { error: string; code: string }
  expect(refused[0]!.headers()['retry-after']).toMatch(/^\d+$/)
  expect(refusal.error).toMatch(/try again/i)

  // The page shows the server's sentence when the form is refused.
  await requester.goto('/public-records')
  await requester.getByRole('textbox', { name: 'The records you are asking for' }).fill(`${marker} from the form: the chess club's budget.`)
  await requester.getByRole('radio', { name: 'Electronic copies (download or e-mail)' }).check()
  await requester.getByRole('textbox', { name: /e-mail/i }).fill(uniqueEmail('burstform'))
  await requester.getByRole('button', { name: /send|submit/i }).click()
  await expect(requester.getByRole('alert').filter({ hasText: /try again/i })).toBeVisible()

  // The staff queue holds the accepted requests and nothing of the refused ones.
  const queue = await team.coordinator.call<Array<{ number: string }>>('GET', `/api/records-requests?search=${marker}`)
  expect(queue).toHaveLength(accepted)
  const queuePage = team.coordinator.page
  await queuePage.goto('/apps/public-info/requests')
  const table = queuePage.getByRole('table', { name: 'Records requests' })
  await expect(table).toBeVisible({ timeout: 30_000 })
  await queuePage.getByRole('textbox', { name: 'Number, requester or text' }).fill(marker)
  await expect(table.locator('tbody tr')).toHaveCount(accepted, { timeout: 30_000 })
})

test('an anonymous requester without e-mail: the letter goes to the To mail list, its envelope prints, and marking it mailed shows on the timeline', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(180_000)
  const team = await recordsTeam(page, platform, newBrowserContext, {
    admin: 'Arlo Administrator',
    coordinator: 'Cyra Coordinator',
    custodian: 'Cole Custodian',
    signatory: 'Saul Signatory',
  })
  const requester = await openAsPublic(newBrowserContext)
  const postalAddress = '1200 Orchard Lane\nApt 4\nFresno, CA 93721'

  // Filed on the page without a name and with a postal address only: the confirmation shows the link to keep.
  await requester.goto('/public-records')
  await requester.getByRole('textbox', { name: 'The records you are asking for' }).fill('The cafeteria health inspection reports of 2025.')
  await requester.getByRole('radio', { name: 'Paper copies by post' }).check()
  await requester.getByRole('textbox', { name: /postal/i }).fill(postalAddress)
  const answered = requester.waitForResponse((response) => response.url().endsWith('/api/public-records/requests'))
  await requester.getByRole('button', { name: /send|submit/i }).click()
  const receipt = ((await (await answered).json()) as { data: Receipt }).data
  expect(receipt.emailed).toBe(false)
  await expect(requester.getByText(receipt.number).first()).toBeVisible()
  await expect(requester.getByText(receipt.trackingUrl)).toBeVisible()

  // Its acknowledgment letter is issued; with no e-mail address it waits to be mailed.
  const requestId = await requestIdOf(team.coordinator, receipt.number)
  await issueLetter(team.coordinator, team.signatory, requestId, 'ACKNOWLEDGMENT')
  const coordinator = team.coordinator.page
  await coordinator.goto('/apps/public-info/to-mail')
  const toMail = coordinator.getByRole('table', { name: /to mail/i })
  const row = toMail.getByRole('row').filter({ hasText: receipt.number })
  await expect(row).toBeVisible({ timeout: 30_000 })
  await expect(row).toContainText('1200 Orchard Lane')

  // The envelope page downloads, addressed to the requester.
  await row.getByRole('checkbox').check()
  const envelope = await downloadBy(coordinator, coordinator.getByRole('button', { name: /print envelopes/i }))
  const envelopeText = await pdfText(envelope.bytes)
  // Anonymous, as the Act allows: the envelope names the requester by their role.
  expect(envelopeText).toContain('Public records requester')
  expect(envelopeText).toContain('1200 Orchard Lane')
  expect(envelopeText).toContain('Fresno, CA 93721')

  // Marked mailed today; the list moves it, and the request's timeline says so.
  const letter = `acknowledgment letter of ${receipt.number}`
  await row.getByRole('button', { name: `Mark the ${letter} mailed` }).click()
  const dialog = coordinator.getByRole('dialog', { name: `Mark the ${letter} mailed` })
  await expect(dialog.getByLabel('Day mailed')).toHaveValue(districtToday())
  await dialog.getByRole('button', { name: 'Mark mailed' }).click()
  await expect(dialog.getByText(`was mailed to Public records requester on ${dayInWords(districtToday())}`)).toBeVisible()
  await dialog.getByRole('button', { name: 'Mark mailed' }).click()
  await expect(dialog).toBeHidden()
  await expect(toMail.getByRole('row').filter({ hasText: receipt.number })).toHaveCount(0)
  const mailings = await team.coordinator.call<Array<{ number: string; mailedOn: string | null }>>(
    'GET',
    '/api/records-mailings?state=MAILED',
  )
  expect(mailings.find((mailing) => mailing.number === receipt.number)?.mailedOn).toBe(districtToday())
  await coordinator.goto(`/apps/public-info/requests/${requestId}`)
  const timeline = coordinator.getByRole('region', { name: 'Timeline' })
  await expect(timeline.getByText(new RegExp(`letter (was )?mailed .*on ${dayInWords(districtToday())}`)).first()).toBeVisible({
    timeout: 30_000,
  })

  // The requester follows it from the confirmation's link: the letter is there to download.
  await requester.getByRole('link', { name: 'Open the tracking page' }).click()
  await expect(requester.getByRole('heading', { level: 1, name: new RegExp(receipt.number) })).toBeVisible({ timeout: 20_000 })
  await expect(requester.getByText(`Signed by ${team.signatory.name}`)).toBeVisible()
  const letterFile = await downloadBy(requester, requester.getByRole('button', { name: /^Download Acknowledgment/ }))
  expect(await pdfText(letterFile.bytes)).toContain(receipt.number)
})
