import * as cheerio from 'cheerio'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProject, generateDemoProjects } from './demo-projects.js'
import { type DemoTracker, startDemoTracker } from './demo-tracker.js'

/** The status rules of the design (first match wins), named so a test can check that every rule is reachable. */
function statusRule(p: DemoProject): [rule: string, status: string] {
  const letter = p.lastCertificationLetterType
  if (p.voidCanceledDate || /VOID|CANCEL/i.test(letter)) return ['void or cancel', 'REJECTED']
  if (/^#[123]-/.test(letter)) return [`letter ${letter.slice(0, 3)}`, 'COMPLETED']
  if (letter.startsWith('DSA 301P')) return ['301P letter', 'PENDING']
  if (p.closedDate) return ['closed date', 'COMPLETED']
  if (p.approvedDate) return ['approved date', 'APPROVED']
  if (p.receivedDate) return ['received date', 'IN REVIEW']
  return ['nothing', 'PENDING']
}

const MONEY = /^\(?\$\d{1,3}(,\d{3})*\.\d\d\)?$/
const DATE = /^\d{1,2}\/\d{1,2}\/\d{4}( \d{1,2}:\d\d:\d\d [AP]M)?$/
const cents = (money: string) => (money.startsWith('(') ? -1 : 1) * Math.round(Number(money.replace(/[($,)]/g, '')) * 100)

describe('demo projects', () => {
  it('are the same for the same client id, and asking for more keeps the first ones', () => {
    expect(generateDemoProjects('37-H9', 30)).toEqual(generateDemoProjects('37-H9', 30))
    expect(generateDemoProjects('37-H9', 60).slice(0, 30)).toEqual(generateDemoProjects('37-H9', 30))
    expect(generateDemoProjects('37-58', 30)).not.toEqual(generateDemoProjects('37-H9', 30))
  })

  it('reach every status rule among 200 applications, and all of them in a short list', () => {
    const rules = new Set(generateDemoProjects('37-H9', 200).map((p) => statusRule(p)[0]))
    expect([...rules].sort()).toEqual([
      '301P letter',
      'approved date',
      'closed date',
      'letter #1-',
      'letter #2-',
      'letter #3-',
      'nothing',
      'received date',
      'void or cancel',
    ])
    const statuses = new Set(generateDemoProjects('37-58', 10).map((p) => statusRule(p)[1]))
    expect([...statuses].sort()).toEqual(['APPROVED', 'COMPLETED', 'IN REVIEW', 'PENDING', 'REJECTED'])
  })

  it('look like the real data: formats, unique numbers, and the odd cases', () => {
    const projects = generateDemoProjects('37-LFCS', 200)
    expect(new Set(projects.map((p) => p.appId)).size).toBe(200)
    for (const p of projects) {
      expect(p.officeId).toBe('04')
      expect(p.appId).toMatch(/^\d{6}$/)
      for (const money of [p.estimatedAmount, p.contractedAmount, p.changeDocumentAmount, p.finalProjectCost])
        if (money) expect(money).toMatch(MONEY)
      for (const date of [p.receivedDate, p.approvedDate, p.closedDate, p.lastCertificationDate, p.voidCanceledDate])
        if (date) expect(date).toMatch(DATE)
      if (p.finalProjectCost !== '$0.00') expect(cents(p.finalProjectCost)).toBe(cents(p.contractedAmount) + cents(p.changeDocumentAmount))
    }
    expect(projects.some((p) => p.changeDocumentAmount.startsWith('($'))).toBe(true)
    expect(projects.some((p) => p.closedDate && p.finalProjectCost === '$0.00')).toBe(true)
    expect(projects.some((p) => p.approvedDate && !p.contractedAmount)).toBe(true)
    expect(projects.some((p) => p.ptn === '')).toBe(true)
    expect(projects.some((p) => p.receivedDate.includes(':'))).toBe(true)
    expect(projects.filter((p) => p.projectType === 'School (K-12)').length).toBeGreaterThan(150)
    const letters = new Set(projects.map((p) => p.lastCertificationLetterType))
    expect(letters).toEqual(
      new Set([
        '#1-Certification & Close of File',
        '#2-Certification & Close of File Per EDU Code 17315(b) OR 81147(b)',
        '#3-Close of File w/o Certification - Exceptions',
        'DSA 301P Notification of Requirement for Certification',
        '1 YR VOID',
        '',
      ]),
    )
  })
})

describe('the demo tracker', () => {
  let tracker: DemoTracker
  beforeAll(async () => {
    tracker = await startDemoTracker({ projectCounts: { '37-58': 12, '37-EMPTY': 0 } })
  })
  afterAll(() => tracker.close())
  afterEach(() => tracker.setBehaviour({ kind: 'ok' }))

  async function get(path: string, init: { cookie?: string; signal?: AbortSignal } = {}) {
    const response = await fetch(new URL(path, tracker.url), {
      headers: init.cookie ? { cookie: init.cookie } : {},
      signal: init.signal ?? AbortSignal.timeout(5000),
    })
    const body = await response.text()
    const cookie = response.headers.get('set-cookie')?.split(';')[0]
    return { response, body, cookie, $: cheerio.load(body) }
  }
  const summaryPath = (p: DemoProject) => `ApplicationSummary.aspx?OriginId=${p.officeId}&AppId=${p.appId}`

  it('lists a client in the gdvsch grid, as the real list page does', async () => {
    expect(tracker.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/DSA\/Tracker\/$/)
    const { response, body, $ } = await get('ProjectList.aspx?ClientId=37-H9')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(body).toContain('\r\n')
    expect(body.replace(/\r\n/g, '')).not.toContain('\n')
    expect($('form#aspnetForm[name="aspnetForm"]').attr('action')).toBe('./ProjectList.aspx?ClientId=37-H9')
    expect($('input#__VIEWSTATE').val()).toMatch(/^[A-Za-z0-9+/=]{500,}$/)
    expect($('main.main-primary table[id$="_gdvsch"]').attr('id')).toBe('ctl00_MainContent_gdvsch')

    const rows = $('table[id$="_gdvsch"] tr').toArray()
    expect($(rows[0]).find('th')).toHaveLength(4)
    const listed = rows.slice(1).map((row) => {
      const cells = $(row).find('td')
      const link = new URL(cells.eq(0).find('a').attr('href')!, tracker.url)
      return {
        link: link.pathname,
        officeId: link.searchParams.get('OriginId'),
        appId: link.searchParams.get('AppId'),
        application: cells.eq(1).text(),
        ptn: cells.eq(2).text(),
        name: cells.eq(3).text(),
      }
    })
    const expected = tracker.projects('37-H9')
    expect(listed).toHaveLength(24)
    expect(listed).toEqual(
      expected.map((p) => ({
        link: '/DSA/Tracker/ApplicationSummary.aspx',
        officeId: '04',
        appId: p.appId,
        application: `04  ${p.appId}`,
        ptn: p.ptn,
        name: p.projectName,
      })),
    )
    expect(listed.map((row) => row.name)).toEqual(
      [...listed.map((row) => row.name)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    )
  })

  it('round-trips summary values, and a bare ProjectCloseout follows the session cookie', async () => {
    const project = tracker.projects('37-58').find((p) => p.lastCertificationLetterType)!
    const summary = await get(summaryPath(project))
    expect(summary.response.headers.get('set-cookie')).toMatch(/^ASP\.NET_SessionId=[a-z0-5]{24}; path=\/; HttpOnly$/)
    const $ = summary.$
    expect($('[id$="_lbl42AppNotFound"]').text()).toBe('')
    expect($('[id$="_lblApplication"]').text()).toBe(project.appId)
    expect($('[id$="_lblOffice"]').text()).toBe('04')
    expect($('[id$="_lblFile"]').text()).toBe('37-58')
    expect($('[id$="_lblPname"]').text()).toBe(project.projectName)
    expect($('#ctl00_MainContent_Label24').text()).toBe('Estimated Amt:')
    expect($('[id$="_lblEstAmt"]').text()).toBe(project.estimatedAmount)
    expect($('[id$="_lblCOamt"]').text()).toBe(project.changeDocumentAmount)
    expect($('[id$="_lblRecvDate"]').text()).toBe(project.receivedDate)
    expect(
      $('td > b')
        .filter((_, b) => $(b).text() === 'Final Project Cost:')
        .parent()
        .next()
        .find('[id$="_lblFinalProjectCost"]')
        .text(),
    ).toBe(project.finalProjectCost)

    const closeout = await get('ProjectCloseout.aspx', { cookie: summary.cookie })
    expect(closeout.cookie).toBeUndefined()
    expect(closeout.$('h2').text().trim()).toBe('Project Certification Status')
    expect(closeout.$('[id$="_lblApplication"]').text()).toBe(project.appId)
    expect(closeout.$('[id$="_lblCloseLetType"]').text()).toBe(project.lastCertificationLetterType)
    expect(closeout.$('[id$="_lblCloseDate"]').text()).toBe(project.lastCertificationDate)
    expect(closeout.$('[id$="_lblVoidCanceledDate"]').text()).toBe(project.voidCanceledDate)

    const fieldReview = await get('FieldReviewStatus.aspx', { cookie: summary.cookie })
    expect(fieldReview.$('[id$="_lblApplication"]').text()).toBe(project.appId)
    expect(fieldReview.$('table[id$="_gdvF"] tr').length).toBeGreaterThanOrEqual(1)

    // Without the cookie the session is new and empty: the page comes back without an application.
    const lost = await get('ProjectCloseout.aspx')
    expect(lost.cookie).toMatch(/^ASP\.NET_SessionId=/)
    expect(lost.$('[id$="_lblApplication"]').text()).toBe('')
    // The query form answers the named application in any session.
    const direct = await get(`ProjectCloseout.aspx?OriginId=04&AppId=${project.appId}`)
    expect(direct.$('[id$="_lblCloseLetType"]').text()).toBe(project.lastCertificationLetterType)
  })

  it('matches paths case-insensitively and percent-decodes client ids', async () => {
    for (const clientId of ['37-County of San Diego', '37-H10', '37-LFCS']) {
      const { $ } = await get(`/dsa/TRACKER/projectlist.ASPX?clientid=${encodeURIComponent(clientId)}`)
      expect($('table[id$="_gdvsch"] tr')).toHaveLength(25)
      const [first] = tracker.projects(clientId)
      const summary = await get(`/Dsa/Tracker/applicationsummary.aspx?originid=04&appid=${first!.appId}`)
      expect(summary.$('[id$="_lblFile"]').text()).toBe(clientId)
    }
    expect((await get('/DSA/Tracker/ProjectList.aspx?ClientId=37-County+of+San+Diego')).$('table[id$="_gdvsch"] tr')).toHaveLength(25)
  })

  it('shows changed and malformed values verbatim, escaped', async () => {
    const [project] = tracker.projects('37-58')
    tracker.updateProject('37-58', project!.appId, {
      estimatedAmount: '$1,2x3',
      receivedDate: '13/45/20x1',
      projectName: 'Fish & <Chips> "School"',
      lastCertificationLetterType: '1 YR VOID',
    })
    const { $ } = await get(summaryPath(project!))
    expect($('[id$="_lblEstAmt"]').text()).toBe('$1,2x3')
    expect($('[id$="_lblRecvDate"]').text()).toBe('13/45/20x1')
    expect($('[id$="_lblPname"]').text()).toBe('Fish & <Chips> "School"')
    const list = await get('ProjectList.aspx?ClientId=37-58')
    expect(list.$('table[id$="_gdvsch"] td').filter((_, td) => list.$(td).text() === 'Fish & <Chips> "School"')).toHaveLength(1)
    expect(tracker.projects('37-58').find((p) => p.appId === project!.appId)!.lastCertificationLetterType).toBe('1 YR VOID')
  })

  it('adds applications, and lists a client without any as a header-only grid', async () => {
    const empty = await get('ProjectList.aspx?ClientId=37-EMPTY')
    expect(empty.$('table[id$="_gdvsch"] tr')).toHaveLength(1)
    const added = tracker.addProject('37-EMPTY', { projectName: 'Added Elementary School' })
    expect(added.appId).toMatch(/^\d{6}$/)
    const after = await get('ProjectList.aspx?ClientId=37-EMPTY')
    expect(after.$('table[id$="_gdvsch"] tr').eq(1).find('td').eq(1).text()).toBe(`04  ${added.appId}`)
  })

  it('answers an unknown application with the not-found banner (200, as ASP.NET does)', async () => {
    const unknown = await get('ApplicationSummary.aspx?OriginId=04&AppId=000001')
    expect(unknown.response.status).toBe(200)
    expect(unknown.$('[id$="_lbl42AppNotFound"]').text()).toBe('Application 04 000001 not found.')
    expect(unknown.$('[id$="_lblApplication"]').text()).toBe('')
    expect(unknown.$('[id$="_lblEstAmt"]').text()).toBe('')

    const listed = tracker.projects('37-58')[1]!
    tracker.markNotFound(listed.appId)
    const hidden = await get(summaryPath(listed))
    expect(hidden.$('[id$="_lbl42AppNotFound"]').text()).toBe(`Application 04 ${listed.appId} not found.`)
    expect(tracker.projects('37-58').map((p) => p.appId)).toContain(listed.appId)
  })

  it('answers 404 for unknown pages and lists the demo clients on its home page', async () => {
    expect((await get('/DSA/Tracker/Nope.aspx')).response.status).toBe(404)
    expect((await get('/elsewhere')).response.status).toBe(404)
    expect((await get('/DSA/Tracker/constructor')).response.status).toBe(404)
    const home = await get('/dsa/tracker/')
    const clientLinks = home
      .$('a[href*="ProjectList.aspx"]')
      .toArray()
      .map((a) => new URL(home.$(a).attr('href')!, tracker.url).searchParams.get('ClientId'))
    expect(clientLinks).toEqual(expect.arrayContaining(['37-H9', '37-58']))
  })

  it('records every request', async () => {
    const before = tracker.requests.length
    await get('ProjectList.aspx?ClientId=37-58', { cookie: 'ASP.NET_SessionId=abc' })
    expect(tracker.requests.slice(before)).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/DSA/Tracker/ProjectList.aspx?ClientId=37-58',
        headers: expect.objectContaining({ cookie: 'ASP.NET_SessionId=abc' }),
      }),
    ])
  })

  describe('behaviours', () => {
    it('fails with the given status for the next `times` requests, then recovers', async () => {
      tracker.setBehaviour({ kind: 'fail', status: 503, times: 2 })
      const statuses = []
      for (let i = 0; i < 3; i++) statuses.push((await get('ProjectList.aspx?ClientId=37-58')).response.status)
      expect(statuses).toEqual([503, 503, 200])
    })

    it('keeps failing when no count is given', async () => {
      tracker.setBehaviour({ kind: 'fail', status: 500 })
      for (let i = 0; i < 3; i++) expect((await get('ProjectList.aspx?ClientId=37-58')).response.status).toBe(500)
    })

    it('rate-limits with Retry-After', async () => {
      tracker.setBehaviour({ kind: 'rate-limit', retryAfterSeconds: 7, times: 1 })
      const limited = await get('ProjectList.aspx?ClientId=37-58')
      expect(limited.response.status).toBe(429)
      expect(limited.response.headers.get('retry-after')).toBe('7')
      expect((await get('ProjectList.aspx?ClientId=37-58')).response.status).toBe(200)
    })

    it('delays every answer when slow', async () => {
      tracker.setBehaviour({ kind: 'slow', delayMs: 150 })
      const started = Date.now()
      const { $ } = await get('ProjectList.aspx?ClientId=37-58')
      expect(Date.now() - started).toBeGreaterThanOrEqual(140)
      expect($('table[id$="_gdvsch"] tr').length).toBeGreaterThan(1)
    })

    it('accepts a request and never answers when hung', async () => {
      tracker.setBehaviour({ kind: 'hang' })
      const before = tracker.requests.length
      await expect(get('ProjectList.aspx?ClientId=37-58', { signal: AbortSignal.timeout(200) })).rejects.toMatchObject({
        name: 'TimeoutError',
      })
      expect(tracker.requests.length).toBe(before + 1)
    })

    it('dies after the given number of requests', async () => {
      tracker.setBehaviour({ kind: 'down-after', requests: 2 })
      expect((await get('ProjectList.aspx?ClientId=37-58')).response.status).toBe(200)
      expect((await get(summaryPath(tracker.projects('37-58')[2]!))).response.status).toBe(200)
      await expect(get('ProjectList.aspx?ClientId=37-58')).rejects.toThrow()
      await expect(get('ProjectList.aspx?ClientId=37-58')).rejects.toThrow()
    })

    it('renames the grid and value spans after a redesign', async () => {
      tracker.setBehaviour({ kind: 'layout-changed' })
      const list = await get('ProjectList.aspx?ClientId=37-58')
      expect(list.response.status).toBe(200)
      expect(list.$('main.main-primary form#aspnetForm')).toHaveLength(1)
      expect(list.$('table[id$="_gdvsch"]')).toHaveLength(0)
      expect(list.$('table[id$="_gvProjects"] tr').length).toBeGreaterThan(1)
      const summary = await get(summaryPath(tracker.projects('37-58')[3]!))
      for (const suffix of ['_lblApplication', '_lblEstAmt', '_lbl42AppNotFound']) expect(summary.$(`[id$="${suffix}"]`)).toHaveLength(0)
      expect(summary.$('[id$="_txtApplicationNumber"]').text()).toBe(tracker.projects('37-58')[3]!.appId)
    })

    it('uses another control id prefix', async () => {
      tracker.setBehaviour({ kind: 'id-prefix', prefix: 'ctl00_ContentPlaceHolder1_' })
      const project = tracker.projects('37-58')[4]!
      const { $ } = await get(summaryPath(project))
      expect($('#ctl00_MainContent_lblApplication')).toHaveLength(0)
      expect($('#ctl00_ContentPlaceHolder1_lblApplication').text()).toBe(project.appId)
      expect($('[id$="_lblEstAmt"]').text()).toBe(project.estimatedAmount)
      expect((await get('ProjectList.aspx?ClientId=37-58')).$('#ctl00_ContentPlaceHolder1_gdvsch tr').length).toBeGreaterThan(1)
    })

    it('answers another application on summary pages when the session is mixed up', async () => {
      tracker.setBehaviour({ kind: 'wrong-application' })
      const requested = tracker.projects('37-58')[5]!
      const summary = await get(summaryPath(requested))
      const served = summary.$('[id$="_lblApplication"]').text()
      expect(served).toMatch(/^\d{6}$/)
      expect(served).not.toBe(requested.appId)
      const closeout = await get('ProjectCloseout.aspx', { cookie: summary.cookie })
      expect(closeout.$('[id$="_lblApplication"]').text()).toBe(served)
    })
  })
})
