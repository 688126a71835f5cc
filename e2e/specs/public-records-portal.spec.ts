import type { Page } from '@playwright/test'
import { addDays, dayInWords, rollToBusinessDay } from '@platform/contracts/records-clock'
import { NEW_LINK_SENT, type PortalReceiptSchema } from '@platform/contracts/records-portal'
import type { z } from 'zod'
import {
  checkPublicPage,
  districtToday,
  downloadBy,
  openAsPublic,
  PORTAL_PLATFORM,
  personId,
  recordsTeam,
  requestIdOf,
  tabTo,
  trackingAnswer,
  trackingLinkIn,
  uploadDocument,
} from '../support/portal.js'
import { pagedPdf, pdfText } from '../support/records.js'
import { uniqueEmail } from '../support/platform.js'
import { expect, test, usePlatform } from '../support/test.js'

// An empty district: the requester files on the public page, the staff answer, sign, upload and release.
usePlatform(PORTAL_PLATFORM)

type Receipt = z.infer<typeof PortalReceiptSchema>

/** Opens a tracking link and waits until the request's page shows its number. */
async function openTracking(page: Page, link: string, number: string): Promise<void> {
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible({ timeout: 20_000 })
}

test('a requester without an account files, is acknowledged by e-mail, follows the request, writes, and receives the letter and the records', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(240_000)
  const team = await recordsTeam(page, platform, newBrowserContext, {
    admin: 'Abel Administrator',
    coordinator: 'Corinne Coordinator',
    custodian: 'Custer Custodian',
    signatory: 'Signe Signatory',
  })
  const requester = await openAsPublic(newBrowserContext)
  const email = uniqueEmail('rowan')
  const description = 'The Lincoln Elementary roof contract of 2025.'

  // The request page, used with the keyboard only.
  await requester.goto('/public-records')
  await expect(requester.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 })
  await checkPublicPage(requester, 'the request page')
  const form = requester.getByRole('form').or(requester.locator('form')).first()
  await tabTo(requester, form.getByRole('textbox', { name: 'The records you are asking for' }))
  await requester.keyboard.type(description)
  await tabTo(requester, form.getByRole('radio', { name: 'Electronic copies (download or e-mail)' }))
  await requester.keyboard.press('Space')
  await expect(form.getByRole('radio', { name: 'Electronic copies (download or e-mail)' })).toBeChecked()
  await tabTo(requester, form.getByRole('textbox', { name: /name/i }).first())
  await requester.keyboard.type('Rowan Resident')
  await tabTo(requester, form.getByRole('textbox', { name: /e-mail/i }))
  await requester.keyboard.type(email)
  // The postal address, then the button: the field meant for programs ("Leave this empty") is never in the way.
  await requester.keyboard.press('Tab')
  await expect(form.getByRole('textbox', { name: 'Postal address' })).toBeFocused()
  await requester.keyboard.press('Tab')
  await expect(form.getByRole('button', { name: 'Send request' })).toBeFocused()
  const answered = requester.waitForResponse((response) => response.url().endsWith('/api/public-records/requests'))
  await requester.keyboard.press('Enter')
  const response = await answered
  expect(response.status(), await response.text()).toBe(201)
  const receipt = ((await response.json()) as { data: Receipt }).data
  const { number } = receipt

  // The confirmation: the number, the day the clock started, the due date in words; the link went by e-mail.
  await expect(requester.getByText(number).first()).toBeVisible()
  await expect(requester.getByText(receipt.dueInWords).first()).toBeVisible()
  expect(receipt.receivedOn).toBe(districtToday())
  expect(receipt.dueOn).toBe(rollToBusinessDay(addDays(receipt.countedFrom, 10), []))
  expect(receipt.dueInWords).toBe(dayInWords(receipt.dueOn))
  expect(receipt.emailed).toBe(true)
  await checkPublicPage(requester, 'the confirmation')

  // The acknowledgment reaches the real mail server: number, start of the clock, due date in words, the private link.
  const seen = platform.smtp.inbox.length
  await platform.processMail()
  const acknowledgment = await platform.mailAfter(email, seen)
  expect(acknowledgment.text).toContain(number)
  expect(acknowledgment.text).toContain(dayInWords(receipt.countedFrom))
  expect(acknowledgment.text).toContain(receipt.dueInWords)
  const link = trackingLinkIn(acknowledgment.text, platform.url)
  expect(link.number).toBe(number)
  expect(link.link).toBe(receipt.trackingUrl)

  // The tracking page: status and due date.
  await openTracking(requester, link.link, number)
  const first = (await trackingAnswer(requester.request, link)).view!
  await expect(requester.getByText(first.stateText).first()).toBeVisible()
  await expect(requester.getByText(receipt.dueInWords).first()).toBeVisible()
  await expect(requester.getByText(description)).toBeVisible()
  await checkPublicPage(requester, 'the tracking page')

  // The requester writes; the message shows on the page.
  const question = 'Could the contract come as one PDF rather than scanned pages?'
  await requester.getByRole('textbox', { name: /message/i }).fill(question)
  await requester.getByRole('button', { name: /send/i }).click()
  await expect(requester.getByText(question)).toBeVisible()

  // The coordinator answers from the request; the answer is e-mailed and shows on the tracking page.
  const requestId = await requestIdOf(team.coordinator, number)
  const answer = 'Yes: the contract will be one PDF with its attachments.'
  let mark = platform.smtp.inbox.length
  await team.coordinator.call('POST', `/api/records-requests/${requestId}/messages`, { message: answer })
  await platform.processMail()
  const answerMail = await platform.mailAfter(email, mark)
  expect(answerMail.text).toContain(number)
  expect(answerMail.text).toContain(answer)
  expect(answerMail.text).not.toContain(team.coordinator.name)
  await requester.reload()
  await expect(requester.getByText(answer)).toBeVisible({ timeout: 20_000 })
  await expect(requester.getByText(team.coordinator.name)).toHaveCount(0)

  // The signatory determines; the coordinator drafts the determination letter; the signatory signs it on screen.
  await team.signatory.call('POST', `/api/records-requests/${requestId}/determine`, {
    outcome: 'DISCLOSABLE',
    estimatedProductionOn: addDays(districtToday(), 10),
  })
  await team.coordinator.call('POST', `/api/records-requests/${requestId}/letters`, { kind: 'DETERMINATION' }, 201)
  const signatory = team.signatory.page
  await signatory.goto(`/apps/public-info/requests/${requestId}`)
  await expect(signatory.getByRole('heading', { level: 2, name: number })).toBeVisible({ timeout: 30_000 })
  const letter = signatory.getByRole('group', { name: 'Determination letter' })
  await letter.getByRole('button', { name: 'Sign and issue' }).click()
  const issue = signatory.getByRole('dialog', { name: 'Sign and issue the determination letter' })
  await issue.getByRole('textbox', { name: 'Your title' }).fill('Superintendent')
  await issue.getByRole('button', { name: 'Sign and issue' }).click()
  await issue.getByRole('button', { name: 'Sign and issue' }).click()
  await expect(issue).toBeHidden()
  await expect(letter.getByText('Issued', { exact: true })).toBeVisible()

  // The letter e-mail carries the PDF; the request page says it was e-mailed.
  mark = platform.smtp.inbox.length
  await platform.processMail()
  const letterMail = await platform.mailAfter(email, mark)
  expect(letterMail.subject).toContain(number)
  expect(letterMail.text).not.toContain(link.token)
  expect(letterMail.attachments).toHaveLength(1)
  const attached = letterMail.attachments[0]!
  expect(attached.contentType).toBe('application/pdf')
  expect(attached.filename).toContain(number)
  expect(attached.bytes.subarray(0, 5).toString()).toBe('%PDF-')
  expect(await pdfText(attached.bytes)).toContain(number)
  await signatory.reload()
  await expect(signatory.getByRole('group', { name: 'Determination letter' })).toContainText('E-mailed', { timeout: 30_000 })

  // The tracking page lists the letter and downloads it: the PDF the e-mail carried, naming the request.
  await requester.reload()
  await expect(requester.getByText(team.signatory.name).first()).toBeVisible({ timeout: 20_000 })
  const letterFile = await downloadBy(requester, requester.getByRole('button', { name: /determination/i }))
  // The same file the e-mail carried.
  expect(letterFile.bytes.equals(attached.bytes)).toBe(true)

  // The custodian, assigned, uploads the contract and releases it; the requester downloads the same bytes.
  await team.coordinator.call('POST', `/api/records-requests/${requestId}/assignments`, {
    userId: await personId(team.coordinator, team.custodian.name),
    role: 'CUSTODIAN',
    reason: 'Keeps the facilities contracts',
    task: 'The Lincoln roof contract and its approval',
  })
  const contract = await pagedPdf(2, 'Lincoln Elementary roof contract')
  const documentId = await uploadDocument(team.custodian, requestId, 'lincoln-roof-contract.pdf', contract)
  await team.custodian.call('POST', `/api/records-requests/${requestId}/documents/${documentId}/release`, { released: true })
  await requester.reload()
  const documentFile = await downloadBy(requester, requester.getByRole('button', { name: /lincoln-roof-contract\.pdf/ }))
  expect(documentFile.bytes.equals(contract)).toBe(true)

  // A new link asked on the new-link page: the e-mail brings it, the old one stops, the new one works.
  await requester.goto('/public-records/new-link')
  await expect(requester.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 })
  await checkPublicPage(requester, 'the new-link page')
  await requester.getByRole('textbox', { name: /e-mail/i }).fill(email)
  await requester.getByRole('textbox', { name: /number/i }).fill(number.toLowerCase())
  mark = platform.smtp.inbox.length
  await requester.getByRole('button', { name: /send|new link/i }).click()
  await expect(requester.getByText(NEW_LINK_SENT)).toBeVisible()
  await platform.processMail()
  const newLinkMail = await platform.mailAfter(email, mark)
  const renewed = trackingLinkIn(newLinkMail.text, platform.url)
  expect(renewed.token).not.toBe(link.token)
  await requester.goto(link.link)
  await expect(requester.getByText(/does not work/).first()).toBeVisible({ timeout: 20_000 })
  expect((await trackingAnswer(requester.request, link)).status).toBe(404)
  // The new link pasted in the same tab: only the address's fragment changes, and the page must follow it.
  await requester.goto(renewed.link)
  await expect(requester.getByText(answer)).toBeVisible({ timeout: 20_000 })
  await expect(requester.getByRole('button', { name: /lincoln-roof-contract\.pdf/ })).toBeVisible()
})
