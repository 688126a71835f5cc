import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test/build-test-app.js'
import { type RecordsPerson, intake, issueLetter, setUpRecords, step } from '../../../test/records.js'
import { testDialects } from '../../../test/test-database.js'
import { type TwoInstances, raceTries, startTwoInstances } from '../../../test/two-instances.js'

/**
 * On two instances sharing one database: a request closes only when complete, even when a letter is
 * drafted at the moment it closes. Whatever the timing, exactly one of the two is taken, the other is told in words
 * (409), nothing answers 500, and no closed request is left with a letter not issued.
 */
describe.each(testDialects())('records requests: a close and a letter at the same moment, on two instances (%s)', (dialect) => {
  let two: TwoInstances
  let coordinator: RecordsPerson
  let signatory: RecordsPerson
  let counsel: RecordsPerson
  beforeAll(async () => {
    two = await startTwoInstances({ dialect })
    // The test helpers drive one platform: here instance a, with the people both instances share.
    const t = {
      request: two.a.request,
      signIn: two.signIn,
      createUser: two.createUser,
      db: two.a.db,
      clock: two.clock,
    } as unknown as TestApp
    const setup = await setUpRecords(t)
    coordinator = await setup.person(['COORDINATOR'])
    signatory = await setup.person(['SIGNATORY'])
    counsel = await setup.person(['COUNSEL'])
    // Two connections of one process on one SQLite file: a connection waiting for the other's write lock sleeps on the
    // thread the other needs to finish, so it waits briefly and its transaction is tried again (step-transaction.ts).
    if (dialect === 'sqlite') for (const instance of [two.a, two.b]) await sql`pragma busy_timeout = 20`.execute(instance.db.kysely)
  }, 120_000)
  afterAll(() => two?.close())

  const on = (instance: 'a' | 'b') => ({ request: two[instance].request }) as unknown as TestApp

  /** A request with nothing missing: determined (no records), its determination letter issued. */
  async function closable() {
    const { id } = await intake(on('a'), coordinator.token)
    const determined = await step(on('a'), signatory.token, id, 'determine', { outcome: 'NO_RECORDS' })
    if (determined.statusCode !== 200) throw new Error(`determine answered ${determined.statusCode}: ${determined.body}`)
    await issueLetter(on('a'), coordinator.token, signatory.token, id, 'DETERMINATION')
    return id
  }

  const stateOf = async (id: number) =>
    (await two.a.db.kysely.selectFrom('records_requests').select('state').where('request_id', '=', id).executeTakeFirstOrThrow()).state
  const unissued = (id: number) =>
    two.a.db.kysely
      .selectFrom('records_letters')
      .select(['letter_id', 'kind'])
      .where('request_id', '=', id)
      .where('state', '=', 'DRAFT')
      .where('kind', '!=', 'CLOSURE')
      .execute()
  const audited = async (id: number) =>
    (
      await two.a.db.kysely
        .selectFrom('audit_log')
        .select('action')
        .where('target_type', '=', 'public_info:request')
        .where('target_id', '=', String(id))
        .where('action', 'in', ['records.closed', 'records.letter_drafted'])
        .orderBy('audit_id')
        .execute()
    ).map((row) => row.action)

  it('a close and a letter drafted at once: one of them, never a closed request with a letter not issued, never a 500', async () => {
    const won = { close: 0, draft: 0 }
    for (let attempt = 0; attempt < raceTries(dialect); attempt += 1) {
      const id = await closable()
      const closing = () => step(on('a'), coordinator.token, id, 'close', { note: 'Done' })
      const drafting = () => step(on('b'), counsel.token, id, 'letters', { kind: 'ACKNOWLEDGMENT' })
      // Sent in turn one before the other: SQLite's one thread otherwise lets the first sent win every time.
      const [close, draft] =
        attempt % 2 === 0
          ? await Promise.all([closing(), drafting()])
          : await Promise.all([drafting(), closing()]).then(([d, c]) => [c, d] as const)
      const pair = `${close.statusCode}/${draft.statusCode}`
      expect(['200/409', '409/201'], `${pair}: ${close.body} ${draft.body}`).toContain(pair)
      if (close.statusCode === 200) {
        won.close += 1
        expect(draft.json()).toEqual({
          code: 'request_closed',
          error: expect.stringMatching(/^PRR-\d{4}-\d{4} (is closed|was closed while you drafted the letter): only its closure letter/),
        })
        expect(await stateOf(id)).toBe('CLOSED')
        expect(await unissued(id)).toEqual([])
        // The determination letter was drafted before the race; the refused acknowledgment left no row.
        expect(await audited(id)).toEqual(['records.letter_drafted', 'records.closed'])
      } else {
        won.draft += 1
        expect(close.json()).toEqual({
          code: 'not_closable',
          error: expect.stringMatching(
            /^(A letter was drafted while you closed the request: )?PRR-\d{4}-\d{4} cannot close yet: 1 letter is not issued: Acknowledgment\.$/,
          ),
        })
        expect(await stateOf(id)).toBe('DETERMINED')
        expect((await unissued(id)).map((letter) => letter.kind)).toEqual(['ACKNOWLEDGMENT'])
        expect(await audited(id)).toEqual(['records.letter_drafted', 'records.letter_drafted'])
      }
    }
    expect(won.close + won.draft).toBe(raceTries(dialect))
  }, 600_000)

  it('after a close, only the closure letter is drafted, and the refusal says why', async () => {
    const id = await closable()
    expect((await step(on('a'), coordinator.token, id, 'close')).statusCode).toBe(200)
    const refused = await step(on('b'), counsel.token, id, 'letters', { kind: 'EXTENSION' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      code: 'request_closed',
      error: expect.stringMatching(
        /^PRR-\d{4}-\d{4} is closed: only its closure letter is drafted now\. Reopen it to draft an extension letter\.$/,
      ),
    })
    expect((await step(on('b'), counsel.token, id, 'letters', { kind: 'CLOSURE' })).statusCode).toBe(201)
    expect(await unissued(id)).toEqual([])
  })
})
