import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { TrackerLayoutError, parseApplicationSummary, parseCertification, parseProjectList } from './tracker-parser.js'
import { TrackerValueError, constructionCost, deriveStatus, parseMoney, parseTrackerDate } from './tracker-values.js'

const BASE = 'https://www.apps2.dgs.ca.gov/DSA/Tracker/'
const page = (name: string) => readFileSync(new URL(`../../../test/fixtures/dsa/${name}`, import.meta.url), 'utf8')

describe('the real tracker pages', () => {
  it.each([
    [
      'chaparral_original_campus_04_101335',
      '101335',
      {
        projectName: 'Ladera Ranch Elem. School # 1',
        projectType: 'School (K-12)',
        estimatedAmount: 7028750,
        contractedAmount: 7166000,
        changeAmount: 199043,
        finalCost: 7365043,
        receivedDate: '1999-06-30',
        approvedDate: '2000-03-09',
        closedDate: '2003-12-18',
      },
      { certificationLetter: '#1-Certification & Close of File', certificationDate: '2003-12-18', voidDate: null },
    ],
    [
      'ladera_shared_original_campus_04_102435',
      '102435',
      {
        city: 'Ladera Ranch',
        projectName: 'Ladera Ranch K-5/6-8 School',
        projectType: 'School (K-12)',
        estimatedAmount: 16700000,
        contractedAmount: 19895007,
        changeAmount: 278172.48,
        finalCost: 20173179.48,
        receivedDate: '2000-08-04',
        approvedDate: '2001-04-19',
        closedDate: '2005-04-12',
      },
      { certificationLetter: '#1-Certification & Close of File', certificationDate: '2006-04-26', voidDate: null },
    ],
  ])('%s: the summary and the certification pages read as the fixtures README lists', (prefix, appId, summary, certification) => {
    const result = parseApplicationSummary(page(`${prefix}_application_summary.html`), { officeId: '04', appId })
    expect(result).toEqual({
      found: true,
      summary: { officeId: '04', appId, fileNumber: '30-9', city: 'San Juan Capistrano', ptn: null, projectClass: null, ...summary },
    })
    expect(parseCertification(page(`${prefix}_project_certification.html`), { appId })).toEqual(certification)
  })

  it('derives the status and the cost of the captured applications', () => {
    const result = parseApplicationSummary(page('chaparral_original_campus_04_101335_application_summary.html'), {
      officeId: '04',
      appId: '101335',
    })
    if (!result.found) throw new Error('not found')
    const certification = parseCertification(page('chaparral_original_campus_04_101335_project_certification.html'), { appId: '101335' })
    expect(deriveStatus({ ...result.summary, ...certification })).toBe('COMPLETED')
    expect(
      constructionCost({
        estimated: result.summary.estimatedAmount,
        contracted: result.summary.contractedAmount,
        final: result.summary.finalCost,
      }),
    ).toEqual({ cost: 7365043, source: 'final' })
  })

  it('reads every application of the reconstructed project list, by the link and not by position', () => {
    const listed = parseProjectList(page('ProjectList_ClientId_36-67.RECONSTRUCTED.html'), BASE)
    expect(listed).toHaveLength(83)
    expect(listed[1]).toEqual({
      officeId: '04',
      appId: '102815',
      projectNumber: '04-102815',
      ptn: '57-67959-0',
      name: 'Calimesa Elementary School',
    })
    expect(listed[0]).toMatchObject({ projectNumber: '04-103556', ptn: null, name: 'Calimesa Elem. School' })
    expect(listed.every((row) => /^04-\d{6}$/.test(row.projectNumber) && row.name !== '' && row.name !== 'Select')).toBe(true)
  })

  it('refuses a summary page that is another application (a mixed-up session)', () => {
    expect(() =>
      parseApplicationSummary(page('chaparral_original_campus_04_101335_application_summary.html'), { officeId: '04', appId: '999999' }),
    ).toThrow(TrackerValueError)
    expect(() => parseCertification(page('chaparral_original_campus_04_101335_project_certification.html'), { appId: '999999' })).toThrow(
      /asked for the certification of application 999999/,
    )
  })
})

describe('hand-made variants of the pages', () => {
  const summary = page('chaparral_original_campus_04_101335_application_summary.html')

  it('reads a negative change amount in parentheses', () => {
    const html = summary.replace('>$199,043.00<', '>($12,345.67)<')
    const result = parseApplicationSummary(html, { officeId: '04', appId: '101335' })
    expect(result.found && result.summary.changeAmount).toBe(-12345.67)
  })

  it('reads pages whose control ids carry a different prefix', () => {
    const html = summary.replaceAll('ctl00_MainContent_', 'ctl00_ContentPlaceHolder1_')
    const result = parseApplicationSummary(html, { officeId: '04', appId: '101335' })
    expect(result.found && result.summary.finalCost).toBe(7365043)
    const list = page('ProjectList_ClientId_36-67.RECONSTRUCTED.html').replaceAll('ctl00_MainContent_', 'ctl00_ContentPlaceHolder1_')
    expect(parseProjectList(list, BASE)).toHaveLength(83)
  })

  it('treats a missing field as empty, and a page without the application number as a changed layout', () => {
    const withoutCity = summary.replace(/<span id="ctl00_MainContent_lblCity">[^<]*<\/span>/, '')
    const result = parseApplicationSummary(withoutCity, { officeId: '04', appId: '101335' })
    expect(result.found && result.summary.city).toBeNull()
    const redesigned = summary.replaceAll('lblApplication', 'txtApplicationNo')
    expect(() => parseApplicationSummary(redesigned, { officeId: '04', appId: '101335' })).toThrow(TrackerLayoutError)
    expect(() => parseProjectList('<html><body><table id="gvProjects"></table></body></html>', BASE)).toThrow(/no project grid/)
    expect(() => parseCertification('<html><body>Service unavailable</body></html>', { appId: '1' })).toThrow(TrackerLayoutError)
  })

  it('reports the not-found banner as not found, never as an empty project', () => {
    // The banner's span holds empty <b><font> elements on a page that exists; the message goes inside them.
    const html = summary.replace(
      '<font color="#FF3300" size="5"></font>',
      '<font color="#FF3300" size="5">Application 04 123456 not found.</font>',
    )
    expect(html).not.toBe(summary)
    expect(parseApplicationSummary(html, { officeId: '04', appId: '101335' })).toEqual({
      found: false,
      message: 'Application 04 123456 not found.',
    })
  })

  it('names the label of a malformed amount or date', () => {
    expect(() => parseApplicationSummary(summary.replace('>$7,028,750.00<', '>$7,02x,750<'), { officeId: '04', appId: '101335' })).toThrow(
      "Estimated Amt '$7,02x,750' is not an amount of money",
    )
    expect(() => parseApplicationSummary(summary.replace('>6/30/1999<', '>13/45/1999<'), { officeId: '04', appId: '101335' })).toThrow(
      "Received Date '13/45/1999' is not a date",
    )
  })

  it('finds an empty grid to be an empty list', () => {
    const list = page('ProjectList_ClientId_36-67.RECONSTRUCTED.html').replace(/<tr>\s*<td[\s\S]*?<\/tr>/g, '')
    expect(parseProjectList(list, BASE)).toEqual([])
  })
})

describe('tracker values', () => {
  it('parses money as the tracker writes it', () => {
    expect(parseMoney('$1,170,037.76', 'x')).toBe(1170037.76)
    expect(parseMoney('  $9.99 ', 'x')).toBe(9.99)
    expect(parseMoney('($12,345.00)', 'x')).toBe(-12345)
    expect(parseMoney('$0.00', 'x')).toBe(0)
    expect(parseMoney('', 'x')).toBeNull()
    for (const bad of ['$1,2x3', '($5.00', '12,34', 'n/a', '$1.234']) expect(() => parseMoney(bad, 'Amt')).toThrow(TrackerValueError)
  })
  it('parses dates with or without padding and time', () => {
    expect(parseTrackerDate('1/25/2000 2:01:35 PM', 'x')).toBe('2000-01-25')
    expect(parseTrackerDate('03/09/2000', 'x')).toBe('2000-03-09')
    expect(parseTrackerDate('   ', 'x')).toBeNull()
    for (const bad of ['2/30/2001', '13/1/2001', '2001-01-01', '1/1/01'])
      expect(() => parseTrackerDate(bad, 'Date')).toThrow(TrackerValueError)
  })
  it('derives the status from the dates and the last certification letter, first match wins', () => {
    const none = { receivedDate: null, approvedDate: null, closedDate: null, voidDate: null, certificationLetter: null }
    expect(deriveStatus({ ...none, voidDate: '2020-01-01', certificationLetter: '#1-Certification & Close of File' })).toBe('REJECTED')
    expect(deriveStatus({ ...none, certificationLetter: '1 YR VOID' })).toBe('REJECTED')
    expect(deriveStatus({ ...none, certificationLetter: 'CANCEL' })).toBe('REJECTED')
    expect(deriveStatus({ ...none, certificationLetter: '#3-Close of File w/o Certification - Exceptions' })).toBe('COMPLETED')
    expect(
      deriveStatus({ ...none, closedDate: '2020-01-01', certificationLetter: 'DSA 301P Notification of Requirement for Certification' }),
    ).toBe('PENDING')
    expect(deriveStatus({ ...none, closedDate: '2020-01-01', approvedDate: '2019-01-01' })).toBe('COMPLETED')
    expect(deriveStatus({ ...none, approvedDate: '2019-01-01', receivedDate: '2018-01-01' })).toBe('APPROVED')
    expect(deriveStatus({ ...none, receivedDate: '2018-01-01' })).toBe('IN REVIEW')
    expect(deriveStatus(none)).toBe('PENDING')
  })
  it('picks the best cost and never a zero', () => {
    expect(constructionCost({ estimated: 5, contracted: 7, final: 0 })).toEqual({ cost: 7, source: 'contracted' })
    expect(constructionCost({ estimated: 5, contracted: null, final: null })).toEqual({ cost: 5, source: 'estimated' })
    expect(constructionCost({ estimated: 0, contracted: 0, final: 0 })).toEqual({ cost: null, source: null })
  })
})
