import type { Browser, Page } from '@playwright/test'
import type { Platform } from '../support/platform.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

/*
 * Times are read on the district's clock (Pacific) whatever the browser's zone: the browser here runs in Tokyo, where
 * every one of these moments falls on another day or hour. Around midnight, and across the night the clocks go back
 * (1:30 AM happens twice on Nov 1, 2026: first in daylight time, then in standard time).
 */
const MOMENTS = [
  { at: '2026-11-01T08:30:00.000Z', reads: 'Nov 1, 2026 1:30 AM PDT' },
  { at: '2026-11-01T09:30:00.000Z', reads: 'Nov 1, 2026 1:30 AM PST' },
  { at: '2026-11-28T07:45:00.000Z', reads: 'Nov 27, 2026 11:45 PM PST' },
] as const

const TOKYO = 'Asia/Tokyo'

function setPlatformClock(platform: Platform, instant: string): void {
  platform.clock.reset()
  platform.clock.advance(Date.parse(instant) - Date.now())
}

/** Signs the administrator in through the e-mailed code, in a browser of its own, at the platform's current time. */
async function signInAt(browser: Browser, platform: Platform, email: string, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, timezoneId: TOKYO })
  const page = await context.newPage()
  await platform.signInWithCode(page, email)
  return page
}

test('Activity shows when people signed in on the district clock, around midnight and across the change to standard time', async ({
  browser,
  platform,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const { email } = await platform.createUser({ fullName: 'Tess Timekeeper', roleCode: 'ADMIN' })
  let page: Page | null = null
  for (const moment of MOMENTS) {
    await page?.context().close()
    setPlatformClock(platform, moment.at)
    page = await signInAt(browser, platform, email, baseURL!)
  }
  const activity = page!
  await activity.goto('/admin/activity')
  const rows = activity
    .getByRole('table', { name: 'Activity' })
    .locator('tbody tr')
    .filter({ has: activity.locator('td:nth-child(4)', { hasText: /^Signed in$/ }) })
  await expect(rows).toHaveCount(MOMENTS.length)
  const when = rows.locator('td:nth-child(2)')
  await expect(when).toHaveText([...MOMENTS].reverse().map((moment) => moment.reads))

  // The district's Nov 27 holds the sign-in at 11:45 PM Pacific, though it was Nov 28 in UTC (and in Tokyo).
  await activity.getByLabel('From').fill('2026-11-27')
  await activity.getByLabel('To').fill('2026-11-27')
  await expect(rows).toHaveCount(1)
  await expect(rows.locator('td:nth-child(2)')).toHaveText('Nov 27, 2026 11:45 PM PST')
  await activity.getByLabel('From').fill('2026-11-28')
  await activity.getByLabel('To').fill('2026-11-28')
  await expect(rows).toHaveCount(0)
  await activity.context().close()
  platform.clock.reset()
})
