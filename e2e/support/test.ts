import { test as base, expect, type BrowserContext, type BrowserContextOptions } from '@playwright/test'
import { type Platform, type PlatformOptions, startPlatform } from './platform.js'

export { expect }

/** The platform of the spec file running in this worker (a worker runs one file at a time). */
let current: Platform | null = null

/**
 * Starts a whole platform for the calling spec file (beforeAll) and stops it afterwards (afterAll).
 * Every test of the file then gets it as the `platform` fixture, and its address as `baseURL`.
 * `options` may be a function, called when the platform starts: after the beforeAll hooks registered above
 * this call (which can start fake servers whose addresses the options need).
 */
export function usePlatform(options: PlatformOptions | (() => PlatformOptions) = {}): void {
  base.beforeAll(async () => {
    current = await startPlatform(typeof options === 'function' ? options() : options)
  })
  base.afterAll(async () => {
    await current?.close()
    current = null
  })
}

/** Sign-in link tokens never go into reports, even test ones. */
const redact = (text: string) => text.replace(/([?&]token=)[^&\s\]]+/g, '$1[redacted]')

/** What the browser said while a test ran: CSP violations fail the test, uncaught errors too. */
export interface BrowserProblems {
  cspViolations: string[]
  consoleErrors: string[]
  pageErrors: string[]
  /** For the one test that provokes a violation on purpose. */
  expectCspViolations(): void
}

/** Reports every CSP violation as a console error with a recognisable text, besides Chromium's own message. */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('Content Security Policy violation (reported by the test): ' + event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline code') + ' at ' + event.sourceFile + ':' + event.lineNumber + ':' + event.columnNumber)
})`

async function watch(context: BrowserContext, problems: BrowserProblems): Promise<void> {
  context.on('console', (message) => {
    if (message.type() !== 'error') return
    const page = message.page()
    const where = page ? ` [${page.url()}]` : ''
    const text = redact(`${message.text()}${where}`)
    if (message.text().includes('Content Security Policy')) problems.cspViolations.push(text)
    else problems.consoleErrors.push(text)
  })
  context.on('weberror', (webError) => {
    const error = webError.error()
    problems.pageErrors.push(redact(`${error.name}: ${error.message}${webError.page() ? ` [${webError.page()!.url()}]` : ''}`))
  })
  await context.addInitScript({ content: REPORT_CSP_VIOLATIONS })
}

interface Fixtures {
  platform: Platform
  browserProblems: BrowserProblems
  /** Another browser (a context with empty storage), watched like the main one and closed after the test. */
  newBrowserContext: (options?: BrowserContextOptions) => Promise<BrowserContext>
}

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  platform: async ({}, use) => {
    if (!current) throw new Error('No platform: call usePlatform() at the top of the spec file')
    await use(current)
  },

  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(current?.url)
  },

  browserProblems: [
    async ({ context }, use, testInfo) => {
      let cspExpected = false
      const problems: BrowserProblems = {
        cspViolations: [],
        consoleErrors: [],
        pageErrors: [],
        expectCspViolations: () => {
          cspExpected = true
        },
      }
      await watch(context, problems)
      await use(problems)

      const lines = [
        ...problems.cspViolations.map((text) => `CSP: ${text}`),
        ...problems.pageErrors.map((text) => `uncaught: ${text}`),
        ...problems.consoleErrors.map((text) => `console: ${text}`),
      ]
      if (lines.length > 0) await testInfo.attach('browser-console', { body: lines.join('\n'), contentType: 'text/plain' })
      if (testInfo.status !== testInfo.expectedStatus && current) {
        await testInfo.attach('server-log', { body: current.logLines.join(''), contentType: 'text/plain' })
      }
      if (!cspExpected) {
        expect(problems.cspViolations, 'Content Security Policy violations in the browser').toEqual([])
      }
      expect(problems.pageErrors, 'uncaught errors in the page').toEqual([])
    },
    { auto: true },
  ],

  newBrowserContext: async ({ browser, browserProblems }, use) => {
    const opened: BrowserContext[] = []
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL: current?.url, ...options })
      opened.push(context)
      await watch(context, browserProblems)
      return context
    })
    for (const context of opened) await context.close()
  },
})
