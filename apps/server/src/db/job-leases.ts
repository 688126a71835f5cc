import type { Transaction } from 'kysely'
import type { Db } from './database.js'
import type { Database } from './schema.js'
import type { Clock } from '../lib/clock.js'

/** A job this instance is doing, and its claim on it. */
export interface Lease {
  readonly kind: string
  readonly key: string
  /** Aborted when the lease was lost (it expired and another instance settled the job): the work should stop. */
  readonly lost: AbortSignal
  /** Ends the claim once the job's outcome is written. Never throws: a lease left behind only expires. */
  release(): Promise<void>
  /** Stops renewing without ending the claim: the lease expires and a sweep settles the job. */
  abandon(): void
  /**
   * Runs the rest of the job (at least the write of its outcome), then releases the lease; when that fails (the
   * database went away), abandons it instead, so the job is settled by a sweep rather than left in progress forever.
   */
  finish<T>(work: () => Promise<T>): Promise<T>
}

/** Settles one job whose owner stopped renewing, in the transaction that removes its lease. */
export type SettleExpired = (trx: Transaction<Database>, key: string, now: string) => Promise<void>

export interface JobLeaseOptions {
  /** This process's instance id. */
  owner: string
  leaseMs: number
  clock: Clock
  onError: (error: unknown, what: string) => void
}

const SWEEP_BATCH = 100

/**
 * Ownership of background work across instances. A job starts in the same transaction as its lease row (so no job is
 * ever in progress without an owner); the owner renews its leases every third of the lease time while it works, and
 * releases each once the outcome is written. Any instance's sweep settles jobs whose lease has expired (the owner
 * died, hung or lost the database), each kind in its own way; a live owner's work is never touched.
 */
export function createJobLeases(db: Db, options: JobLeaseOptions) {
  const { owner, leaseMs, clock, onError } = options
  const k = db.kysely
  const held = new Map<string, { kind: string; key: string; lost: AbortController }>()
  const settlers = new Map<string, SettleExpired>()
  let renewTimer: NodeJS.Timeout | null = null
  let sweepTimer: NodeJS.Timeout | null = null
  let renewing = false
  let sweeping: Promise<number> | null = null

  const idOf = (kind: string, key: string) => `${kind}\u0000${key}`
  const expiry = () => new Date(clock.now().getTime() + leaseMs).toISOString()

  async function renewAll(): Promise<void> {
    if (renewing) return
    renewing = true
    try {
      for (const [id, entry] of [...held]) {
        try {
          const result = await k
            .updateTable('job_leases')
            .set({ expires_at: expiry() })
            .where('kind', '=', entry.kind)
            .where('job_key', '=', entry.key)
            .where('owner', '=', owner)
            .executeTakeFirst()
          if (Number(result.numUpdatedRows) === 0 && held.delete(id)) {
            entry.lost.abort(new Error('Another instance took this job over after its lease expired.'))
          }
        } catch (error) {
          // The database may be back before the lease ends; the next round tries again.
          onError(error, `renewing the lease of ${entry.kind} ${entry.key}`)
        }
      }
    } finally {
      renewing = false
      if (held.size === 0 && renewTimer) {
        clearInterval(renewTimer)
        renewTimer = null
      }
    }
  }

  function hold(kind: string, key: string): Lease {
    const entry = { kind, key, lost: new AbortController() }
    held.set(idOf(kind, key), entry)
    if (!renewTimer) {
      renewTimer = setInterval(() => void renewAll(), Math.max(50, Math.floor(leaseMs / 3)))
      renewTimer.unref()
    }
    const lease: Lease = {
      kind,
      key,
      lost: entry.lost.signal,
      async release() {
        if (held.get(idOf(kind, key)) !== entry) return
        held.delete(idOf(kind, key))
        try {
          await k.deleteFrom('job_leases').where('kind', '=', kind).where('job_key', '=', key).where('owner', '=', owner).execute()
        } catch (error) {
          onError(error, `releasing the lease of ${kind} ${key}`)
        }
      },
      abandon() {
        if (held.get(idOf(kind, key)) === entry) held.delete(idOf(kind, key))
      },
      async finish<T>(work: () => Promise<T>): Promise<T> {
        let result: T
        try {
          result = await work()
        } catch (error) {
          lease.abandon()
          throw error
        }
        await lease.release()
        return result
      },
    }
    return lease
  }

  async function sweepKind(kind: string, settle: SettleExpired): Promise<number> {
    const now = clock.now().toISOString()
    const expired = await k
      .selectFrom('job_leases')
      .select('job_key')
      .where('kind', '=', kind)
      .where('expires_at', '<', now)
      .orderBy('expires_at')
      .limit(SWEEP_BATCH)
      .execute()
    let settled = 0
    for (const { job_key: key } of expired) {
      try {
        // Removing the lease only if it is still expired decides the race with a late renewal and with other sweeps.
        const done = await k.transaction().execute(async (trx) => {
          const removed = await trx
            .deleteFrom('job_leases')
            .where('kind', '=', kind)
            .where('job_key', '=', key)
            .where('expires_at', '<', now)
            .executeTakeFirst()
          if (Number(removed.numDeletedRows) !== 1) return false
          await settle(trx, key, now)
          return true
        })
        if (done) settled += 1
      } catch (error) {
        onError(error, `settling the expired ${kind} ${key}`)
      }
    }
    return settled
  }

  async function sweep(): Promise<number> {
    let settled = 0
    for (const [kind, settle] of settlers) settled += await sweepKind(kind, settle)
    return settled
  }

  return {
    owner,

    /**
     * Starts a job: `begin` moves it into its in-progress state inside a transaction (returning its key, or null when
     * the job cannot start), and the lease row is written in the same transaction.
     */
    async start<T>(
      kind: string,
      begin: (trx: Transaction<Database>) => Promise<{ key: string | number; value: T } | null>,
    ): Promise<{ lease: Lease; value: T } | null> {
      const acquiredAt = clock.now().toISOString()
      const begun = await k.transaction().execute(async (trx) => {
        const started = await begin(trx)
        if (!started) return null
        const row = { kind, job_key: String(started.key), owner, acquired_at: acquiredAt, expires_at: expiry() }
        // A row left by a release that failed belongs to a job that `begin` has just shown is not in progress.
        await trx
          .insertInto('job_leases')
          .values(row)
          .onConflict((conflict) =>
            conflict
              .columns(['kind', 'job_key'])
              .doUpdateSet({ owner: row.owner, acquired_at: row.acquired_at, expires_at: row.expires_at }),
          )
          .execute()
        return started
      })
      if (!begun) return null
      return { lease: hold(kind, String(begun.key)), value: begun.value }
    },

    /** How jobs of a kind are settled when their lease expires (one handler per kind). */
    onExpired(kind: string, settle: SettleExpired): void {
      settlers.set(kind, settle)
    },

    /** Settles every job whose lease has expired; returns how many. One sweep at a time per process. */
    sweep(): Promise<number> {
      sweeping ??= sweep().finally(() => {
        sweeping = null
      })
      return sweeping
    },

    /** Renews every lease held now (the timer does this; tests call it to be exact). */
    renew: () => renewAll(),

    /** Sweeps every half lease from now on, so a dead instance's work is settled soon after its leases end. */
    startSweeping(onSettled: (count: number) => void): void {
      if (sweepTimer) return
      sweepTimer = setInterval(
        () => {
          void this.sweep().then(
            (count) => count > 0 && onSettled(count),
            (error: unknown) => onError(error, 'sweeping expired job leases'),
          )
        },
        Math.max(50, Math.floor(leaseMs / 2)),
      )
      sweepTimer.unref()
    },

    /** Stops renewing and sweeping (leases still held simply expire). */
    close(): void {
      if (renewTimer) clearInterval(renewTimer)
      if (sweepTimer) clearInterval(sweepTimer)
      renewTimer = null
      sweepTimer = null
    },

    /** How many leases this process holds now. */
    heldCount: () => held.size,
  }
}
export type JobLeases = ReturnType<typeof createJobLeases>
