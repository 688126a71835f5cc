import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../../test/build-test-app.js'
import { type RecordsPerson, issueLetter, setUpRecords } from '../../../../test/records.js'
import { type SmtpPeer, startSmtpPeer } from '../../../../test/smtp-peer.js'
import { testDialects } from '../../../../test/test-database.js'
import { submitted, tracking } from './test-portal.js'

async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
  const parts: string[] = []
  for (let number = 1; number <= document.numPages; number += 1)
    parts.push((await (await document.getPage(number)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '))
  return parts.join('\n')
}

/** The Act lets people ask without a name: such a request still gets its letters, addressed to its requester. */
describe.each(testDialects())('records portal: a request without a name (%s)', (dialect) => {
  let smtp: SmtpPeer
  let t: TestApp
  let coordinator: RecordsPerson
  let signatory: RecordsPerson
  beforeAll(async () => {
    smtp = await startSmtpPeer()
  })
  afterAll(() => smtp.close())
  beforeEach(async () => {
    smtp.inbox.splice(0)
    t = await buildTestApp({ dialect, smtp })
    const setup = await setUpRecords(t)
    coordinator = await setup.person(['COORDINATOR'])
    signatory = await setup.person(['SIGNATORY'])
  })
  afterEach(() => t.close())

  it('issues its letter, e-mails the PDF as issued, and the tracking page downloads the same file', async () => {
    const receipt = await submitted(t, { name: null, email: 'nobody-named@example.net' })
    const letterId = await issueLetter(t, coordinator.token, signatory.token, receipt.id, 'ACKNOWLEDGMENT')

    await t.mailQueue.processDue()
    await smtp.waitForMail('nobody-named@example.net')
    const letters = smtp.inbox.flatMap((mail) => mail.attachments.filter((file) => file.contentType === 'application/pdf'))
    expect(letters).toHaveLength(1)
    const attachment = letters[0]!
    const downloaded = await tracking(t, `/letters/${letterId}`, receipt.number, receipt.token)
    expect(downloaded.statusCode).toBe(200)
    expect(attachment.bytes.equals(downloaded.rawPayload)).toBe(true)
    expect(await pdfText(attachment.bytes)).toContain(`The requester of ${receipt.number}`)
  })
})
