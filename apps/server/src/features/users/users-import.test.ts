import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'

const HEADER = 'email,full_name,organization_code,role_code,applications'

describe.each(testDialects())('importing users from CSV (%s)', (dialect) => {
  let t: TestApp
  let token: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    token = await t.signIn('admin@example.org')
  })
  afterEach(() => t.close())

  const send = (step: 'preview' | 'apply', csv: string | Buffer, as = token) =>
    t.request({ method: 'POST', url: `/api/users/import/${step}`, payload: csv, headers: { 'content-type': 'text/csv' }, token: as })

  it('previews what will be created, changed or refused, applies it, and changes nothing the second time', async () => {
    await t.createUser({ email: 'existing@district.test', fullName: 'Existing Person', applications: ['DASHBOARD'] })
    const csv = [
      HEADER,
      'new.one@district.test,New One,DISTRICT,STAFF,DASHBOARD;DSA_TRACKER',
      'existing@district.test,Existing Person,district,report_writer,DASHBOARD',
      'bad-address,No Mail,DISTRICT,STAFF,',
      'x@district.test,X,NOWHERE,STAFF,',
      'y@district.test,Y,DISTRICT,STAFF,USER_MANAGEMENT',
      'new.one@district.test,Twice,DISTRICT,STAFF,',
      '"quoted, name@district.test",Q,DISTRICT,STAFF,',
    ].join('\r\n')
    const preview = (await send('preview', csv)).json()
    expect(preview.applied).toBe(false)
    expect(preview.rows.map((row: { line: number; action: string }) => `${row.line}:${row.action}`)).toEqual([
      '2:create', '3:update', '4:reject', '5:reject', '6:reject', '7:reject', '8:reject',
    ])
    expect(preview.rows[1].reasons).toEqual(['role: STAFF → REPORT_WRITER'])
    expect(preview.rows[3].reasons).toEqual(["Unknown organization code 'NOWHERE'."])
    expect(preview.rows[4].reasons).toEqual(['USER_MANAGEMENT is for administrators only and cannot be granted.'])
    expect(preview.rows[5].reasons).toEqual(['This email address appears earlier in the file.'])
    expect(preview.summary).toEqual({ create: 1, update: 1, unchanged: 0, reject: 5 })
    expect(await t.db.kysely.selectFrom('users').select('email').where('email', '=', 'new.one@district.test').execute()).toEqual([])

    const applied = (await send('apply', csv)).json()
    expect(applied).toMatchObject({ applied: true, summary: { create: 1, update: 1, reject: 5 } })
    const created = await t.db.kysely.selectFrom('users').innerJoin('roles', 'roles.role_id', 'users.role_id').select(['full_name', 'role_code']).where('email', '=', 'new.one@district.test').executeTakeFirstOrThrow()
    expect(created).toEqual({ full_name: 'New One', role_code: 'STAFF' })

    const again = (await send('apply', csv)).json()
    expect(again.summary).toEqual({ create: 0, update: 0, unchanged: 2, reject: 5 })
    const actions = await t.db.kysely.selectFrom('audit_log').select('action').where('action', 'like', 'user.%').execute()
    expect(actions.filter((a) => a.action === 'user.import')).toHaveLength(2)
  })

  it('refuses wrong columns, bad encodings, empty files and too many rows with a clear message', async () => {
    const wrong = await send('preview', 'mail,name\na@b.org,A')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toBe(
      'The columns must be: email, full_name, organization_code, role_code, applications. Missing: email, full_name, organization_code, role_code, applications. Not expected: mail, name.',
    )
    const latin1 = Buffer.concat([Buffer.from(`${HEADER}\nrene@district.test,Ren`), Buffer.from([0xe9]), Buffer.from(',DISTRICT,STAFF,\n')])
    expect((await send('preview', latin1)).json().code).toBe('bad_encoding')
    expect((await send('preview', `${HEADER}\n`)).json().error).toBe('The file has no rows below its header.')
    expect((await send('preview', `${HEADER}\n"unterminated,x,y,z,w\n`)).json().code).toBe('bad_csv')
    const many = [HEADER, ...Array.from({ length: 50_000 }, (_, i) => `p${i}@district.test,P ${i},DISTRICT,STAFF,`)].join('\n')
    const tooMany = await send('preview', many)
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().error).toContain('50,000 rows; at most 10,000')
    const withBom = await send('preview', `\uFEFF${HEADER}\nbom@district.test,Bom,DISTRICT,STAFF,`)
    expect(withBom.json().summary.create).toBe(1)
    const json = await t.request({ method: 'POST', url: '/api/users/import/preview', payload: { csv: 'x' }, token })
    expect(json.json().code).toBe('csv_required')
  })

  it('holds an ADMIN to the same rules as the form', async () => {
    const admin = await t.createUser({ roleCode: 'ADMIN', email: 'office.admin@district.test' })
    const adminToken = await t.signIn(admin.email)
    const csv = [HEADER, 'boss@district.test,Boss,DISTRICT,SUPER_ADMIN,', 'admin@example.org,District Administrator,DISTRICT,STAFF,', 'office.admin@district.test,Office Admin,DISTRICT,STAFF,'].join('\n')
    const preview = (await send('preview', csv, adminToken)).json()
    expect(preview.rows.map((row: { action: string }) => row.action)).toEqual(['reject', 'reject', 'reject'])
    expect(preview.rows[2].reasons).toEqual(['You cannot change your own role or application access.'])
  })

  it('is refused to anyone but administrators', async () => {
    const staff = await t.createUser()
    const answer = await send('preview', `${HEADER}\n`, await t.signIn(staff.email))
    expect(answer.statusCode).toBe(403)
  })
})
