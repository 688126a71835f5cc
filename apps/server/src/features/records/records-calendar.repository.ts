import type { Db, WrittenAlong } from '../../db/database.js'

/** The district's records calendar (holidays, business hours, the after-hours rule), the exemption library, the people with duties. SQL only. */
export function createRecordsCalendarRepository(db: Db) {
  const k = db.kysely

  return {
    holidays: (year?: number) => {
      let query = k.selectFrom('records_holidays').select(['holiday_date', 'name'])
      if (year !== undefined) query = query.where('holiday_date', '>=', `${year}-01-01`).where('holiday_date', '<=', `${year}-12-31`)
      return query.orderBy('holiday_date').execute()
    },

    /** Adds a holiday or renames the one on that date; answers the name it had (null: new). */
    upsertHoliday: (date: string, name: string, by: number | null, at: string, along: WrittenAlong<string | null>) =>
      k.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('records_holidays').select('name').where('holiday_date', '=', date).executeTakeFirst()
        await trx
          .insertInto('records_holidays')
          .values({ holiday_date: date, name, updated_by: by, updated_at: at })
          .onConflict((oc) => oc.column('holiday_date').doUpdateSet({ name, updated_by: by, updated_at: at }))
          .execute()
        await along(trx, before?.name ?? null)
        return before?.name ?? null
      }),

    /** Removes the holiday on a date; answers its name (null: there was none, and nothing is written). */
    removeHoliday: (date: string, along: WrittenAlong<string>) =>
      k.transaction().execute(async (trx) => {
        const row = await trx.deleteFrom('records_holidays').where('holiday_date', '=', date).returning('name').executeTakeFirst()
        if (row) await along(trx, row.name)
        return row?.name ?? null
      }),

    settings: () =>
      k
        .selectFrom('records_settings')
        .select(['after_hours_rule', 'business_hours_start', 'business_hours_end', 'public_archive', 'portal_intro'])
        .where('settings_id', '=', 1)
        .executeTakeFirstOrThrow(),
    saveSettings: (
      settings: { afterHoursRule: boolean; start: string; end: string; publicArchive: boolean; portalIntro: string | null },
      along: WrittenAlong,
    ) =>
      k.transaction().execute(async (trx) => {
        await trx
          .updateTable('records_settings')
          .set({
            after_hours_rule: settings.afterHoursRule ? 1 : 0,
            business_hours_start: settings.start,
            business_hours_end: settings.end,
            public_archive: settings.publicArchive ? 1 : 0,
            portal_intro: settings.portalIntro,
          })
          .where('settings_id', '=', 1)
          .execute()
        await along(trx)
      }),

    exemptions: () =>
      k
        .selectFrom('records_exemptions as e')
        .select((eb) => [
          'e.exemption_id',
          'e.citation',
          'e.title',
          'e.description',
          'e.active',
          eb
            .selectFrom('records_document_exemptions as m')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('m.exemption_id', '=', 'e.exemption_id')
            .as('times_used'),
        ])
        .orderBy('e.citation')
        .execute(),
    exemption: (id: number) => k.selectFrom('records_exemptions').selectAll().where('exemption_id', '=', id).executeTakeFirst(),
    exemptionByCitation: (citation: string) =>
      k.selectFrom('records_exemptions').selectAll().where('citation', '=', citation).executeTakeFirst(),
    addExemption: (
      input: { citation: string; title: string; description: string; by: number | null; at: string },
      along: WrittenAlong<number>,
    ) =>
      k.transaction().execute(async (trx) => {
        const { exemption_id: id } = await trx
          .insertInto('records_exemptions')
          .values({
            citation: input.citation,
            title: input.title,
            description: input.description,
            active: 1,
            created_by: input.by,
            created_at: input.at,
          })
          .returning('exemption_id')
          .executeTakeFirstOrThrow()
        await along(trx, id)
        return id
      }),
    updateExemption: (id: number, change: { title?: string; description?: string; active?: boolean }, along: WrittenAlong) =>
      k.transaction().execute(async (trx) => {
        await trx
          .updateTable('records_exemptions')
          .set({
            ...(change.title !== undefined ? { title: change.title } : {}),
            ...(change.description !== undefined ? { description: change.description } : {}),
            ...(change.active !== undefined ? { active: change.active ? 1 : 0 } : {}),
          })
          .where('exemption_id', '=', id)
          .execute()
        await along(trx)
      }),

    /** Active people holding a Public Information duty, with their duties. */
    people: () =>
      k
        .selectFrom('finance_duties as d')
        .innerJoin('applications as a', 'a.app_id', 'd.app_id')
        .innerJoin('users as u', 'u.user_id', 'd.user_id')
        .select(['u.user_id', 'u.full_name', 'u.email', 'd.duty'])
        .where('a.app_code', '=', 'PUBLIC_INFO')
        .where('u.is_active', '=', 1)
        .orderBy('u.full_name')
        .execute(),
  }
}
export type RecordsCalendarRepository = ReturnType<typeof createRecordsCalendarRepository>
