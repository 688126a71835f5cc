import { formatIsoInDistrict } from '@platform/contracts/district-time'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ScrapeRun } from '@platform/contracts/dsa'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { type DemoTracker, startDemoTracker } from './demo-tracker/demo-tracker.js'
import { parseMoney } from './tracker-values.js'

const TRACKER_ENV = { DSA_REQUEST_DELAY_MS: '0', DSA_MAX_RETRIES: '2', DSA_TIMEOUT_SECONDS: '0.5' }

describe.each(testDialects())('DSA Project Tracker on %s', (dialect) => {
  let tracker: DemoTracker
  let t: TestApp
  let admin: string

  // A tracker per test: tests change its data and behaviour.
  beforeEach(async () => {
    tracker = await startDemoTracker({ projectCounts: { '37-H9': 12, '37-58': 5, '37-H10': 10, '37-EMPTY': 0 } })
    t = await buildTestApp({ dialect, env: { ...TRACKER_ENV, DSA_BASE_URL: tracker.url } })
    admin = await t.signIn('admin@example.org')
  })
  afterEach(async () => {
    await t.close()
    await tracker.close()
  })

  async function scrape(clientId: string, token = admin): Promise<ScrapeRun> {
    const started = await t.request({ method: 'POST', url: '/api/dsa-scrape', token, payload: { clientId } })
    expect(started.statusCode, started.body).toBe(202)
    return finished(started.json().run.id, token)
  }
  async function finished(runId: number, token = admin): Promise<ScrapeRun> {
    for (let i = 0; i < 400; i += 1) {
      const run = (await t.request({ method: 'GET', url: `/api/dsa-scrape-runs/${runId}`, token })).json() as ScrapeRun
      if (run.status !== 'RUNNING') return run
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`run ${runId} did not finish`)
  }
  const projects = async (query = '') => (await t.request({ method: 'GET', url: `/api/dsa-projects${query}`, token: admin })).json()

  it("scrapes a client: the list, then summary and certification of each application, stored under the platform's field names", async () => {
    const before = tracker.requests.length
    const started = await t.request({ method: 'POST', url: '/api/dsa-scrape', token: admin, payload: { clientId: '37-H9' } })
    expect(started.statusCode).toBe(202)
    expect(started.json()).toMatchObject({
      message: expect.stringContaining('37-H9'),
      run: { clientId: '37-H9', status: 'RUNNING', trigger: 'manual' },
    })
    const run = await finished(started.json().run.id)
    expect(run).toMatchObject({
      status: 'SUCCESS',
      projectsFound: 12,
      detailsPlanned: 12,
      detailsDone: 12,
      projectsSaved: 12,
      projectsUpdated: 0,
      pagesFetched: 25,
      error: null,
    })

    const requests = tracker.requests.slice(before)
    expect(requests[0]!.path).toBe('/DSA/Tracker/ProjectList.aspx?ClientId=37-H9')
    expect(requests.every((request) => String(request.headers['user-agent']).includes('DSA project tracker'))).toBe(true)
    expect(requests.slice(1).every((request) => String(request.headers.cookie).startsWith('ASP.NET_SessionId='))).toBe(true)
    expect(requests.filter((request) => request.path.startsWith('/DSA/Tracker/ProjectCloseout.aspx?OriginId=04&AppId='))).toHaveLength(12)

    const list = await projects('?clientId=37-H9&limit=50')
    expect(list.pagination).toEqual({ total: 12, limit: 50, offset: 0 })
    const served = tracker.projects('37-H9')
    for (const project of served) {
      const stored = list.data.find((row: { projectNumber: string }) => row.projectNumber === `${project.officeId}-${project.appId}`)
      expect(stored, project.appId).toMatchObject({
        clientId: '37-H9',
        projectName: project.projectName,
        projectLink: `${tracker.url}ApplicationSummary.aspx?OriginId=04&AppId=${project.appId}`,
        estimatedAmount: parseMoney(project.estimatedAmount, 'x'),
        certificationLetter: project.lastCertificationLetterType || null,
        dataFreshness: 'FRESH',
        scrapedAt: t.clock.now().toISOString(),
      })
    }
    expect(new Set(list.data.map((row: { projectStatus: string }) => row.projectStatus))).toEqual(
      new Set(['APPROVED', 'PENDING', 'IN REVIEW', 'REJECTED', 'COMPLETED']),
    )
    expect(list.data.map((row: { projectName: string }) => row.projectName)).toEqual(
      [...list.data.map((row: { projectName: string }) => row.projectName)].sort(),
    )
  })

  it('reads again only what may have changed, and counts a changed project as updated', async () => {
    await scrape('37-H9')
    const stored = (await projects('?clientId=37-H9')).data as Array<{ projectNumber: string; projectStatus: string }>
    const open = stored.filter((row) => row.projectStatus !== 'COMPLETED' && row.projectStatus !== 'REJECTED')
    const target = open[0]!
    tracker.updateProject('37-H9', target.projectNumber.slice(3), {
      lastCertificationLetterType: '#1-Certification & Close of File',
      lastCertificationDate: '5/6/2026',
    })
    t.clock.advance(60_000)
    const before = tracker.requests.length
    const run = await scrape('37-H9')
    expect(run).toMatchObject({ status: 'SUCCESS', projectsFound: 12, detailsPlanned: open.length, projectsSaved: 0, projectsUpdated: 1 })
    expect(tracker.requests.length - before).toBe(1 + 2 * open.length)
    const after = (await projects('?clientId=37-H9')).data as Array<{
      projectNumber: string
      projectStatus: string
      certificationDate: string
      scrapedAt: string
    }>
    expect(after.find((row) => row.projectNumber === target.projectNumber)).toMatchObject({
      projectStatus: 'COMPLETED',
      certificationDate: '2026-05-06',
    })
    expect(after.every((row) => row.scrapedAt === t.clock.now().toISOString())).toBe(true)
  })

  it('allows one run per client at a time', async () => {
    tracker.setBehaviour({ kind: 'slow', delayMs: 150 })
    const first = await t.request({ method: 'POST', url: '/api/dsa-scrape', token: admin, payload: { clientId: '37-58' } })
    const second = await t.request({ method: 'POST', url: '/api/dsa-scrape', token: admin, payload: { clientId: '37-58' } })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({ code: 'scrape_running', error: expect.stringContaining('A scrape of 37-58 is already running') })
    const other = await t.request({ method: 'POST', url: '/api/dsa-scrape', token: admin, payload: { clientId: '37-H9' } })
    expect(other.statusCode).toBe(202)
    const runs = (await t.request({ method: 'GET', url: '/api/dsa-scrape-runs?clientId=37-58', token: admin })).json()
    expect(runs.data[0]).toMatchObject({ status: 'RUNNING', clientId: '37-58' })
    // The pause between two tracker requests, which the Scraper tab's help text states (DSA_REQUEST_DELAY_MS).
    expect(runs.requestDelayMs).toBe(0)
    // The slow answers only had to keep the first run going while it was refused a second time.
    tracker.setBehaviour({ kind: 'ok' })
    expect((await finished(first.json().run.id)).status).toBe('SUCCESS')
    expect((await finished(other.json().run.id)).status).toBe('SUCCESS')
  })

  describe('a tracker that misbehaves', () => {
    beforeEach(async () => {
      expect((await scrape('37-H10')).status).toBe('SUCCESS')
      t.clock.advance(60_000)
    })
    const stored = async () =>
      (await projects('?clientId=37-H10')).data as Array<{
        projectNumber: string
        projectName: string
        projectStatus: string
        dataFreshness: string
        scrapedAt: string
        estimatedAmount: number
      }>

    it.each([
      [
        'down (503 on every request)',
        { kind: 'fail', status: 503 } as const,
        /Could not read the project list of 37-H10: The tracker answered 503 Service Unavailable \(3 tries\)/,
      ],
      ['hung', { kind: 'hang' } as const, /did not answer within 1 s \(3 tries\)/],
      [
        'rate-limiting with a long Retry-After',
        { kind: 'rate-limit', retryAfterSeconds: 3600 } as const,
        /asked us to slow down \(429 Too Many Requests\) and asked us to wait 3600 s/,
      ],
      ['redesigned', { kind: 'layout-changed' } as const, /the page layout has changed \(The project list has no project grid/],
    ])('%s: the run fails, says why, and the stored projects stay as they were, marked STALE', async (_name, behaviour, message) => {
      const before = await stored()
      tracker.setBehaviour(behaviour)
      const run = await scrape('37-H10')
      expect(run.status).toBe('FAILED')
      expect(run.error).toMatch(message)
      expect(run.error).toContain('marked stale')
      const after = await stored()
      expect(after.map(({ dataFreshness: _f, ...rest }) => rest)).toEqual(before.map(({ dataFreshness: _f, ...rest }) => rest))
      expect(after.every((row) => row.dataFreshness === 'STALE')).toBe(true)
    })

    it('waits as a short Retry-After asks and retries 5xx answers with backoff', async () => {
      tracker.setBehaviour({ kind: 'rate-limit', retryAfterSeconds: 0, times: 1 })
      expect((await scrape('37-H10')).status).toBe('SUCCESS')
      tracker.setBehaviour({ kind: 'fail', status: 502, times: 2 })
      expect((await scrape('37-H10')).status).toBe('SUCCESS')
    })

    it('a tracker that dies in the middle of a run: what was read is saved, the rest is kept STALE', async () => {
      const open = (await stored()).filter((row) => !['COMPLETED', 'REJECTED'].includes(row.projectStatus)).map((row) => row.projectNumber)
      expect(open.length).toBeGreaterThanOrEqual(3)
      tracker.setBehaviour({ kind: 'down-after', requests: 3 })
      const run = await scrape('37-H10')
      expect(run).toMatchObject({ status: 'PARTIAL', detailsPlanned: open.length, detailsDone: 1 })
      expect(run.error).toMatch(
        /^Stopped at 04-\d+ \(1 of \d+ applications read\): The tracker could not be reached .*What was read before was saved; the rest were kept and marked stale\.$/,
      )
      const stale = (await stored()).filter((row) => row.dataFreshness === 'STALE').map((row) => row.projectNumber)
      expect(stale).toHaveLength(open.length - 1)
      expect(open).toEqual(expect.arrayContaining(stale))
    })

    it('an application the tracker reports as not found, or with a malformed amount, is left out and named in the log', async () => {
      const [first, second] = tracker
        .projects('37-H10')
        .filter((project) => !project.lastCertificationLetterType.startsWith('#') && !project.voidCanceledDate)
      if (!first || !second) throw new Error('the demo data has too few open applications')
      tracker.markNotFound(first.appId)
      tracker.updateProject('37-H10', second.appId, { estimatedAmount: '$1,2x3' })
      const before = await stored()
      const run = await scrape('37-H10')
      expect(run.status).toBe('PARTIAL')
      expect(run.error).toContain(`04-${first.appId}: the tracker says "Application 04 ${first.appId} not found."`)
      expect(run.error).toContain(`04-${second.appId}: Estimated Amt '$1,2x3' is not an amount of money`)
      const after = await stored()
      const unchanged = (rows: typeof before) => rows.find((row) => row.projectNumber === `04-${second.appId}`)!.estimatedAmount
      expect(unchanged(after)).toBe(unchanged(before))
    })

    it('a session that answers another application is caught', async () => {
      tracker.setBehaviour({ kind: 'wrong-application' })
      const run = await scrape('37-H10')
      expect(run.status).toBe('PARTIAL')
      expect(run.error).toMatch(/asked for application 04-\d+ but the tracker answered with 04-\d+/)
    })

    it('reads pages whose ids have another prefix', async () => {
      tracker.setBehaviour({ kind: 'id-prefix', prefix: 'ctl00_ContentPlaceHolder1_' })
      expect((await scrape('37-H10')).status).toBe('SUCCESS')
    })
  })

  it('takes a client id in any case, with spaces around it, as the one client it names', async () => {
    const run = await scrape(' 37-h9 ')
    expect(run).toMatchObject({ status: 'SUCCESS', clientId: '37-H9', projectsSaved: 12 })
    const again = await scrape('37-H9')
    expect(again).toMatchObject({ status: 'SUCCESS', clientId: '37-H9', projectsSaved: 0 })
    const listed = await projects('?clientId=37-h9')
    expect(listed.pagination.total).toBe(12)
    expect(new Set(listed.data.map((project: { clientId: string }) => project.clientId))).toEqual(new Set(['37-H9']))
    const stats = (await t.request({ method: 'GET', url: '/api/dsa-stats', token: admin })).json()
    expect(stats.clientBreakdown).toEqual([{ clientId: '37-H9', count: 12 }])
    const runs = (await t.request({ method: 'GET', url: '/api/dsa-scrape-runs?clientId=37-h9', token: admin })).json()
    expect(runs.data.map((row: ScrapeRun) => row.clientId)).toEqual(['37-H9', '37-H9'])
  })

  it('an unknown client id fails with a clear message and stores nothing', async () => {
    const run = await scrape('37-EMPTY')
    expect(run).toMatchObject({
      status: 'FAILED',
      projectsFound: 0,
      error: 'The tracker lists no applications for client id 37-EMPTY. Check the id (for example 37-H9).',
    })
    expect((await projects('?clientId=37-EMPTY')).pagination.total).toBe(0)
  })

  it('fails a run once the lease of the instance running it has expired, frees its client, and never touches a live one', async () => {
    const now = t.clock.now()
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString()
    const insertRun = async (clientId: string, leaseEnds: string) => {
      const { id } = await t.db.kysely
        .insertInto('dsa_scrape_runs')
        .values({ client_id: clientId, status: 'RUNNING', trigger: 'manual', started_by: null, started_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
      await t.db.kysely
        .insertInto('job_leases')
        .values({ kind: 'dsa_scrape', job_key: String(id), owner: 'other-instance', acquired_at: now.toISOString(), expires_at: leaseEnds })
        .execute()
    }
    await insertRun('37-H9', at(1)) // its instance died: the lease is not renewed
    await insertRun('37-58', at(30)) // its instance is alive and renewing
    const restarted = await (
      await import('../../app.js')
    ).buildApp({
      config: t.config,
      db: t.db,
      transport: { mode: 'outbox', send: async () => ({ accepted: true, response: '' }), close() {} } as never,
      clock: t.clock,
      logStream: new (await import('node:stream')).PassThrough(),
    })
    expect(await restarted.jobLeases.sweep()).toBe(0)
    const blocked = await t.request({ method: 'POST', url: '/api/dsa-scrape', token: admin, payload: { clientId: '37-H9' } })
    expect(blocked.statusCode).toBe(409)
    t.clock.advance(2 * 60_000)
    expect(await restarted.jobLeases.sweep()).toBe(1)
    await restarted.app.close()
    const [dead] = (await t.request({ method: 'GET', url: '/api/dsa-scrape-runs?clientId=37-H9', token: admin })).json().data
    expect(dead).toMatchObject({ status: 'FAILED', error: expect.stringContaining('Interrupted') })
    const [live] = (await t.request({ method: 'GET', url: '/api/dsa-scrape-runs?clientId=37-58', token: admin })).json().data
    expect(live).toMatchObject({ status: 'RUNNING', error: null })
    // The dead run's client is free again.
    expect((await scrape('37-H9')).status).toBe('SUCCESS')
  })

  it('lists with filters, search, sort and paging, and refuses bad parameters with 400', async () => {
    await scrape('37-H9')
    await scrape('37-58')
    expect((await projects()).pagination.total).toBe(17)
    const page2 = await projects('?limit=5&offset=5&sort=projectNumber&order=desc')
    const all = (await projects('?sort=projectNumber&order=desc')).data.map((row: { projectNumber: string }) => row.projectNumber)
    expect(page2.data.map((row: { projectNumber: string }) => row.projectNumber)).toEqual(all.slice(5, 10))
    const completed = await projects('?status=COMPLETED')
    expect(completed.data.every((row: { projectStatus: string }) => row.projectStatus === 'COMPLETED')).toBe(true)
    const name = tracker.projects('37-58')[0]!.projectName
    const word = name.split(' ')[0]!
    const found = await projects(`?search=${encodeURIComponent(word.toLowerCase())}`)
    expect(found.data.some((row: { projectName: string }) => row.projectName === name)).toBe(true)
    expect((await projects('?search=%25_nothing_like_this')).pagination.total).toBe(0)
    for (const query of [
      'limit=abc',
      'limit=0',
      'offset=-1',
      'status=FOO',
      'clientId=37-%3Cscript%3E',
      'sort=password',
      'order=sideways',
    ]) {
      const answer = await t.request({ method: 'GET', url: `/api/dsa-projects?${query}`, token: admin })
      expect(answer.statusCode, query).toBe(400)
      expect(answer.json().error, query).toBeTruthy()
    }
    expect((await t.request({ method: 'POST', url: '/api/dsa-scrape', token: admin, payload: { clientId: '' } })).json().error).toContain(
      'Please select or enter a client ID',
    )
    expect((await t.request({ method: 'POST', url: '/api/dsa-scrape', token: admin, payload: { clientId: '../etc' } })).statusCode).toBe(
      400,
    )
    expect((await t.request({ method: 'GET', url: '/api/dsa-export?status=NOPE', token: admin })).statusCode).toBe(400)
  })

  it('exports the filtered projects as CSV, with formula-like cells escaped', async () => {
    const target = tracker.projects('37-58')[1]!
    tracker.updateProject('37-58', target.appId, { projectName: '=HYPERLINK("http://evil.example","click")' })
    await scrape('37-58')
    const answer = await t.request({ method: 'GET', url: '/api/dsa-export?clientId=37-58', token: admin })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="dsa_projects_\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = answer.body.trim().split('\r\n')
    expect(lines[0]).toBe(
      'clientId,projectNumber,projectName,projectStatus,projectType,constructionCost,costSource,estimatedAmount,contractedAmount,changeAmount,finalCost,receivedDate,approvedDate,closedDate,voidDate,certificationLetter,certificationDate,city,ptn,projectLink,scrapedAt,dataFreshness',
    )
    expect(lines).toHaveLength(6)
    // The file's date and each scrape's time on the district's clock (the time with its offset).
    expect(answer.headers['content-disposition']).toContain(`dsa_projects_${localDate(t.clock.now(), 'America/Los_Angeles')}.csv`)
    expect(lines[1]).toContain(`,${formatIsoInDistrict(t.clock.now(), 'America/Los_Angeles')},`)
    expect(answer.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`)
    expect(
      (await t.request({ method: 'GET', url: '/api/dsa-export?clientId=37-H9', token: admin })).body.trim().split('\r\n'),
    ).toHaveLength(1)
  })

  it('counts statistics: totals, freshness, success rate, breakdowns and recent logs', async () => {
    await scrape('37-H9')
    await scrape('37-EMPTY')
    await scrape('37-58')
    t.clock.advance(8 * 24 * 60 * 60_000)
    admin = await t.signIn('admin@example.org')
    const answer = await t.request({ method: 'GET', url: '/api/dsa-stats', token: admin })
    expect(answer.statusCode, answer.body).toBe(200)
    const stats = answer.json()
    expect(stats.statistics).toEqual({ totalProjects: 17, freshProjects: 0, totalClients: 2 })
    expect(stats.scrapingMetrics).toMatchObject({ successRate: 66.7, totalRuns: 3, successfulRuns: 2 })
    expect(stats.clientBreakdown).toEqual([
      { clientId: '37-H9', count: 12 },
      { clientId: '37-58', count: 5 },
    ])
    expect(stats.statusBreakdown.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(17)
    expect(stats.recentLogs.map((log: { clientId: string; status: string }) => `${log.clientId} ${log.status}`)).toEqual([
      '37-58 SUCCESS',
      '37-EMPTY FAILED',
      '37-H9 SUCCESS',
    ])
    expect((await projects()).data.every((row: { dataFreshness: string }) => row.dataFreshness === 'STALE')).toBe(true)
  })

  it('counts fresh, stale and old projects by client and status from one pass, and exports every row across pages in name order', async () => {
    const now = t.clock.now().getTime()
    const at = (days: number) => new Date(now - days * 24 * 60 * 60_000).toISOString()
    const rows = Array.from({ length: 2_345 }, (_, i) => ({
      client_id: `37-C${i % 3}`,
      project_number: `04-${String(i).padStart(6, '0')}`,
      project_link: `https://tracker.test/${i}`,
      project_name: `Project ${String(i % 700).padStart(3, '0')}`,
      project_status: i % 4 === 0 ? 'CLOSED' : 'APPROVED',
      project_type: null,
      construction_cost: i,
      cost_source: null,
      estimated_amount: null,
      contracted_amount: null,
      change_amount: null,
      final_cost: null,
      received_date: null,
      approved_date: null,
      closed_date: null,
      city: null,
      search_text: `project ${i}`,
      first_seen_at: at(30),
      scraped_at: at(i % 5 === 0 ? 20 : 1),
      details_scraped_at: null,
      stale: i % 7 === 0 ? 1 : 0,
    }))
    for (let i = 0; i < rows.length; i += 200)
      await t.db.kysely
        .insertInto('dsa_projects')
        .values(rows.slice(i, i + 200))
        .execute()
    const fresh = rows.filter((row, i) => row.stale === 0 && i % 5 !== 0).length
    const stats = (await t.request({ method: 'GET', url: '/api/dsa-stats', token: admin })).json()
    expect(stats.statistics).toEqual({ totalProjects: 2_345, freshProjects: fresh, totalClients: 3 })
    expect(stats.clientBreakdown).toEqual([
      { clientId: '37-C0', count: 782 },
      { clientId: '37-C1', count: 782 },
      { clientId: '37-C2', count: 781 },
    ])
    expect(stats.statusBreakdown).toEqual([
      { status: 'APPROVED', count: 1_758 },
      { status: 'CLOSED', count: 587 },
    ])

    const lines = (await t.request({ method: 'GET', url: '/api/dsa-export', token: admin })).body.trim().split('\r\n').slice(1)
    expect(lines).toHaveLength(2_345)
    const numbers = lines.map((line) => line.split(',')[1])
    expect(new Set(numbers).size).toBe(2_345)
    const names = lines.map((line) => line.split(',')[2]!)
    expect(names).toEqual([...names].sort())
  })

  it('is for holders of the DSA_TRACKER application only', async () => {
    const staff = await t.createUser({ applications: ['DASHBOARD'] })
    const tokenOf = await t.signIn(staff.email)
    for (const [method, url] of [
      ['GET', '/api/dsa-projects'],
      ['GET', '/api/dsa-stats'],
      ['GET', '/api/dsa-export'],
      ['GET', '/api/dsa-scrape-runs'],
      ['POST', '/api/dsa-scrape'],
    ] as const) {
      expect(
        (await t.request({ method, url, token: tokenOf, payload: method === 'POST' ? { clientId: '37-H9' } : undefined })).statusCode,
        url,
      ).toBe(403)
    }
    const holder = await t.createUser({ applications: ['DSA_TRACKER'] })
    const holderToken = await t.signIn(holder.email)
    expect((await scrape('37-58', holderToken)).status).toBe('SUCCESS')
    expect((await t.request({ method: 'GET', url: '/api/dsa-projects', token: holderToken })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/dsa-projects' })).statusCode).toBe(401)
  })
})
