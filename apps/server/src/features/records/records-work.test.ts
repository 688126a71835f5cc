import PDFDocument from 'pdfkit'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { accrualBody, draft, setUpAccruals } from '../../../test/accruals.js'
import { type RecordsPerson, addExemption, intake, setUpRecords, step } from '../../../test/records.js'
import { testDialects } from '../../../test/test-database.js'

function pdfOf(pages: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER' })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  for (let page = 1; page <= pages; page += 1) {
    if (page > 1) doc.addPage()
    doc.text(`Record page ${page}`)
  }
  doc.end()
  return done
}

async function pdfText(buffer: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise
  const parts: string[] = []
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent()
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return parts.join('\n').replace(/\s+/g, ' ')
}

describe.each(testDialects())('records requests: documents, exemptions, fees, letters, links (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpRecords>>
  let coordinator: RecordsPerson
  let signatory: RecordsPerson
  let counsel: RecordsPerson
  let custodian: RecordsPerson
  let requestId: number
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpRecords(t)
    coordinator = await setup.person(['COORDINATOR'])
    signatory = await setup.person(['SIGNATORY'])
    counsel = await setup.person(['COUNSEL'])
    custodian = await setup.person(['CUSTODIAN'])
    requestId = (await intake(t, coordinator.token)).id
  })
  afterEach(() => t.close())

  const upload = async (token: string, bytes: Buffer, fileName = 'report.pdf') =>
    t.request({
      method: 'POST',
      url: `/api/records-requests/${requestId}/documents?fileName=${encodeURIComponent(fileName)}`,
      token,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    })

  it('takes records from an assigned custodian or counsel, counts PDF pages, and checks exemption page ranges against them', async () => {
    const pdf = await pdfOf(3)
    expect((await upload(custodian.token, pdf)).statusCode).toBe(403)
    await step(t, coordinator.token, requestId, 'assignments', {
      userId: custodian.userId,
      role: 'CUSTODIAN',
      reason: 'Keeps the files',
      task: 'Find the report',
    })
    const uploaded = await upload(custodian.token, pdf)
    expect(uploaded.statusCode).toBe(201)
    const document = uploaded.json().data.documents[0]
    expect(document).toMatchObject({ fileName: 'report.pdf', type: 'PDF', pageCount: 3, exemptions: [] })
    // The file itself downloads through the foundation's attachments, for whoever may see the request.
    const viewer = await setup.person(['VIEWER'])
    const download = await t.request({
      method: 'GET',
      url: `/api/finance/attachments/${document.attachmentId}/download`,
      token: viewer.token,
    })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(pdf)).toBe(true)
    const stranger = await t.createUser()
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/finance/attachments/${document.attachmentId}/download`,
          token: await t.signIn(stranger.email),
        })
      ).statusCode,
    ).toBe(404)

    const exemption = await addExemption(t, counsel.token)
    const mark = (token: string, body: Record<string, unknown>) => step(t, token, requestId, `documents/${document.id}/exemptions`, body)
    const outside = await mark(custodian.token, { fromPage: 2, toPage: 4, exemptionId: exemption })
    expect(outside.statusCode).toBe(400)
    expect(outside.json()).toMatchObject({
      code: 'pages_outside_document',
      error: 'Pages 2–4 are outside the document, which has 3 pages.',
    })
    expect((await mark(custodian.token, { fromPage: 3, toPage: 2, exemptionId: exemption })).json().error).toContain(
      'The first page must not be after the last (fromPage).',
    )
    expect((await mark(custodian.token, { fromPage: 0, toPage: 2, exemptionId: exemption })).statusCode).toBe(400)
    expect((await mark(custodian.token, { fromPage: 1, toPage: 2, exemptionId: 9999 })).json().code).toBe('unknown_exemption')
    expect((await mark(coordinator.token, { fromPage: 2, toPage: 3, exemptionId: exemption })).statusCode).toBe(403)
    expect(await t.db.kysely.selectFrom('records_document_exemptions').selectAll().execute()).toEqual([])
    const marked = await mark(custodian.token, { fromPage: 2, toPage: 3, exemptionId: exemption, note: 'Employee names' })
    expect(marked.json().data.documents[0].exemptions).toMatchObject([
      { fromPage: 2, toPage: 3, citation: 'Gov. Code §7927.700', note: 'Employee names' },
    ])
    // Counsel marks on any request; a non-PDF record counts as one page.
    const text = await upload(counsel.token, Buffer.from('name,amount\nAcme,10\n'), 'warrants.csv')
    const csv = text.json().data.documents[1]
    expect(csv.pageCount).toBe(1)
    expect(
      (await step(t, counsel.token, requestId, `documents/${csv.id}/exemptions`, { fromPage: 1, toPage: 2, exemptionId: exemption })).json()
        .code,
    ).toBe('pages_outside_document')
    // A damaged PDF is refused before anything is stored.
    const broken = await upload(counsel.token, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('not really a pdf')]), 'broken.pdf')
    expect(broken.statusCode).toBe(400)
    expect(broken.json().code).toBe('unreadable_pdf')
    expect(await t.db.kysely.selectFrom('finance_attachments').select('file_name').orderBy('attachment_id').execute()).toEqual([
      { file_name: 'report.pdf' },
      { file_name: 'warrants.csv' },
    ])
  })

  it('keeps the exemption library by COUNSEL only; retired exemptions cannot be cited', async () => {
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/records-exemptions',
          token: coordinator.token,
          payload: { citation: 'X', title: 'Y' },
        })
      ).statusCode,
    ).toBe(403)
    const id = await addExemption(t, counsel.token)
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/records-exemptions',
          token: counsel.token,
          payload: { citation: 'Gov. Code §7927.700', title: 'Again' },
        })
      ).statusCode,
    ).toBe(409)
    const retired = await t.request({
      method: 'PATCH',
      url: `/api/records-exemptions/${id}`,
      token: counsel.token,
      payload: { active: false },
    })
    expect(retired.json().data).toMatchObject({ active: false, citation: 'Gov. Code §7927.700' })
    const listed = await t.request({ method: 'GET', url: '/api/records-exemptions', token: coordinator.token })
    expect(listed.json().data).toMatchObject([{ id, active: false, timesUsed: 0 }])
    const denied = await step(t, signatory.token, requestId, 'determine', {
      outcome: 'DENIED',
      responsible: [{ name: 'A', title: 'B' }],
      exemptionIds: [id],
    })
    expect(denied.statusCode).toBe(422)
    expect(denied.json().code).toBe('exemption_retired')
    await t.request({ method: 'PATCH', url: `/api/records-exemptions/${id}`, token: counsel.token, payload: { active: true } })
    expect(
      (
        await step(t, signatory.token, requestId, 'determine', {
          outcome: 'DENIED',
          responsible: [{ name: 'A', title: 'B' }],
          exemptionIds: [id],
        })
      ).statusCode,
    ).toBe(200)
  })

  it('calculates fees from duplication and §7922.575(b) electronic work only, refusing staff time', async () => {
    const fee = (body: Record<string, unknown>) => step(t, coordinator.token, requestId, 'fees', body)
    for (const kind of ['SEARCH', 'REVIEW', 'REDACTION']) {
      const refused = await fee({ kind, description: 'Staff time', quantity: 2, unitCents: 5000 })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error).toContain('Staff time to search for, review or redact records is never charged')
    }
    expect((await fee({ kind: 'ELECTRONIC_WORK', description: 'Report', quantity: 2, unitCents: 6000 })).json().error).toContain(
      '§7922.575(b)',
    )
    expect((await fee({ kind: 'DUPLICATION', description: 'Copies', quantity: 10, unitCents: 10.5 })).statusCode).toBe(400)
    expect(
      (await step(t, signatory.token, requestId, 'fees', { kind: 'DUPLICATION', description: 'Copies', quantity: 10, unitCents: 10 }))
        .statusCode,
    ).toBe(403)
    expect(await t.db.kysely.selectFrom('records_fees').selectAll().execute()).toEqual([])
    await fee({ kind: 'DUPLICATION', description: '240 pages', quantity: 240, unitCents: 10 })
    const page = (
      await fee({
        kind: 'ELECTRONIC_WORK',
        electronicBasis: 'PROGRAMMING',
        description: 'Query of the payment system',
        quantity: 3,
        unitCents: 4500,
      })
    ).json().data
    expect(page.fees.map((row: { amountCents: number; state: string }) => [row.amountCents, row.state])).toEqual([
      [2400, 'PENDING'],
      [13500, 'PENDING'],
    ])
    expect(page.feeTotalCents).toBe(15900)
    const waived = (await step(t, coordinator.token, requestId, `fees/${page.fees[1].id}/waive`)).json().data
    expect(waived.feeTotalCents).toBe(2400)
    expect((await step(t, coordinator.token, requestId, `fees/${page.fees[1].id}/paid`)).statusCode).toBe(409)
  })

  it('issues letters as PDF signed by a SIGNATORY who did not draft alone, refusing one that lacks a required part', async () => {
    const exemption = await addExemption(t, counsel.token)
    expect((await step(t, signatory.token, requestId, 'letters', { kind: 'DENIAL' })).statusCode).toBe(403)
    const denial = (
      await step(t, counsel.token, requestId, 'letters', { kind: 'DENIAL', body: 'Please contact us with any question.' })
    ).json().data
    expect(denial.missing).toEqual([
      'a denial (the determination withholds nothing)',
      'each exemption relied on for the records withheld',
      'each person responsible for the denial, by name and title',
    ])
    const incomplete = await step(t, signatory.token, requestId, `letters/${denial.id}/issue`, { signatoryTitle: 'Superintendent' })
    expect(incomplete.statusCode).toBe(422)
    expect(incomplete.json()).toMatchObject({ code: 'letter_incomplete' })
    expect(incomplete.json().error).toContain('each person responsible for the denial, by name and title')
    await step(t, signatory.token, requestId, 'determine', {
      outcome: 'DENIED',
      responsible: [{ name: 'Cass Counsel', title: 'General Counsel' }],
      exemptionIds: [exemption],
    })
    const issued = await step(t, signatory.token, requestId, `letters/${denial.id}/issue`, { signatoryTitle: 'Superintendent' })
    expect(issued.statusCode).toBe(200)
    expect(issued.json().data).toMatchObject({ state: 'ISSUED', signedByTitle: 'Superintendent', missing: [] })
    const pdf = await t.request({
      method: 'GET',
      url: `/api/records-requests/${requestId}/letters/${denial.id}/pdf`,
      token: coordinator.token,
    })
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const text = await pdfText(pdf.rawPayload)
    expect(text).toContain('Denial of records under the California Public Records Act (PRR-2026-0001)')
    expect(text).toContain('Dana Reporter')
    expect(text).toContain('Gov. Code §7927.700 (Personnel files)')
    expect(text).toContain('Cass Counsel, General Counsel')
    expect(text).toContain('Please contact us with any question.')
    expect(text).not.toContain('DRAFT')
    // Issued letters are kept as sent.
    expect((await step(t, counsel.token, requestId, `letters/${denial.id}/revise`, { body: 'Changed' })).statusCode).toBe(409)
    expect((await step(t, signatory.token, requestId, `letters/${denial.id}/issue`, { signatoryTitle: 'Superintendent' })).statusCode).toBe(
      409,
    )
  })

  it('refuses whoever drafted or edited a letter as its signer (separation of duties) unless a super administrator recorded an exception', async () => {
    const both = await setup.person(['COUNSEL', 'SIGNATORY'])
    const ack = (await step(t, both.token, requestId, 'letters', { kind: 'ACKNOWLEDGMENT' })).json().data
    const draft = await t.request({ method: 'GET', url: `/api/records-requests/${requestId}/letters/${ack.id}/pdf`, token: both.token })
    const draftText = await pdfText(draft.rawPayload)
    expect(draftText).toContain('DRAFT: not issued')
    expect(draftText).toContain('will tell you by Wed 11 Mar 2026')
    const reason = 'You drafted the acknowledgment letter of PRR-2026-0001, so another person with the Signatory duty must sign it.'
    const page = async (token: string) => (await t.request({ method: 'GET', url: `/api/records-requests/${requestId}`, token })).json().data
    // The page says why signing is not offered, in the server's words; another signatory is offered it.
    expect((await page(both.token)).letters[0].stepReasons).toEqual({ issue: reason })
    expect((await page(both.token)).actions.issueLetter).toBe(false)
    expect((await page(signatory.token)).letters[0].stepReasons).toEqual({})
    const refused = await step(t, both.token, requestId, `letters/${ack.id}/issue`, { signatoryTitle: 'Deputy Superintendent' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'separation_of_duties' })
    expect(refused.json().error).toContain(reason)
    // Another drafter's revision does not lift it: everyone who took part counts, not only the last or the first.
    await step(t, counsel.token, requestId, `letters/${ack.id}/revise`, { body: 'We will write again soon.' })
    expect((await step(t, both.token, requestId, `letters/${ack.id}/issue`, { signatoryTitle: 'Deputy' })).statusCode).toBe(422)
    // A signatory who edited a letter someone else drafted may not sign it either.
    const other = (await step(t, counsel.token, requestId, 'letters', { kind: 'ACKNOWLEDGMENT' })).json().data
    await step(t, both.token, requestId, `letters/${other.id}/revise`, { body: 'Edited by the deputy.' })
    const edited = await step(t, both.token, requestId, `letters/${other.id}/issue`, { signatoryTitle: 'Deputy' })
    expect(edited.json().error).toContain('You edited the acknowledgment letter of PRR-2026-0001')
    const signed = await step(t, signatory.token, requestId, `letters/${ack.id}/issue`, { signatoryTitle: 'Superintendent' })
    expect(signed.statusCode).toBe(200)
    expect(signed.json().data.drafterIds.sort()).toEqual([both.userId, counsel.userId].sort())
    const parts = await t.db.kysely
      .selectFrom('finance_participants')
      .select(['user_id', 'part'])
      .where('app_code', '=', 'PUBLIC_INFO')
      .where('record_type', '=', 'letter')
      .where('record_id', '=', String(ack.id))
      .orderBy('part')
      .execute()
    expect(parts).toEqual([
      { user_id: both.userId, part: 'drafted' },
      { user_id: counsel.userId, part: 'edited' },
      { user_id: signatory.userId, part: 'signed' },
    ])

    const extension = (await step(t, both.token, requestId, 'letters', { kind: 'EXTENSION' })).json().data
    expect(extension.missing).toEqual(['the extension (its reason and the date the determination will come): none was made'])
    await step(t, signatory.token, requestId, 'extend', { reason: 'CONSULTATION', days: 7 })
    expect((await step(t, both.token, requestId, `letters/${extension.id}/issue`, { signatoryTitle: 'Deputy' })).json().code).toBe(
      'separation_of_duties',
    )
    const superAdmin = await t.createUser({ roleCode: 'SUPER_ADMIN' })
    const exception = await t.request({
      method: 'POST',
      url: '/api/finance/exceptions',
      token: await t.signIn(superAdmin.email),
      payload: {
        appId: setup.appId,
        recordId: 'PRR-2026-0001',
        step: 'sign',
        userId: both.userId,
        reason: 'Small office: the only signatory drafted it',
      },
    })
    expect(exception.statusCode).toBe(201)
    const allowed = await step(t, both.token, requestId, `letters/${extension.id}/issue`, { signatoryTitle: 'Deputy Superintendent' })
    expect(allowed.statusCode).toBe(200)
    const text = await pdfText(
      (await t.request({ method: 'GET', url: `/api/records-requests/${requestId}/letters/${extension.id}/pdf`, token: both.token }))
        .rawPayload,
    )
    expect(text).toContain('consultation with another agency')
    expect(text).toContain('by Wed 18 Mar 2026')
    const timeline = (await t.request({ method: 'GET', url: `/api/records-requests/${requestId}`, token: both.token }))
      .json()
      .data.timeline.map((entry: { action: string }) => entry.action)
    expect(timeline).toContain('finance.separation_refused')
    expect(timeline).toContain('finance.separation_exception_used')
  })

  it('logs time and notes, suggests fiscal searches from the text, and links receipts the person may see', async () => {
    expect(
      (await step(t, coordinator.token, requestId, 'time', { minutes: 30, activity: 'Search', workedOn: '2026-03-03' })).json().code,
    ).toBe('worked_in_future')
    const logged = await step(t, coordinator.token, requestId, 'time', {
      minutes: 45,
      activity: 'Search of AP files',
      workedOn: '2026-03-02',
    })
    expect(logged.json().data).toMatchObject({ timeTotalMinutes: 45, timeLog: [{ minutes: 45, activity: 'Search of AP files' }] })
    const matches = (
      await t.request({ method: 'GET', url: `/api/records-requests/${requestId}/fiscal-matches`, token: coordinator.token })
    ).json().data
    expect(matches.suggestions.map((row: { topic: string }) => row.topic)).toEqual(['warrants'])
    expect(matches.sources).toEqual(['RECEIPT', 'ACCRUAL'])
    const link = await step(t, coordinator.token, requestId, 'links', { kind: 'RECEIPT', recordId: 1 })
    expect(link.statusCode).toBe(404)
  })

  it('links an accrual for a coordinator who may see it in Accruals, and finds none for one who may not', async () => {
    const accruals = await setUpAccruals(t)
    const requester = await accruals.person(['REQUESTER'])
    const accrual = await draft(t, requester.token, accrualBody(accruals.cycleId, accruals.siteId, { vendor: 'Valley Charter Bus' }))
    // The records coordinator holds no Accruals duty: the accrual is neither found nor linkable.
    const unseen = (
      await t.request({ method: 'GET', url: `/api/records-requests/${requestId}/fiscal-matches?search=charter`, token: coordinator.token })
    ).json().data
    expect(unseen.matches).toEqual([])
    const refused = await step(t, coordinator.token, requestId, 'links', { kind: 'ACCRUAL', recordId: accrual.id })
    expect(refused.statusCode).toBe(404)
    expect(refused.json().code).toBe('fiscal_record_not_found')

    // A coordinator who is also an Accruals viewer at the site finds it by its vendor and links it.
    const both = await t.createUser({ applications: ['PUBLIC_INFO', 'ACCRUALS'] })
    for (const [app, duty, site] of [
      [setup.appId, 'COORDINATOR', null],
      [accruals.appId, 'VIEWER', accruals.siteId],
    ] as const) {
      await t.db.kysely
        .insertInto('finance_duties')
        .values({ user_id: both.userId, app_id: app, duty, site_id: site, granted_at: '2026-01-01T00:00:00.000Z', granted_by: null })
        .execute()
    }
    const token = await t.signIn(both.email)
    const found = (
      await t.request({ method: 'GET', url: `/api/records-requests/${requestId}/fiscal-matches?search=charter`, token })
    ).json().data
    expect(found.matches).toEqual([
      expect.objectContaining({ kind: 'ACCRUAL', recordId: accrual.id, label: `Accrual ${accrual.id}, Valley Charter Bus` }),
    ])
    const linked = await step(t, token, requestId, 'links', { kind: 'ACCRUAL', recordId: accrual.id })
    expect(linked.statusCode).toBe(200)
    expect(linked.json().data.links).toEqual([
      expect.objectContaining({ kind: 'ACCRUAL', recordId: accrual.id, href: `/apps/accruals/requests/${accrual.id}` }),
    ])
  })
})
