import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'

/** The two widths every screen is checked at: a district laptop and a phone. */
export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const
export type ViewportName = keyof typeof VIEWPORTS

/** Where the screenshots of every screen go (git-ignored), for a reviewer to look at. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../.test-output/screenshots', import.meta.url))

/** Saves a full-page screenshot as `.test-output/screenshots/<viewport>/<name>.png`. */
export async function saveScreenshot(page: Page, viewport: ViewportName, name: string): Promise<void> {
  const dir = `${SCREENSHOT_DIR}/${viewport}`
  await mkdir(dir, { recursive: true })
  await page.screenshot({ path: `${dir}/${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`, fullPage: true })
}

/**
 * Badges, table cells and anything marked `data-no-clip` whose text needs more room than its box has (cut off, or
 * spilling over its neighbours), described for the failure message. Hidden elements are left out.
 */
export function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const boxes = document.querySelectorAll<HTMLElement>('.mantine-Badge-root, .mantine-Badge-label, td, th, [data-no-clip]')
    for (const box of boxes) {
      if (box.getClientRects().length === 0 || getComputedStyle(box).visibility === 'hidden') continue
      // One pixel of slack: widths are rounded.
      if (box.scrollWidth > box.clientWidth + 1) {
        const text = (box.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)
        found.push(
          `${box.tagName.toLowerCase()}.${box.className.split(' ')[0] ?? ''} "${text}": needs ${box.scrollWidth}px, has ${box.clientWidth}px`,
        )
      }
    }
    return found
  })
}

/**
 * Tables wider than the screen that do not scroll visibly: a table must fit, or sit in a scroll container whose
 * horizontal scroll bar is drawn (the platform's ScrollTable; headless Chromium hides native scroll bars, as do
 * phones and macOS until one scrolls).
 */
export function tablesCutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    for (const table of document.querySelectorAll<HTMLTableElement>('table')) {
      if (table.getClientRects().length === 0) continue
      const name = table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? 'a table'
      const viewport = table.closest<HTMLElement>('.mantine-ScrollArea-viewport')
      const scroller = viewport ?? table.parentElement
      if (!scroller) continue
      const overflows = Math.max(table.scrollWidth, table.getBoundingClientRect().width) > scroller.clientWidth + 1
      const pageOverflows = table.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !viewport
      if (!overflows && !pageOverflows) continue
      const root = viewport?.closest('.mantine-ScrollArea-root')
      const bar = root?.querySelector<HTMLElement>(':scope > .mantine-ScrollArea-scrollbar[data-orientation="horizontal"]')
      const drawn = bar !== null && bar !== undefined && bar.getClientRects().length > 0 && getComputedStyle(bar).opacity !== '0'
      if (!drawn)
        found.push(`${name}: ${Math.round(table.getBoundingClientRect().width)}px wide in ${scroller.clientWidth}px, no visible scroll bar`)
    }
    return found
  })
}

/** The page itself must not scroll sideways: everything wider scrolls inside its own box. */
export function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

/** No clipped badge or cell, no table cut off, no sideways page (soft: every problem of a screen is listed). */
export async function expectNothingCutOff(page: Page, screen: string): Promise<void> {
  expect.soft(await clippedTexts(page), `clipped text on ${screen}`).toEqual([])
  expect.soft(await tablesCutOff(page), `tables cut off on ${screen}`).toEqual([])
  expect.soft(await pageOverflow(page), `the page of ${screen} scrolls sideways by this many pixels`).toBeLessThanOrEqual(1)
}
