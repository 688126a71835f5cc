import type { UserListParams } from '@platform/contracts/users'
import { type Insertable, type SelectQueryBuilder, type Updateable, sql } from 'kysely'
import { type SearchablePerson, prefixUpperBound, searchTermRows, searchWords } from '../../lib/search-words.js'
import type { Db, Executor } from '../../db/database.js'
import type { Database, UsersTable } from '../../db/schema.js'

/** The columns that describe a person to the rest of the platform: user, organisation and role joined. */
function userWithOrgAndRole(executor: Executor) {
  return executor
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.org_id', 'users.organization_id')
    .innerJoin('roles', 'roles.role_id', 'users.role_id')
    .select([
      'users.user_id',
      'users.email',
      'users.full_name',
      'users.is_active',
      'users.email_verified',
      'users.last_login',
      'users.organization_id',
      'users.role_id',
      'users.created_at',
      'organizations.org_name',
      'organizations.org_code',
      'roles.role_name',
      'roles.role_code',
      'roles.role_level',
    ])
}
export type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof userWithOrgAndRole>['executeTakeFirst']>>>

/** What a row of the user list shows: the person, their organisation and their role. */
const LIST_COLUMNS = [
  'users.user_id',
  'users.email',
  'users.full_name',
  'users.organization_id',
  'users.role_id',
  'users.is_active',
  'users.email_verified',
  'users.last_login',
  'users.created_at',
  'organizations.org_name',
  'organizations.org_code',
  'roles.role_name',
  'roles.role_code',
] as const

const MAX_SEARCH_WORDS = 5

/** Keeps a person's search words in step with their name and address (their filters follow changes by trigger). */
async function indexSearchTerms(executor: Executor, person: SearchablePerson): Promise<void> {
  await executor.deleteFrom('user_search_terms').where('user_id', '=', person.user_id).execute()
  const rows = searchTermRows(person)
  if (rows.length > 0) await executor.insertInto('user_search_terms').values(rows).execute()
}

/** What a person's search words are made of and carry. */
const SEARCHABLE = ['user_id', 'full_name', 'email', 'role_id', 'organization_id', 'is_active'] as const

type ListFilters = Pick<UserListParams, 'search' | 'roleId' | 'orgId' | 'status'>

type Condition = ['role_id' | 'organization_id' | 'is_active', number]

const listWords = (filters: ListFilters) => searchWords(filters.search ?? '').slice(0, MAX_SEARCH_WORDS)

/** The filters of a list other than its words, as column conditions (on `users` and on each search word alike). */
function conditionsOf(filters: ListFilters): Condition[] {
  const conditions: Condition[] = []
  if (filters.roleId) conditions.push(['role_id', filters.roleId])
  if (filters.orgId) conditions.push(['organization_id', filters.orgId])
  if (filters.status === 'active') conditions.push(['is_active', 1])
  if (filters.status === 'inactive') conditions.push(['is_active', 0])
  return conditions
}

/** A page's people in the list's order, ending in the person's id so that pages neither overlap nor leave gaps. */
function inListOrder<O>(query: SelectQueryBuilder<Database, 'users' | 'organizations' | 'roles', O>, sort: UserListParams['sort']) {
  return byListSort(query, sort).orderBy('users.user_id')
}

function byListSort<O>(query: SelectQueryBuilder<Database, 'users' | 'organizations' | 'roles', O>, sort: UserListParams['sort']) {
  switch (sort) {
    case 'email':
      return query.orderBy('users.email')
    case 'last_login': // those who never signed in last
      return query.orderBy(sql`users.last_login is null`).orderBy('users.last_login', 'desc')
    case 'created':
      return query.orderBy('users.created_at', 'desc')
    case 'name':
      return query.orderBy('users.full_name')
  }
}

/** What the list shows of a person's latest invitation (null when none was sent). */
const INVITATION_COLUMNS = [
  'invitation.created_at as invitation_sent_at',
  'invitation.expires_at as invitation_expires_at',
  'invitation.consumed_at as invitation_consumed_at',
  'invitation.revoked_at as invitation_revoked_at',
] as const
const NO_INVITATION = {
  invitation_sent_at: null,
  invitation_expires_at: null,
  invitation_consumed_at: null,
  invitation_revoked_at: null,
}
type InvitationColumns = Record<keyof typeof NO_INVITATION, string | null>

export function createUsersRepository(db: Db) {
  const k = db.kysely

  /** The people one typed word finds (a word of their name or address starts with it) who pass the other filters. */
  function peopleFound(word: string, conditions: Condition[]) {
    let terms = k
      .selectFrom('user_search_terms as words')
      .select('words.user_id')
      .where('words.term', '>=', word)
      .where('words.term', '<', prefixUpperBound(word))
    for (const [column, value] of conditions) terms = terms.where(`words.${column}`, '=', value)
    return terms
  }

  /**
   * The people matching the filters, from `users` alone: a count without words needs no join (every person has an organisation
   * and a role, by foreign key), and without one SQLite counts along an index instead of looking up two rows per person.
   */
  function filtered(filters: ListFilters) {
    const conditions = conditionsOf(filters)
    let query = k.selectFrom('users')
    // Every word typed must begin some word of the person's name or address: an index range scan per word, and the
    // index holds the role, organisation and status beside each word, so only the people who match are looked up.
    for (const word of listWords(filters)) query = query.where('users.user_id', 'in', peopleFound(word, conditions))
    for (const [column, value] of conditions) query = query.where(`users.${column}`, '=', value)
    return query
  }

  /** The people every typed word finds, from the words' index alone (it holds every filter); null when none is typed. */
  function wordsFound(filters: ListFilters) {
    const [first, ...others] = listWords(filters)
    if (first === undefined) return null
    const conditions = conditionsOf(filters)
    return others.reduce((query, word) => query.where('words.user_id', 'in', peopleFound(word, conditions)), peopleFound(first, conditions))
  }

  /**
   * How many people match, as a statement of its own or a column of the page's. With words typed, the words' index
   * alone answers (it holds every filter; a person's words go when the person does): on PostgreSQL 0.6 ms for "garcia"
   * among 20,000 people, against 4.5 ms joining each one.
   */
  function countOf(filters: ListFilters) {
    const found = wordsFound(filters)
    return found
      ? found.clearSelect().select((eb) => eb.fn.count<number>('words.user_id').distinct().as('n'))
      : filtered(filters).select((eb) => eb.fn.countAll<number>().as('n'))
  }

  /** People with their organisation and role. */
  function withOrgAndRole(people: SelectQueryBuilder<Database, 'users', object>) {
    return people
      .innerJoin('organizations', 'organizations.org_id', 'users.organization_id')
      .innerJoin('roles', 'roles.role_id', 'users.role_id')
      .select(LIST_COLUMNS)
  }

  /** The latest invitation of each of these people: read for a page's people once they are chosen. */
  async function latestInvitations(userIds: number[]) {
    const latest = new Map<number, InvitationColumns>()
    if (userIds.length === 0) return latest
    const sent = await k
      .selectFrom('login_challenges as invitation')
      .select(['invitation.user_id', ...INVITATION_COLUMNS])
      .where('invitation.kind', '=', 'invite')
      .where('invitation.user_id', 'in', userIds)
      .orderBy('invitation.challenge_id')
      .execute()
    for (const { user_id, ...invitation } of sent) if (user_id !== null) latest.set(user_id, invitation)
    return latest
  }

  /**
   * A page of a searched list in name order: its people are chosen from the words' index, which holds the name after
   * the filters (migration 0031), and only the page's people are looked up; sorting every match by name looked up all
   * (417 for "garcia" among 20,000: on PostgreSQL half the call's time). Ordered by the chosen rows' columns, so that
   * SQLite reads those first (ordered by `users` columns, it read every person along the name index: 8 ms, not 0.2).
   */
  function searchedPageByName(found: NonNullable<ReturnType<typeof wordsFound>>, query: UserListParams) {
    const chosen = found
      .clearSelect()
      .select(['words.full_name', 'words.user_id'])
      .distinct()
      .orderBy('words.full_name')
      .orderBy('words.user_id')
      .limit(query.limit)
      .offset(query.offset)
      .as('chosen')
    return withOrgAndRole(k.selectFrom('users'))
      .innerJoin(chosen, 'chosen.user_id', 'users.user_id')
      .orderBy('chosen.full_name')
      .orderBy('chosen.user_id')
  }

  /** A page in the list's chosen order, found without the search words' name order (unsearched, or sorted otherwise). */
  function pageInListOrder(query: UserListParams) {
    return inListOrder(withOrgAndRole(filtered(query)), query.sort)
      .limit(query.limit)
      .offset(query.offset)
  }

  return {
    findByEmail: (email: string, executor: Executor = k) =>
      userWithOrgAndRole(executor).where('users.email', '=', email).executeTakeFirst(),
    findById: (userId: number, executor: Executor = k) =>
      userWithOrgAndRole(executor).where('users.user_id', '=', userId).executeTakeFirst(),
    findByIds: (userIds: number[]) =>
      userIds.length === 0 ? Promise.resolve([]) : userWithOrgAndRole(k).where('users.user_id', 'in', userIds).execute(),
    findByEmails: (emails: string[]) =>
      emails.length === 0 ? Promise.resolve([]) : userWithOrgAndRole(k).where('users.email', 'in', emails).execute(),

    /** One person as the list shows them (undefined when there is no such person). */
    async findListed(userId: number) {
      const person = await withOrgAndRole(k.selectFrom('users')).where('users.user_id', '=', userId).executeTakeFirst()
      return person && { ...person, ...((await latestInvitations([userId])).get(userId) ?? NO_INVITATION) }
    },

    /**
     * One page of users matching the filters with how many match in all (a column of the page), then the page's
     * people's latest invitations; a count of its own only for a page past the end, which has no row to carry it.
     */
    async list(query: UserListParams) {
      const found = wordsFound(query)
      const people = found && query.sort === 'name' ? searchedPageByName(found, query) : pageInListOrder(query)
      const page = await people.select(countOf(query).as('total')).execute()
      const invitations = await latestInvitations(page.map((person) => person.user_id))
      const rows = page.map(({ total: _total, ...person }) => ({ ...person, ...(invitations.get(person.user_id) ?? NO_INVITATION) }))
      if (page[0]) return { rows, total: Number(page[0].total) }
      const counted = query.offset === 0 ? 0 : (await countOf(query).executeTakeFirstOrThrow()).n
      return { rows, total: Number(counted) }
    },

    async insert(row: Insertable<UsersTable>, executor: Executor = k) {
      const inserted = await executor.insertInto('users').values(row).returning(SEARCHABLE).executeTakeFirstOrThrow()
      await indexSearchTerms(executor, inserted)
      return { user_id: inserted.user_id }
    },
    /** Like insert, but a person already there under this address is left as is (undefined): instances seeding together. */
    async insertUnlessExists(row: Insertable<UsersTable>, executor: Executor = k) {
      const inserted = await executor
        .insertInto('users')
        .values(row)
        .onConflict((c) => c.column('email').doNothing())
        .returning(SEARCHABLE)
        .executeTakeFirst()
      if (!inserted) return undefined
      await indexSearchTerms(executor, inserted)
      return { user_id: inserted.user_id }
    },
    async update(userId: number, changes: Updateable<UsersTable>, executor: Executor = k) {
      await executor.updateTable('users').set(changes).where('user_id', '=', userId).execute()
      if (changes.full_name !== undefined) {
        const person = await executor.selectFrom('users').select(SEARCHABLE).where('user_id', '=', userId).executeTakeFirstOrThrow()
        await indexSearchTerms(executor, person)
      }
    },

    /**
     * After a bulk import: fresh planner statistics for the tables it filled. Without them PostgreSQL (until autovacuum
     * gets to them) believes a role holds a handful of people and picks a nested loop that reads every search term per
     * person (600 ms instead of 1 ms for a filtered page over 20,000 users); SQLite, which keeps none until asked,
     * counts a filtered list along the role's index instead of from the search words (0.6 ms instead of 0.26).
     * PostgreSQL's VACUUM also marks the new rows visible to all, so searches read the words' index alone instead of
     * fetching each word's row from the table (a filtered list over 20,000 users: 1,000 calls a second instead of 860
     * under 10 connections).
     */
    async refreshStatistics(): Promise<void> {
      if (db.dialect === 'postgres') await sql`vacuum (analyze) users, user_search_terms, user_permissions`.execute(k)
      else for (const table of ['users', 'user_search_terms', 'user_permissions']) await sql`analyze ${sql.table(table)}`.execute(k)
    },

    recordSignIn: (userId: number, at: string) =>
      k.updateTable('users').set({ last_login: at, email_verified: 1 }).where('user_id', '=', userId).execute(),

    /**
     * How many active users hold a role, locking those rows until the transaction ends (PostgreSQL), so two
     * administrators removing each other at the same moment cannot both succeed. SQLite runs one writer at a time.
     */
    async countActiveWithRoleForUpdate(roleCode: string, executor: Executor): Promise<number> {
      const rows = await executor
        .selectFrom('users')
        .innerJoin('roles', 'roles.role_id', 'users.role_id')
        .select('users.user_id')
        .where('roles.role_code', '=', roleCode)
        .where('users.is_active', '=', 1)
        .$if(db.dialect === 'postgres', (query) => query.forUpdate())
        .execute()
      return rows.length
    },

    /** Application ids granted to each of the given users. */
    async grantsOf(userIds: number[], executor: Executor = k): Promise<Map<number, number[]>> {
      const grants = new Map<number, number[]>(userIds.map((id) => [id, []]))
      if (userIds.length === 0) return grants
      const rows = await executor
        .selectFrom('user_permissions')
        .select(['user_id', 'app_id'])
        .where('user_id', 'in', userIds)
        .orderBy('app_id')
        .execute()
      for (const row of rows) grants.get(row.user_id)?.push(row.app_id)
      return grants
    },

    permissionsOf: (userId: number) =>
      k
        .selectFrom('user_permissions')
        .innerJoin('applications', 'applications.app_id', 'user_permissions.app_id')
        .select(['applications.app_id', 'applications.app_code', 'applications.app_name', 'user_permissions.permission_level'])
        .where('user_permissions.user_id', '=', userId)
        .orderBy('applications.display_order')
        .execute(),

    /** Makes a user's grants exactly `appIds`, at level read. */
    async replaceGrants(userId: number, appIds: number[], grantedBy: number, at: string, executor: Executor = k): Promise<void> {
      await executor.deleteFrom('user_permissions').where('user_id', '=', userId).execute()
      if (appIds.length === 0) return
      await executor
        .insertInto('user_permissions')
        .values(
          appIds.map((appId) => ({ user_id: userId, app_id: appId, permission_level: 'read', granted_at: at, granted_by: grantedBy })),
        )
        .execute()
    },

    async counts() {
      const row = await k
        .selectFrom('users')
        .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>('is_active').as('active')])
        .executeTakeFirstOrThrow()
      return { total: Number(row.total), active: Number(row.active ?? 0) }
    },

    /** The addresses of every active administrator (ADMIN or SUPER_ADMIN): who hears about server alerts. */
    async activeAdministratorEmails(): Promise<string[]> {
      const rows = await k
        .selectFrom('users')
        .innerJoin('roles', 'roles.role_id', 'users.role_id')
        .select('users.email')
        .where('roles.role_code', 'in', ['ADMIN', 'SUPER_ADMIN'])
        .where('users.is_active', '=', 1)
        .orderBy('users.email')
        .execute()
      return rows.map((row) => row.email)
    },

    organizations: () => k.selectFrom('organizations').select(['org_id', 'org_name', 'org_code']).orderBy('org_name').execute(),
    roles: () => k.selectFrom('roles').select(['role_id', 'role_name', 'role_code', 'role_level']).orderBy('role_level', 'desc').execute(),
  }
}
export type UsersRepository = ReturnType<typeof createUsersRepository>

/** A person as the user list shows them, their latest invitation beside them. */
export type ListedRow = NonNullable<Awaited<ReturnType<UsersRepository['findListed']>>>
