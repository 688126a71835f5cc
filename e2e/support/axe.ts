import { AxeBuilder } from '@axe-core/playwright'
import type { Result } from 'axe-core'
import { expect, type Page } from '@playwright/test'

const FAILING_IMPACTS = new Set(['serious', 'critical'])

/** Rules that fail at any impact: text a person cannot read is never minor. */
const ALWAYS_FAILING_RULES = new Set(['color-contrast'])

export interface A11yOptions {
  /**
   * CSS selectors axe leaves out. axe cannot inject into sandboxed iframes (the HTML bodies and previews of Email
   * Administration): exclude them with `['iframe']` (and check their `title` in the test itself).
   */
  exclude?: string[]
  /** Record the failure and go on (to check every screen of a walk-through in one run). */
  soft?: boolean
}

/**
 * Undecided for want of a view or of text, not of contrast: text scrolled out of a scroll box's view
 * ('elmPartiallyObscured': the box's edge covers it; the same cells in view are checked), a wrapped label whose box
 * overlaps its neighbour's ('elmPartiallyObscuring', the designer's radio labels on a phone), text under an open
 * dropdown or dialog ('bgOverlap': checked again when nothing covers it), and cells axe cannot call text at all: a
 * single digit ('shortTextContent') or a dash or symbol ('nonBmp'), in the theme's colours checked elsewhere. Only
 * these reasons are left out of the undecided checks.
 */
const HIDDEN_BY_LAYOUT = new Set(['elmPartiallyObscured', 'elmPartiallyObscuring', 'bgOverlap', 'shortTextContent', 'nonBmp'])

/** Chart labels (SVG text) axe never decides on; their fill is the theme's dark grey, set in the chart components. */
const SVG_TEXT = /^<(tspan|text)[\s>]/

const undecidedContrast = (check: Result): Result => ({
  ...check,
  nodes: check.nodes.filter(
    (node) =>
      !SVG_TEXT.test(node.html) &&
      !node.any.every((reason) => HIDDEN_BY_LAYOUT.has((reason.data as { messageKey?: string } | null)?.messageKey ?? '')),
  ),
})

/**
 * Runs axe (WCAG 2 A and AA rules, color-contrast among them) on the page as it is now; fails listing every serious
 * or critical violation, and every contrast failure, including text whose contrast axe could not work out (it then
 * says why: a background it cannot see through is as unreadable to a reviewer as to a person).
 */
export async function expectNoSeriousA11yViolations(page: Page, screen = page.url(), options: A11yOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).options({ rules: { 'color-contrast': { enabled: true } } })
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  // A modal or button still fading in has blended colours that are nobody's final contrast: finite transitions end first
  // (spinners run forever and are left running; after 3 s the page is checked as it is). Two frames first: a
  // notification just mounted starts its fade-in on the next frame, when no transition was running yet to wait for.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running'),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined)
  const results = await builder.analyze()
  const failing = [
    ...results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? '') || ALWAYS_FAILING_RULES.has(violation.id)),
    ...results.incomplete.filter((check) => ALWAYS_FAILING_RULES.has(check.id)).map(undecidedContrast),
  ].filter((violation) => violation.nodes.length > 0)
  const report = failing.map((violation) => {
    const targets = violation.nodes.map(
      (node) => `    - ${node.target.join(' ')}${node.failureSummary ? `: ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
    )
    return [`  ${violation.id} (${violation.impact}): ${violation.help}`, ...targets].join('\n')
  })
  const check = options.soft ? expect.soft : expect
  check(report, `serious or critical accessibility violations on ${screen}:\n${report.join('\n')}`).toEqual([])
}
