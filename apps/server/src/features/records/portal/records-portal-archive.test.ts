import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../../test/build-test-app.js'
import { type RecordsPerson, setUpRecords, step } from '../../../../test/records.js'
import { testDialects } from '../../../../test/test-database.js'
import { closeRequest, determine, release, submitted, tracking, upload } from './test-portal.js'

describe.each(testDialects())('records portal: the public archive of closed requests (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpRecords>>
  let coordinator: RecordsPerson
  let signatory: RecordsPerson
  let custodian: RecordsPerson
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpRecords(t)
    coordinator = await setup.person(['COORDINATOR'])
    signatory = await setup.person(['SIGNATORY'])
    custodian = await setup.person(['CUSTODIAN'])
  })
  afterEach(() => t.close())

  const get = (url: string) => t.request({ method: 'GET', url: `/api/public-records/${url}` })
  const summarize = async (id: number, summary: string) => {
    const answer = await t.request({
      method: 'PUT',
      url: `/api/records-requests/${id}/public-summary`,
      token: coordinator.token,
      payload: { summary },
    })
    expect(answer.statusCode, answer.body).toBe(200)
  }
  const setArchive = async (publicArchive: boolean) => {
    const answer = await t.request({
      method: 'PUT',
      url: '/api/records-settings',
      token: setup.admin,
      payload: { afterHoursRule: true, businessHoursStart: '08:00', businessHoursEnd: '17:00', publicArchive },
    })
    expect(answer.statusCode, answer.body).toBe(200)
  }

  it('is off by default, and once on lists only closed requests with a summary, without the requester or their text', async () => {
    const published = await submitted(t, {
      name: 'Ana Requester',
      description: 'REQUESTER-TEXT the bus contract minutes',
      email: 'ana@example.net',
    })
    const custodianTask = { userId: custodian.userId, role: 'CUSTODIAN', reason: 'Minutes', task: 'Find them' }
    await step(t, coordinator.token, published.id, 'assignments', custodianTask)
    const shown = await upload(t, custodian, published.id, 'bus-contract.txt', 'RELEASED bus contract')
    const hidden = await upload(t, custodian, published.id, 'draft-notes.txt', 'UNRELEASED notes')
    await determine(t, signatory, published.id)
    await release(t, custodian.token, published.id, shown)
    await closeRequest(t, { coordinator, signatory }, published.id, 'DISCLOSABLE', true)
    await summarize(published.id, 'Minutes of the board about the school bus contract, 2025.')
    // A closure letter drafted after the closing stays a draft: neither the tracking link nor the archive reaches it.
    const closure = await step(t, coordinator.token, published.id, 'letters', { kind: 'CLOSURE', body: 'CLOSURE-DRAFT not approved' })
    expect(closure.statusCode, closure.body).toBe(201)
    const closureId = closure.json().data.id as number
    const letters = await t.db.kysely
      .selectFrom('records_letters')
      .select(['letter_id', 'state'])
      .where('request_id', '=', published.id)
      .execute()
    expect(letters.find((letter) => letter.letter_id === closureId)?.state).toBe('DRAFT')
    const draftAsked = await tracking(t, `/letters/${closureId}`, published.number, published.token)
    expect(draftAsked.statusCode).toBe(404)
    expect((await tracking(t, '', published.number, published.token)).body).not.toContain('CLOSURE-DRAFT')
    // Closed without a summary; and open with one: neither is published.
    const unsummarized = await submitted(t, { email: 'ben@example.net', description: 'Payroll of June.' })
    await closeRequest(t, { coordinator, signatory }, unsummarized.id)
    const open = await submitted(t, { email: 'cy@example.net', description: 'Cafeteria menus.' })
    await summarize(open.id, 'Cafeteria menus of 2025.')

    const info = await get('info')
    expect(info.json().data).toMatchObject({ archiveEnabled: false, maxDescriptionLength: 20_000 })
    for (const url of ['archive', `archive/${published.number}`, `archive/${published.number}/documents/${shown}`]) {
      const off = await get(url)
      expect(off.statusCode, url).toBe(404)
      expect(off.json(), url).toEqual({ error: 'The district does not publish an archive of requests.', code: 'archive_off' })
    }

    await setArchive(true)
    expect((await get('info')).json().data.archiveEnabled).toBe(true)
    const list = await get('archive')
    expect(list.statusCode).toBe(200)
    expect(list.json()).toEqual({
      data: [
        {
          number: published.number,
          summary: 'Minutes of the board about the school bus contract, 2025.',
          receivedOn: '2026-03-02',
          determinedOn: '2026-03-02',
          closedOn: '2026-03-02',
          outcome: 'DISCLOSABLE',
          outcomeText: 'The district holds records it can disclose.',
          documents: [{ id: shown, fileName: 'bus-contract.txt', pageCount: expect.any(Number), sizeBytes: 21 }],
        },
      ],
      pagination: { total: 1, limit: 25, offset: 0 },
    })
    for (const secret of ['Ana Requester', 'ana@example.net', 'REQUESTER-TEXT', 'draft-notes', 'Cafeteria', 'Payroll']) {
      expect(list.body, secret).not.toContain(secret)
    }
    expect((await get('archive?search=BUS')).json().pagination.total).toBe(1)
    expect((await get(`archive?search=${published.number.toLowerCase()}`)).json().pagination.total).toBe(1)
    expect((await get('archive?search=menus')).json().data).toEqual([])
    expect((await get('archive?search=REQUESTER-TEXT')).json().data).toEqual([])

    const entry = await get(`archive/${published.number}`)
    expect(entry.json().data.number).toBe(published.number)
    expect(entry.body).not.toContain('REQUESTER-TEXT')
    expect((await get(`archive/${open.number}`)).json().code).toBe('archive_entry_not_found')
    expect((await get(`archive/${unsummarized.number}`)).statusCode).toBe(404)
    const file = await get(`archive/${published.number}/documents/${shown}`)
    expect(file.statusCode).toBe(200)
    expect(file.body).toBe('RELEASED bus contract')
    expect(file.headers['content-disposition']).toMatch(/^attachment; /)
    const unreleased = await get(`archive/${published.number}/documents/${hidden}`)
    expect(unreleased.statusCode).toBe(404)
    expect(unreleased.body).not.toContain('UNRELEASED')
    expect((await get('archive/not-a-number')).statusCode).toBe(400)

    await setArchive(false)
    expect((await get('archive')).json().code).toBe('archive_off')
  })

  it('introduces the request page in the district’s words, or the platform’s until it writes its own', async () => {
    const info = (await get('info')).json().data
    expect(info.intro).toContain('Under the California Public Records Act anyone may ask')
    const written = await t.request({
      method: 'PUT',
      url: '/api/records-settings',
      token: setup.admin,
      payload: { afterHoursRule: true, businessHoursStart: '08:00', businessHoursEnd: '17:00', portalIntro: 'Ask us for any record.' },
    })
    expect(written.statusCode, written.body).toBe(200)
    expect((await get('info')).json().data.intro).toBe('Ask us for any record.')
  })
})
