import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe.js'
import { expectNoCodeTokens } from './code-tokens.js'
import { expectNothingCutOff, saveScreenshot, VIEWPORTS, type ViewportName } from './layout.js'
import { seedDsaProjects } from './reports.js'
import {
  ACCRUALS_CONTROLLER,
  ACCRUALS_CONTROLLER_SCREENS,
  ACCRUALS_REQUESTER,
  ACCRUALS_REQUESTER_SCREENS,
  ADMIN_SCREENS,
  APPROVER,
  APPROVER_SCREENS,
  COLLECTOR_SCREENS,
  heading,
  PRINCIPAL,
  type Screen,
  SIGNED_OUT_SCREENS,
  seedExportJobs,
} from './screen-list.js'
import { settled, settledWithFrames } from './screens.js'
import { test } from './test.js'

/** Opens, settles, photographs and checks one screen: nothing cut off, readable, and no code where words belong. */
async function checkScreen(page: Page, viewport: ViewportName, screen: Screen): Promise<void> {
  await test.step(`${screen.name} at ${VIEWPORTS[viewport].width} px`, async () => {
    await screen.open(page)
    // A screen with a sandboxed frame (axe cannot enter it) does not reliably reach 'networkidle'.
    await (screen.axeExclude?.includes('iframe') ? settledWithFrames(page) : settled(page))
    await saveScreenshot(page, viewport, screen.name)
    await expectNothingCutOff(page, `${screen.name} (${viewport})`)
    await expectNoCodeTokens(page, `${screen.name} (${viewport})`)
    await expectNoSeriousA11yViolations(page, `${screen.name} (${viewport})`, { exclude: screen.axeExclude, soft: true })
  })
}

const ADMIN_PART_SIZE = 6
const ADMIN_PARTS = Array.from({ length: Math.ceil(ADMIN_SCREENS.length / ADMIN_PART_SIZE) }, (_unused, part) =>
  ADMIN_SCREENS.slice(part * ADMIN_PART_SIZE, (part + 1) * ADMIN_PART_SIZE),
)

/**
 * Every screen at one width: nothing cut off, every text readable (axe's contrast rule), and a screenshot of each under
 * .test-output/screenshots for a reviewer. A spec file per width, on a platform with the demo district, so the two widths
 * run side by side.
 */
export function describeScreenWalk(viewport: ViewportName): void {
  // This width's administrator, made (with the data the screens show) by the first test that needs them.
  let adminEmail = ''

  test.describe(`at ${VIEWPORTS[viewport].width} px`, () => {
    test.use({ viewport: VIEWPORTS[viewport] })

    test('the signed-out screens', async ({ page }) => {
      test.setTimeout(90_000)
      for (const screen of SIGNED_OUT_SCREENS) await checkScreen(page, viewport, screen)
    })

    // In parts of a few screens each, so one slow screen on a busy machine cannot make the whole walk run out of time.
    ADMIN_PARTS.forEach((screens, part) => {
      test(`every screen of a district administrator, part ${part + 1} of ${ADMIN_PARTS.length}`, async ({ page, platform }) => {
        test.setTimeout(180_000)
        if (!adminEmail) {
          await seedDsaProjects(platform)
          await platform.createUser({ fullName: 'Ian Inactive', roleCode: 'REPORT_WRITER', isActive: false })
          const admin = await platform.createUser({ fullName: 'District Administrator', roleCode: 'ADMIN' })
          adminEmail = admin.email
          await seedExportJobs(platform, admin.userId)
          // The first time through the e-mail: the Email log screen then has that message to show.
          await platform.signInWithCode(page, adminEmail)
        } else {
          await platform.signIn(page, adminEmail)
        }
        await platform.processMail()
        for (const screen of screens) await checkScreen(page, viewport, screen)
      })
    })

    test('the Payment Receipts screens and My queue of an approver', async ({ page, platform }) => {
      test.setTimeout(300_000) // eight screens with axe on each, on a shared machine
      await platform.signIn(page, APPROVER)
      for (const screen of APPROVER_SCREENS) await checkScreen(page, viewport, screen)
    })

    test('the Accruals screens of a controller and of a requester', async ({ page, platform }) => {
      test.setTimeout(240_000)
      await platform.signIn(page, ACCRUALS_CONTROLLER)
      for (const screen of ACCRUALS_CONTROLLER_SCREENS) await checkScreen(page, viewport, screen)
      await platform.signIn(page, ACCRUALS_REQUESTER)
      for (const screen of ACCRUALS_REQUESTER_SCREENS) await checkScreen(page, viewport, screen)
    })

    test("a collector's new receipt and My queue", async ({ page, platform }) => {
      test.setTimeout(120_000)
      await platform.signIn(page, PRINCIPAL)
      for (const screen of COLLECTOR_SCREENS) await checkScreen(page, viewport, screen)
    })

    test("a staff member's home", async ({ page, platform }) => {
      test.setTimeout(90_000)
      const { email } = await platform.createUser({
        fullName: 'Sam Staff',
        roleCode: 'STAFF',
        applications: ['DASHBOARD', 'REPORTS_STUDIO'],
      })
      await platform.signIn(page, email)
      await checkScreen(page, viewport, { name: 'staff-home', open: (p) => heading(p, 'Welcome, Sam') })
      await checkScreen(page, viewport, {
        name: 'staff-reports-studio',
        open: async (p) => {
          await p.goto('/reports-studio')
          await heading(p, 'Reports Studio')
        },
      })
    })
  })
}
