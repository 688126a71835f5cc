import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test/build-test-app.js'
import { addSite, site } from '../../../test/finance.js'
import { type ReceiptsPerson, receiptBody, setUpReceipts } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'
import { type TwoInstances, raceTries, startTwoInstances } from '../../../test/two-instances.js'

/**
 * The site code's control on two instances sharing one database: a site's code cannot change once a number was issued with it,
 * even when the change and the site's first receipt are sent at the same moment. Either the receipt comes first and
 * the change is refused in words (409), or the change comes first and the receipt carries the new code; never a
 * receipt numbered with a code the site no longer has, and never a 500.
 */
describe.each(testDialects())('sites: a code change and the first receipt at the same moment, on two instances (%s)', (dialect) => {
  let two: TwoInstances
  let admin: string
  let collector: ReceiptsPerson
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
    const setup = await setUpReceipts(t)
    admin = setup.admin
    // A collector at every site, so each try's new site has one.
    collector = await setup.person(['COLLECTOR'], [null])
    // Two connections of one process on one SQLite file: a connection waiting for the other's write lock sleeps on the
    // thread the other needs to finish, so it waits briefly and its transaction is tried again (step-transaction.ts).
    if (dialect === 'sqlite') for (const instance of [two.a, two.b]) await sql`pragma busy_timeout = 20`.execute(instance.db.kysely)
  }, 120_000)
  afterAll(() => two?.close())

  const on = (instance: 'a' | 'b') => ({ request: two[instance].request }) as unknown as TestApp
  const receiptsAt = async (siteId: number) =>
    (await two.a.db.kysely.selectFrom('receipts').select('number').where('site_id', '=', siteId).execute()).map((row) => row.number)
  const codeOf = async (siteId: number) =>
    (await two.a.db.kysely.selectFrom('finance_sites').select('code').where('site_id', '=', siteId).executeTakeFirstOrThrow()).code
  const edits = async (siteId: number) =>
    (
      await two.a.db.kysely
        .selectFrom('audit_log')
        .select('audit_id')
        .where('action', '=', 'finance.site_updated')
        .where('target_id', '=', String(siteId))
        .execute()
    ).length

  it('the change is refused whenever a number was issued first, and a receipt after it carries the new code; never a 500', async () => {
    const won = { receiptFirst: 0, changeFirst: 0 }
    for (let attempt = 0; attempt < raceTries(dialect); attempt += 1) {
      const [oldCode, newCode] = [`RA${attempt}`, `RB${attempt}`]
      const siteId = await addSite(on('a'), admin, { code: oldCode, name: `Race School ${attempt}` })
      // Every other try the site's counter exists already, so issuing moves it on rather than creating it: both ways
      // must meet the change's lock.
      if (attempt % 2 === 1)
        await two.a.db.kysely.insertInto('receipt_counters').values({ site_id: siteId, fiscal_year: '2025-26', last_sequence: 0 }).execute()
      const changing = () =>
        two.a.request({
          method: 'PUT',
          url: `/api/finance/sites/${siteId}`,
          token: admin,
          payload: site({ code: newCode, name: `Race School ${attempt}` }),
        })
      const issuing = () => two.b.request({ method: 'POST', url: '/api/receipts', token: collector.token, payload: receiptBody(siteId) })
      // Sent in turn one before the other, the second a few milliseconds later (issuing checks more before its
      // transaction than the change does, so sent together the change would win nearly every time).
      const later = <T>(send: () => Promise<T>) => new Promise((resolve) => setTimeout(resolve, attempt % 5)).then(send)
      const [change, receipt] =
        attempt % 4 < 2
          ? await Promise.all([changing(), issuing()])
          : await Promise.all([issuing(), later(changing)]).then(([issued, changed]) => [changed, issued] as const)
      expect(receipt.statusCode, receipt.body).toBe(201)
      const number = receipt.json().data.number as string
      expect(await receiptsAt(siteId)).toEqual([number])
      if (change.statusCode === 409) {
        won.receiptFirst += 1
        expect(change.json()).toEqual({
          code: 'site_code_in_use',
          error: `The code of Race School ${attempt} stays ${oldCode}: receipt ${number} was numbered with it, and issued numbers keep their code. To use ${newCode}, add a new site.`,
        })
        expect(number).toBe(`${oldCode}-2025-26-000001`)
        expect(await codeOf(siteId)).toBe(oldCode)
        expect(await edits(siteId)).toBe(0)
      } else {
        expect(change.statusCode, change.body).toBe(200)
        won.changeFirst += 1
        // The change committed before the receipt read the code: the receipt carries the code the site has.
        expect(number).toBe(`${newCode}-2025-26-000001`)
        expect(receipt.json().data.siteCode).toBe(newCode)
        expect(await codeOf(siteId)).toBe(newCode)
        expect(await edits(siteId)).toBe(1)
      }
    }
    expect(won.receiptFirst + won.changeFirst).toBe(raceTries(dialect))
  }, 600_000)
})
