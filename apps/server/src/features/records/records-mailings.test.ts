import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type RecordsPerson, intake, issueLetter, setUpRecords } from '../../../test/records.js'
import { testDialects } from '../../../test/test-database.js'
import { envelopesPdf } from './records-envelopes-pdf.js'

/** Each page's text and size, in points. */
async function pdfPages(buffer: Buffer) {
  const document = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise
  const pages: Array<{ text: string; width: number; height: number }> = []
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number)
    const content = await page.getTextContent()
    const [, , width, height] = page.view
    pages.push({
      text: content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
      width: width!,
      height: height!,
    })
  }
  return pages
}

const OAK = '12 Oak Street\nSpringfield, CA 95000'
const ELM = '7 Elm Road, Apt 3\nShelbyville, CA 95100'

describe.each(testDialects())('the To mail list: letters for requesters without e-mail (%s)', (dialect) => {
  let t: TestApp
  let coordinator: RecordsPerson
  let signatory: RecordsPerson
  let viewer: RecordsPerson
  let noDuty: RecordsPerson
  let oak: { id: number; number: string }
  let elm: { id: number; number: string }
  beforeEach(async () => {
    t = await buildTestApp({ dialect, env: { DISTRICT_NAME: 'Springfield Unified School District' } })
    const setup = await setUpRecords(t)
    coordinator = await setup.person(['COORDINATOR'])
    signatory = await setup.person(['SIGNATORY'])
    viewer = await setup.person(['VIEWER'])
    noDuty = await setup.person([])
    oak = await intake(t, coordinator.token, { requesterName: 'Olive Oak', requesterContact: OAK })
    elm = await intake(t, coordinator.token, { requesterName: 'Eli Elm', requesterContact: ELM })
    // A requester with an address is e-mailed, never listed.
    const emailed = await intake(t, coordinator.token)
    await issueLetter(t, coordinator.token, signatory.token, emailed.id, 'ACKNOWLEDGMENT')
  })
  afterEach(() => t.close())

  const list = (token: string, state?: string) =>
    t.request({ method: 'GET', url: `/api/records-mailings${state ? `?state=${state}` : ''}`, token })
  const envelopes = (token: string, ids: string) => t.request({ method: 'GET', url: `/api/records-mailings/envelopes?ids=${ids}`, token })
  const mailed = (token: string, id: number, mailedOn: string) =>
    t.request({ method: 'POST', url: `/api/records-mailings/${id}/mailed`, token, payload: { mailedOn } })

  it('lists issued letters to mail, prints one envelope a page, and records the day each was mailed, once', async () => {
    const oakLetter = await issueLetter(t, coordinator.token, signatory.token, oak.id, 'ACKNOWLEDGMENT')
    const elmLetter = await issueLetter(t, coordinator.token, signatory.token, elm.id, 'ACKNOWLEDGMENT')

    const toMail = await list(coordinator.token)
    expect(toMail.statusCode).toBe(200)
    expect(toMail.json().data).toEqual([
      {
        id: expect.any(Number),
        requestId: oak.id,
        number: oak.number,
        letterId: oakLetter,
        letterKind: 'ACKNOWLEDGMENT',
        issuedAt: '2026-03-02T08:00:00.000Z',
        recipientName: 'Olive Oak',
        postalAddress: OAK,
        mailedOn: null,
        mailedByName: null,
      },
      expect.objectContaining({ requestId: elm.id, letterId: elmLetter, postalAddress: ELM, recipientName: 'Eli Elm' }),
    ])
    const [oakMailing, elmMailing] = toMail.json().data as Array<{ id: number }>
    // Viewers see the list as they see requests; a holder of the application without a duty sees none.
    expect((await list(viewer.token)).json().data).toHaveLength(2)
    expect((await list(noDuty.token)).json()).toEqual({ data: [] })

    const printed = await envelopes(coordinator.token, `${elmMailing!.id},${oakMailing!.id}`)
    expect(printed.statusCode).toBe(200)
    expect(printed.headers['content-type']).toBe('application/pdf')
    const pages = await pdfPages(printed.rawPayload)
    expect(pages).toHaveLength(2)
    for (const page of pages) {
      expect([Math.round(page.width), Math.round(page.height)]).toEqual([684, 297]) // a No. 10 envelope
      expect(page.text).toContain('Springfield Unified School District Public Records Office')
    }
    expect(pages[0]!.text).toContain('Eli Elm 7 Elm Road, Apt 3 Shelbyville, CA 95100')
    expect(pages[1]!.text).toContain('Olive Oak 12 Oak Street Springfield, CA 95000')

    const unknown = await envelopes(coordinator.token, `${oakMailing!.id},99999`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error).toBe('There is no letter to mail with number 99999.')
    const garbled = await envelopes(coordinator.token, 'one,two')
    expect(garbled.statusCode).toBe(400)
    expect(garbled.json().error).toContain('Choose the letters to print envelopes for (ids, such as 1,2,3)')

    const future = await mailed(coordinator.token, oakMailing!.id, '2026-03-03')
    expect(future.statusCode).toBe(422)
    expect(future.json().error).toBe('Tue Mar 3, 2026 has not come yet: enter the day the letter was mailed.')
    const early = await mailed(coordinator.token, oakMailing!.id, '2026-03-01')
    expect(early.statusCode).toBe(422)
    expect(early.json().error).toBe(
      `The acknowledgment letter of ${oak.number} was issued on Mon Mar 2, 2026: it cannot have been mailed on Sun Mar 1, 2026.`,
    )
    const notADay = await mailed(coordinator.token, oakMailing!.id, 'yesterday')
    expect(notADay.statusCode).toBe(400)

    const done = await mailed(coordinator.token, oakMailing!.id, '2026-03-02')
    expect(done.statusCode).toBe(200)
    expect(done.json().data).toMatchObject({ id: oakMailing!.id, mailedOn: '2026-03-02', mailedByName: expect.any(String) })
    const twice = await mailed(coordinator.token, oakMailing!.id, '2026-03-02')
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error).toBe(`The acknowledgment letter of ${oak.number} was already marked mailed on Mon Mar 2, 2026.`)

    expect((await list(coordinator.token, 'TO_MAIL')).json().data.map((row: { id: number }) => row.id)).toEqual([elmMailing!.id])
    expect((await list(coordinator.token, 'MAILED')).json().data).toEqual([
      expect.objectContaining({ id: oakMailing!.id, mailedOn: '2026-03-02' }),
    ])
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['details', 'actor_user_id'])
      .where('action', '=', 'records.letter_mailed')
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]!.actor_user_id).toBe(coordinator.userId)
    expect(JSON.parse(String(audit[0]!.details))).toMatchObject({ number: oak.number, letterId: oakLetter, mailedOn: '2026-03-02' })
  })

  it('refuses in words someone without the mailing duty, and a list state it does not know', async () => {
    await issueLetter(t, coordinator.token, signatory.token, oak.id, 'ACKNOWLEDGMENT')
    const [mailing] = (await list(coordinator.token)).json().data as Array<{ id: number }>
    for (const person of [signatory, viewer, noDuty]) {
      const printed = await envelopes(person.token, String(mailing!.id))
      expect(printed.statusCode).toBe(403)
      expect(printed.json().error).toMatch(/mail letters/)
      const marked = await mailed(person.token, mailing!.id, '2026-03-02')
      expect(marked.statusCode).toBe(403)
      expect(marked.json().error).toMatch(/mail letters/)
    }
    expect((await list(coordinator.token)).json().data).toEqual([expect.objectContaining({ mailedOn: null })])
    const odd = await list(coordinator.token, 'LOST')
    expect(odd.statusCode).toBe(400)
    expect(odd.json().error).not.toMatch(/LOST|enum/i)
    const missing = await mailed(coordinator.token, 99999, '2026-03-02')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error).toBe('There is no letter to mail with number 99999.')
  })
})

describe('the envelope page', () => {
  it('names an anonymous requester as a public records requester', async () => {
    const pages = await pdfPages(await envelopesPdf('Springfield Unified School District', [{ name: ' ', postalAddress: OAK }]))
    expect(pages).toHaveLength(1)
    expect(pages[0]!.text).toContain('Public records requester 12 Oak Street Springfield, CA 95000')
  })

  it('keeps a long address on its own envelope', async () => {
    const long = Array.from({ length: 30 }, (_, line) => `Line ${line + 1} of a very long address`).join('\n')
    const pages = await pdfPages(
      await envelopesPdf('District', [
        { name: 'A', postalAddress: long },
        { name: 'B', postalAddress: ELM },
      ]),
    )
    expect(pages).toHaveLength(2)
    expect(pages[1]!.text).toContain('B 7 Elm Road')
  })
})
