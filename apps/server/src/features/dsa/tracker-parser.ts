import { type CheerioAPI, load } from 'cheerio'
import { TrackerValueError, cleanText, parseMoney, parseTrackerDate } from './tracker-values.js'

import { TrackerLayoutError } from './tracker-layout-error.js'

export { TrackerLayoutError }

/** A listed application of a client, from ProjectList.aspx. */
export interface ListedApplication {
  officeId: string
  appId: string
  /** Office and application number, e.g. 04-101335. */
  projectNumber: string
  ptn: string | null
  name: string
}

/** What ApplicationSummary.aspx says about one application (raw amounts and dates parsed). */
export interface ApplicationSummary {
  officeId: string
  appId: string
  /** File #: the client id the tracker files the application under. */
  fileNumber: string
  projectName: string
  projectType: string | null
  projectClass: string | null
  city: string | null
  ptn: string | null
  estimatedAmount: number | null
  contractedAmount: number | null
  changeAmount: number | null
  finalCost: number | null
  receivedDate: string | null
  approvedDate: string | null
  closedDate: string | null
}

/** What ProjectCloseout.aspx ("Project Certification") adds. */
export interface CertificationStatus {
  certificationLetter: string | null
  certificationDate: string | null
  voidDate: string | null
}

export type SummaryResult = { found: true; summary: ApplicationSummary } | { found: false; message: string }

// Control ids look like ctl00_MainContent_lblEstAmt, but the prefix has changed before: match by suffix only.
const bySuffix = ($: CheerioAPI, suffix: string) => $(`[id$="_${suffix}"]`)
const valueOf = ($: CheerioAPI, suffix: string) => cleanText(bySuffix($, suffix).first().text())
const optional = (text: string) => (text === '' || text === 'N/A' || text === 'NA' ? null : text)

/** The applications listed for a client. An empty grid is an empty list; a missing grid is a layout error. */
export function parseProjectList(html: string, baseUrl: string): ListedApplication[] {
  const $ = load(html)
  const grid = $('table[id$="_gdvsch"]')
  if (grid.length === 0) throw new TrackerLayoutError('The project list has no project grid (an element whose id ends in _gdvsch)')
  const listed: ListedApplication[] = []
  const seen = new Set<string>()
  grid
    .first()
    .find('tr')
    .each((_index, row) => {
      const cells = $(row).children('td')
      const link = cells.first().find('a[href*="ApplicationSummary.aspx" i]').attr('href')
      if (!link) return
      const url = new URL(link, baseUrl)
      const params = new Map([...url.searchParams].map(([key, value]) => [key.toLowerCase(), value.trim()]))
      const officeId = params.get('originid') ?? ''
      const appId = params.get('appid') ?? ''
      if (!/^[A-Za-z0-9]{1,4}$/.test(officeId) || !/^\d{1,10}$/.test(appId)) return
      const projectNumber = `${officeId}-${appId}`
      if (seen.has(projectNumber)) return
      seen.add(projectNumber)
      listed.push({ officeId, appId, projectNumber, ptn: optional(cleanText(cells.eq(2).text())), name: cleanText(cells.eq(3).text()) })
    })
  return listed
}

/**
 * One application's summary. Checks the page is the application asked for: the tracker keeps the current application
 * in the session, and a mixed-up session answers another one's page.
 */
export function parseApplicationSummary(html: string, expected: { officeId: string; appId: string }): SummaryResult {
  const $ = load(html)
  const notFound = valueOf($, 'lbl42AppNotFound')
  if (notFound) return { found: false, message: notFound }
  if (bySuffix($, 'lblApplication').length === 0) {
    throw new TrackerLayoutError('The application summary has no application number (an element whose id ends in _lblApplication)')
  }
  const appId = valueOf($, 'lblApplication')
  const officeId = valueOf($, 'lblOffice') || expected.officeId
  if (appId === '') return { found: false, message: `The tracker shows no application ${expected.officeId}-${expected.appId}` }
  if (appId !== expected.appId || officeId !== expected.officeId) {
    throw new TrackerValueError(
      `asked for application ${expected.officeId}-${expected.appId} but the tracker answered with ${officeId}-${appId}`,
    )
  }
  return {
    found: true,
    summary: {
      officeId,
      appId,
      fileNumber: valueOf($, 'lblFile'),
      projectName: valueOf($, 'lblPname'),
      projectType: optional(valueOf($, 'lblProjectType')),
      projectClass: optional(valueOf($, 'lblPclass')),
      city: optional(valueOf($, 'lblCity')),
      ptn: optional(valueOf($, 'lblPTN')),
      estimatedAmount: parseMoney(valueOf($, 'lblEstAmt'), 'Estimated Amt'),
      contractedAmount: parseMoney(valueOf($, 'lblContAmt'), 'Contracted Amt'),
      changeAmount: parseMoney(valueOf($, 'lblCOamt'), 'Construction Change Document Amt'),
      finalCost: parseMoney(valueOf($, 'lblFinalProjectCost'), 'Final Project Cost'),
      receivedDate: parseTrackerDate(valueOf($, 'lblRecvDate'), 'Received Date'),
      approvedDate: parseTrackerDate(valueOf($, 'lblAppDate'), 'Approved Date'),
      closedDate: parseTrackerDate(valueOf($, 'lblCloseDate'), 'Closed Date'),
    },
  }
}

/** The last certification letter of an application, from its Project Certification page. */
export function parseCertification(html: string, expected: { appId: string }): CertificationStatus {
  const $ = load(html)
  if (bySuffix($, 'lblCloseLetType').length === 0) {
    throw new TrackerLayoutError('The project certification page has no letter type (an element whose id ends in _lblCloseLetType)')
  }
  const appId = valueOf($, 'lblApplication')
  if (appId !== '' && appId !== expected.appId) {
    throw new TrackerValueError(`asked for the certification of application ${expected.appId} but the tracker answered with ${appId}`)
  }
  return {
    certificationLetter: optional(valueOf($, 'lblCloseLetType')),
    certificationDate: parseTrackerDate(valueOf($, 'lblCloseDate'), 'Last Certification Date'),
    voidDate: parseTrackerDate(valueOf($, 'lblVoidCanceledDate'), 'Void/Canceled Date'),
  }
}
