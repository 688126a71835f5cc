import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

const FAILING_IMPACTS = new Set(['serious', 'critical'])

/** Runs axe (WCAG 2 A and AA rules) on the page as it is now; fails listing every serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, screen = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
  const report = failing.map((violation) => {
    const targets = violation.nodes.map((node) => `    - ${node.target.join(' ')}${node.failureSummary ? `: ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`)
    return [`  ${violation.id} (${violation.impact}): ${violation.help}`, ...targets].join('\n')
  })
  expect(report, `serious or critical accessibility violations on ${screen}:\n${report.join('\n')}`).toEqual([])
}
