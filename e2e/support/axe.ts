import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

const FAILING_IMPACTS = new Set(['serious', 'critical'])

export interface A11yOptions {
  /**
   * CSS selectors axe leaves out. axe cannot inject into sandboxed iframes (the HTML bodies and previews of Email
   * Administration): exclude them with `['iframe']` (and check their `title` in the test itself).
   */
  exclude?: string[]
}

/** Runs axe (WCAG 2 A and AA rules) on the page as it is now; fails listing every serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, screen = page.url(), options: A11yOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa'])
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  const results = await builder.analyze()
  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
  const report = failing.map((violation) => {
    const targets = violation.nodes.map((node) => `    - ${node.target.join(' ')}${node.failureSummary ? `: ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`)
    return [`  ${violation.id} (${violation.impact}): ${violation.help}`, ...targets].join('\n')
  })
  expect(report, `serious or critical accessibility violations on ${screen}:\n${report.join('\n')}`).toEqual([])
}
