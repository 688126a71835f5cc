import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from './database.js'
import { createTestDatabase, testDialects } from '../../test/test-database.js'
import { createManualClock } from '../lib/clock.js'
import { type JobLeases, createJobLeases } from './job-leases.js'

const LEASE_MS = 60_000

describe.each(testDialects())('job leases (%s)', (dialect) => {
  let db: Db
  let clock = createManualClock(new Date('2026-03-02T08:00:00.000Z'))
  const errors: string[] = []
  const instances: JobLeases[] = []
  // Two instances on one database: each its own owner id, both with the same clock.
  const instance = (owner: string) => {
    const leases = createJobLeases(db, {
      owner,
      leaseMs: LEASE_MS,
      clock,
      onError: (error, what) => errors.push(`${what}: ${String(error)}`),
    })
    instances.push(leases)
    return leases
  }
  // The jobs: a settings row per job, 'running' while it works.
  const startJob = (leases: JobLeases, key: string) =>
    leases.start('test_job', async (trx) => {
      const inserted = await trx
        .insertInto('settings')
        .values({ setting_key: `job:${key}`, setting_value: 'running' })
        .onConflict((c) => c.column('setting_key').doNothing())
        .returning('setting_key')
        .executeTakeFirst()
      return inserted ? { key, value: key } : null
    })
  const jobState = async (key: string) =>
    (await db.kysely.selectFrom('settings').select('setting_value').where('setting_key', '=', `job:${key}`).executeTakeFirst())
      ?.setting_value
  const leaseRows = () => db.kysely.selectFrom('job_leases').select(['kind', 'job_key', 'owner', 'expires_at']).orderBy('job_key').execute()
  const settleByFailing = (leases: JobLeases) =>
    leases.onExpired('test_job', async (trx, key) => {
      await trx
        .updateTable('settings')
        .set({ setting_value: 'failed' })
        .where('setting_key', '=', `job:${key}`)
        .where('setting_value', '=', 'running')
        .execute()
    })

  beforeEach(async () => {
    db = await createTestDatabase(dialect)
    clock = createManualClock(new Date('2026-03-02T08:00:00.000Z'))
    errors.length = 0
  })
  afterEach(async () => {
    instances.splice(0).forEach((leases) => leases.close())
    await db.close()
  })

  it('starts a job and its lease in one transaction, owned by the instance, and releases it', async () => {
    const a = instance('instance-a')
    const started = await startJob(a, '1')
    expect(started?.value).toBe('1')
    expect(await leaseRows()).toEqual([{ kind: 'test_job', job_key: '1', owner: 'instance-a', expires_at: '2026-03-02T08:01:00.000Z' }])
    expect(a.heldCount()).toBe(1)
    // A job that cannot start (already running) takes no lease.
    expect(await startJob(a, '1')).toBeNull()
    await started!.lease.release()
    expect(await leaseRows()).toEqual([])
    expect(a.heldCount()).toBe(0)
    expect(errors).toEqual([])
  })

  it('writes no lease when the job fails to start', async () => {
    const a = instance('instance-a')
    await expect(
      a.start('test_job', async () => {
        throw new Error('the job could not begin')
      }),
    ).rejects.toThrow('could not begin')
    expect(await leaseRows()).toEqual([])
  })

  it('another instance settles a job only once its lease has expired, and exactly once', async () => {
    const a = instance('instance-a')
    const b = instance('instance-b')
    const c = instance('instance-c')
    settleByFailing(b)
    settleByFailing(c)
    const started = await startJob(a, '7')
    clock.advance(LEASE_MS - 1000)
    expect(await b.sweep()).toBe(0)
    expect(await jobState('7')).toBe('running')

    clock.advance(2000)
    const [byB, byC] = await Promise.all([b.sweep(), c.sweep()])
    expect(byB + byC).toBe(1)
    expect(await jobState('7')).toBe('failed')
    expect(await leaseRows()).toEqual([])
    // The owner learns at its next renewal that the job was taken over, and stops.
    expect(started!.lease.lost.aborted).toBe(false)
    await a.renew()
    expect(started!.lease.lost.aborted).toBe(true)
    expect(a.heldCount()).toBe(0)
  })

  it("renewal keeps a working job its owner's however long it runs", async () => {
    const a = instance('instance-a')
    const b = instance('instance-b')
    settleByFailing(b)
    const started = await startJob(a, '9')
    for (let minute = 0; minute < 10; minute += 1) {
      clock.advance(LEASE_MS / 2)
      await a.renew()
      expect(await b.sweep()).toBe(0)
    }
    expect(await jobState('9')).toBe('running')
    expect(started!.lease.lost.aborted).toBe(false)
    expect((await leaseRows())[0]!.expires_at).toBe(new Date(clock.now().getTime() + LEASE_MS).toISOString())
  })

  it('a sweep settles each kind with its own handler and leaves other kinds alone', async () => {
    const a = instance('instance-a')
    const b = instance('instance-b')
    settleByFailing(b)
    await startJob(a, '3')
    const other = await a.start('other_kind', async () => ({ key: 'x', value: null }))
    clock.advance(2 * LEASE_MS)
    expect(await b.sweep()).toBe(1)
    expect(await leaseRows()).toEqual([{ kind: 'other_kind', job_key: 'x', owner: 'instance-a', expires_at: expect.any(String) }])
    await other!.lease.release()
  })

  it('finish releases the lease after the outcome is written; when the write fails, the lease is left to expire and be settled', async () => {
    const a = instance('instance-a')
    const b = instance('instance-b')
    settleByFailing(b)
    const done = await startJob(a, '31')
    expect(await done!.lease.finish(async () => 'written')).toBe('written')
    expect(await leaseRows()).toEqual([])

    const broken = await startJob(a, '32')
    const before = await leaseRows()
    await expect(
      broken!.lease.finish(async () => {
        throw new Error('the database went away')
      }),
    ).rejects.toThrow('went away')
    expect(a.heldCount()).toBe(0)
    clock.advance(LEASE_MS / 2)
    await a.renew()
    expect(await leaseRows()).toEqual(before) // no longer renewed
    clock.advance(LEASE_MS)
    expect(await b.sweep()).toBe(1)
    expect(await jobState('32')).toBe('failed')
  })

  it('a renewal after a release reports no loss', async () => {
    const a = instance('instance-a')
    const started = await startJob(a, '5')
    await started!.lease.release()
    await a.renew()
    expect(started!.lease.lost.aborted).toBe(false)
  })

  it('a job started again after a lease row was left behind takes the row over', async () => {
    const a = instance('instance-a')
    await db.kysely
      .insertInto('job_leases')
      .values({
        kind: 'test_job',
        job_key: '11',
        owner: 'gone',
        acquired_at: clock.now().toISOString(),
        expires_at: clock.now().toISOString(),
      })
      .execute()
    const started = await startJob(a, '11')
    expect(await leaseRows()).toEqual([{ kind: 'test_job', job_key: '11', owner: 'instance-a', expires_at: expect.any(String) }])
    await started!.lease.release()
  })

  it('the periodic sweep and renewal run by themselves', async () => {
    const fast = createJobLeases(db, {
      owner: 'fast',
      leaseMs: 150,
      clock,
      onError: (error, what) => errors.push(`${what}: ${String(error)}`),
    })
    instances.push(fast)
    const settled: number[] = []
    settleByFailing(fast)
    const started = await startJob(fast, '21')
    const before = (await leaseRows())[0]!.expires_at
    clock.advance(60)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await leaseRows())[0]!.expires_at > before).toBe(true) // renewed by its timer
    await started!.lease.release()
    await db.kysely.insertInto('settings').values({ setting_key: 'job:22', setting_value: 'running' }).execute()
    await db.kysely
      .insertInto('job_leases')
      .values({
        kind: 'test_job',
        job_key: '22',
        owner: 'dead',
        acquired_at: clock.now().toISOString(),
        expires_at: clock.now().toISOString(),
      })
      .execute()
    clock.advance(1)
    fast.startSweeping((count) => settled.push(count))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(settled).toEqual([1])
    expect(await jobState('22')).toBe('failed')
    expect(errors).toEqual([])
  })
})
