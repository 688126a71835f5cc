import type { Insertable, Kysely } from 'kysely'
import type { Db } from '../../db/database.js'
import type { Database, LoginChallengesTable } from '../../db/schema.js'

export type ChallengeKind = 'signin' | 'invite'

/** E-mailed sign-in links and invitations. Secrets are stored only as HMACs. */
export function createChallengesRepository(db: Db) {
  const outstanding = (now: string, executor: Kysely<Database> = db.kysely) =>
    executor.selectFrom('login_challenges').where('consumed_at', 'is', null).where('revoked_at', 'is', null).where('expires_at', '>', now)

  return {
    /** `executor`: a transaction, when the link must exist if and only if what it belongs to does. */
    insert: (row: Insertable<LoginChallengesTable>, executor: Kysely<Database> = db.kysely) =>
      executor.insertInto('login_challenges').values(row).returning('challenge_id').executeTakeFirstOrThrow(),

    findByTokenHash: (tokenHash: string) =>
      db.kysely
        .selectFrom('login_challenges')
        .select(['challenge_id', 'kind', 'email', 'user_id', 'expires_at', 'consumed_at', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst(),

    /** The newest outstanding sign-in link of an address: the one whose code is accepted. */
    latestOutstandingSignIn: (email: string, now: string) =>
      outstanding(now)
        .select(['challenge_id', 'user_id', 'code_hash', 'code_attempts'])
        .where('email', '=', email)
        .where('kind', '=', 'signin')
        .orderBy('challenge_id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    outstandingIds: (email: string, kind: ChallengeKind, now: string, executor: Kysely<Database> = db.kysely) =>
      outstanding(now, executor)
        .select('challenge_id')
        .where('email', '=', email)
        .where('kind', '=', kind)
        .orderBy('challenge_id', 'asc')
        .execute(),

    /** Spends a challenge exactly once: the conditional update succeeds for one caller only. */
    async consume(challengeId: number, now: string): Promise<boolean> {
      const result = await db.kysely
        .updateTable('login_challenges')
        .set({ consumed_at: now })
        .where('challenge_id', '=', challengeId)
        .where('consumed_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /**
     * Takes one of a link's code attempts before the code is compared: one conditional UPDATE, so however many guesses
     * arrive at once, on however many instances, at most `limit` are ever evaluated. False when none is left.
     */
    async takeCodeAttempt(challengeId: number, limit: number): Promise<boolean> {
      const result = await db.kysely
        .updateTable('login_challenges')
        .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
        .where('challenge_id', '=', challengeId)
        .where('code_attempts', '<', limit)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    revoke: (challengeIds: number[], now: string, executor: Kysely<Database> = db.kysely) =>
      challengeIds.length === 0
        ? Promise.resolve()
        : executor
            .updateTable('login_challenges')
            .set({ revoked_at: now })
            .where('challenge_id', 'in', challengeIds)
            .execute()
            .then(() => undefined),

    /** Voids every outstanding link of a user, e.g. after a successful sign-in. */
    revokeAllForUser: (userId: number, now: string) =>
      db.kysely
        .updateTable('login_challenges')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('consumed_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute(),

    /** A link whose e-mail could not be sent must not stay usable. */
    delete: (challengeId: number) => db.kysely.deleteFrom('login_challenges').where('challenge_id', '=', challengeId).execute(),
  }
}
export type ChallengesRepository = ReturnType<typeof createChallengesRepository>
