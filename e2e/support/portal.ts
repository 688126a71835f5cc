import { readFile } from 'node:fs/promises'
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  type Download,
  type Locator,
  type Page,
} from '@playwright/test'
import { localDateTime } from '@platform/contracts/records-clock'
import type { TrackingView } from '@platform/contracts/records-portal'
import { expectNoSeriousA11yViolations } from './axe.js'
import { expectNoCodeTokens } from './code-tokens.js'
import { expectNothingCutOff, VIEWPORTS } from './layout.js'
import type { Platform } from './platform.js'
import { createRecordsPerson, type RecordsDuty } from './records.js'
import { bearer, settled } from './screens.js'

/*
 * The public's side of Public Information in the browser: requesters without an account, each at their own network
 * address, and the district's staff working the same requests through the staff API.
 */

/** The district's zone in a platform without a setting of its own. */
export const DISTRICT_ZONE = 'America/Los_Angeles'
export const districtToday = () => localDateTime(new Date(), DISTRICT_ZONE).date

/**
 * A platform that reads the caller's address from X-Forwarded-For, as one behind the district's proxy does: each
 * requester gets an address of their own, so the portal's limits per address count each person apart, as they would
 * count people on different networks.
 */
export const PORTAL_PLATFORM = { env: { TRUST_PROXY: 'true' } }

let addressSequence = 0
/** An address of the documentation range (203.0.113.0/24) no other requester of this platform has. */
export function publicAddress(): string {
  addressSequence += 1
  return `203.0.113.${addressSequence}`
}

type NewContext = (options?: BrowserContextOptions) => Promise<BrowserContext>

/** A member of the public: a browser of their own, without an account, at an address of their own. */
export async function openAsPublic(newBrowserContext: NewContext, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newBrowserContext({ ...options, extraHTTPHeaders: { 'X-Forwarded-For': publicAddress() } })
  return context.newPage()
}

export interface TrackingLink {
  link: string
  number: string
  /** The secret: the link's fragment. */
  token: string
}

/** The tracking link in an e-mail's text (or any text): `<app>/public-records/track/<number>#<secret>`. */
export function trackingLinkIn(text: string, appUrl: string): TrackingLink {
  const escaped = appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const found = new RegExp(`(${escaped}/public-records/track/(PRR-\\d{4}-\\d{4,})#([A-Za-z0-9_-]+))`).exec(text)
  if (!found) throw new Error(`No tracking link in:\n${text}`)
  return { link: found[1]!, number: found[2]!, token: found[3]! }
}

/** The tracking view the server answers a link with (its status too: 404 for a link that does not work). */
export async function trackingAnswer(request: APIRequestContext, link: TrackingLink) {
  const response = await request.post('/api/public-records/track', { data: { number: link.number, token: link.token } })
  const body = await response.text()
  return { status: response.status(), body, view: response.ok() ? (JSON.parse(body) as { data: TrackingView }).data : null }
}

/** The bytes of a file the browser downloaded. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return readFile((await download.path())!)
}

/** Clicks what starts a download and gives the file's name and bytes. */
export async function downloadBy(page: Page, trigger: Locator): Promise<{ name: string; bytes: Buffer }> {
  const downloading = page.waitForEvent('download')
  await trigger.click()
  const download = await downloading
  return { name: download.suggestedFilename(), bytes: await downloadedBytes(download) }
}

/**
 * Presses Tab until `target` has the focus: the field is reached by keyboard, in the page's order. Fails after `most`
 * presses (a field the keyboard never reaches).
 */
export async function tabTo(page: Page, target: Locator, most = 40): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target, `reached by Tab within ${most} presses`).toBeFocused()
}

/** A staff member of Public Information: signed in in a browser of their own, with their session for API calls. */
export interface StaffMember {
  name: string
  email: string
  page: Page
  token: string
  /** An API call as this person; fails the test unless the status is `status`. Gives the answer's `data`. */
  call: <T = unknown>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown, status?: number) => Promise<T>
}

async function member(page: Page, platform: Platform, name: string, email: string): Promise<StaffMember> {
  const token = await platform.signIn(page, email)
  return {
    name,
    email,
    page,
    token,
    async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown, status?: number): Promise<T> {
      const response = await page.request.fetch(path, { method, headers: bearer(token), data })
      const text = await response.text()
      expect(response.status(), `${method} ${path}: ${text}`).toBe(status ?? 200)
      const type = response.headers()['content-type'] ?? ''
      return (type.includes('json') ? (JSON.parse(text) as { data: T }).data : text) as T
    },
  }
}

export interface RecordsTeam {
  admin: StaffMember
  coordinator: StaffMember
  custodian: StaffMember
  signatory: StaffMember
}

/**
 * An administrator (signed in in `page`) makes a coordinator, a custodian and a signatory, each with their duty and
 * signed in in a browser of their own. Names are given so that a test can look for them where they must not be.
 */
export async function recordsTeam(
  page: Page,
  platform: Platform,
  newBrowserContext: NewContext,
  names: { admin: string; coordinator: string; custodian: string; signatory: string },
): Promise<RecordsTeam> {
  const { email: adminEmail } = await platform.createUser({ fullName: names.admin, roleCode: 'ADMIN' })
  const admin = await member(page, platform, names.admin, adminEmail)
  const person = async (name: string, duties: RecordsDuty[]) => {
    const email = await createRecordsPerson(page.request, admin.token, name, duties)
    return member(await (await newBrowserContext()).newPage(), platform, name, email)
  }
  return {
    admin,
    coordinator: await person(names.coordinator, ['COORDINATOR']),
    custodian: await person(names.custodian, ['CUSTODIAN']),
    signatory: await person(names.signatory, ['SIGNATORY']),
  }
}

/** The id of the request with this number, as the staff queue finds it. */
export async function requestIdOf(staff: StaffMember, number: string): Promise<number> {
  const found = await staff.call<Array<{ id: number; number: string }>>('GET', `/api/records-requests?search=${encodeURIComponent(number)}`)
  const row = found.find((request) => request.number === number)
  expect(row, `${number} in the staff queue`).toBeTruthy()
  return row!.id
}

/** The people holding Public Information duties, by name. */
export async function personId(staff: StaffMember, name: string): Promise<number> {
  const people = await staff.call<Array<{ id: number; name: string }>>('GET', '/api/records-people')
  const found = people.find((person) => person.name === name)
  expect(found, `${name} among the people of Public Information`).toBeTruthy()
  return found!.id
}

/** Uploads a file on a request as `staff` (a custodian assigned to it, or counsel); gives the new document's id. */
export async function uploadDocument(staff: StaffMember, requestId: number, fileName: string, bytes: Buffer): Promise<number> {
  const response = await staff.page.request.post(`/api/records-requests/${requestId}/documents?fileName=${encodeURIComponent(fileName)}`, {
    headers: { ...bearer(staff.token), 'Content-Type': 'application/octet-stream' },
    data: bytes,
  })
  expect(response.status(), await response.text()).toBe(201)
  const { data } = (await response.json()) as { data: { documents: Array<{ id: number; fileName: string }> } }
  return data.documents.find((document) => document.fileName === fileName)!.id
}

/** Drafts a letter as `drafter` and has `signatory` sign and issue it; gives the letter's id. */
export async function issueLetter(drafter: StaffMember, signatory: StaffMember, requestId: number, kind: string): Promise<number> {
  const letter = await drafter.call<{ id: number }>('POST', `/api/records-requests/${requestId}/letters`, { kind }, 201)
  await signatory.call('POST', `/api/records-requests/${requestId}/letters/${letter.id}/issue`, { signatoryTitle: 'Superintendent' })
  return letter.id
}

/** Every string inside a JSON answer, joined: what a person could read out of it. */
export function stringsOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(stringsOf).join('\n')
  if (value && typeof value === 'object') return Object.values(value).map(stringsOf).join('\n')
  return ''
}

/**
 * A public page as both its readers see it, at 1366 and at 390 px: nothing cut off, no code where words belong, and
 * axe's WCAG 2 A and AA rules; the page is left at the width it had.
 */
export async function checkPublicPage(page: Page, screen: string): Promise<void> {
  const before = page.viewportSize()
  for (const size of Object.values(VIEWPORTS)) {
    const width = `${size.width} px`
    await page.setViewportSize(size)
    await settled(page)
    await expectNothingCutOff(page, `${screen} at ${width}`)
    await expectNoCodeTokens(page, `${screen} at ${width}`)
    await expectNoSeriousA11yViolations(page, `${screen} at ${width}`, { soft: true })
  }
  if (before) await page.setViewportSize(before)
}
