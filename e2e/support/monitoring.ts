import { expect, type Locator, type Page } from '@playwright/test'
import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'

/** A server's state as the screen words it ('RUNNING' → 'Running'). */
export const stateWords = (state: string): string => labelOf(adminLabels.serverState, state)
/** A health as the screen words it ('WARN' → 'Warning'); '—' stays. */
export const healthWords = (health: string): string => (health === '—' ? health : labelOf(adminLabels.serverHealth, health))

/** The label of a summary card → its data-testid ('Running Servers' → 'summary-running-servers'). */
export const SUMMARY_LABELS = ['Total Domains', 'Running Servers', 'Warnings', 'Failed'] as const
export type SummaryLabel = (typeof SUMMARY_LABELS)[number]

/** The value of a summary card, inside the 'Summary' region. */
export const summaryValue = (page: Page, label: SummaryLabel): Locator =>
  page.getByRole('region', { name: 'Summary' }).getByTestId(`summary-${label.toLowerCase().replace(/\s+/g, '-')}`)

/** The card of a domain: a region named after it. */
export const domainCard = (page: Page, domain: string): Locator => page.getByRole('region', { name: domain, exact: true })

/**
 * A field of the admin-server box of a domain card ('Admin server', 'State', 'Health', 'Since', 'WebLogic version'): the
 * value under its label. The label is a paragraph, which keeps it apart from the table's 'State' and 'Health' column headers.
 */
export const adminField = (card: Locator, label: 'Admin server' | 'State' | 'Health' | 'Since' | 'WebLogic version'): Locator =>
  card
    .locator('p')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::div[1]')

/** The columns of a managed server's row after its name (the row header). */
const MANAGED_COLUMNS = ['Listen address', 'Cluster', 'State', 'Health', 'JVM'] as const
type ManagedColumn = (typeof MANAGED_COLUMNS)[number]

/** The cells of one managed server's row: listen address, cluster, state, health, JVM (the name is the row header). */
export async function managedServerCells(card: Locator, domain: string, server: string): Promise<Locator> {
  const table = card.getByRole('table', { name: `Managed servers of ${domain}` })
  const row = table.getByRole('row').filter({ has: card.page().getByRole('rowheader', { name: server, exact: true }) })
  await expect(row).toHaveCount(1)
  return row.getByRole('cell')
}

/** One cell of a managed server's row, by its column. */
export async function managedServerCell(card: Locator, domain: string, server: string, column: ManagedColumn): Promise<Locator> {
  return (await managedServerCells(card, domain, server)).nth(MANAGED_COLUMNS.indexOf(column))
}

/** One of the JVM's figures in a managed server's JVM cell: its value, beside its label. */
const jvmFigure = (jvm: Locator, label: 'Started' | 'Heap' | 'Threads' | 'Data sources'): Locator =>
  jvm.locator(`[data-figure="${label}"] dd`)

/**
 * Expects a managed server's row to read exactly these cells (Started is checked only for being set or not). A server
 * in no cluster reads 'Not in a cluster'.
 */
export async function expectManagedServer(
  card: Locator,
  domain: string,
  server: string,
  want: { address: string; port: string; cluster: string; state: string; started: boolean; health: string },
): Promise<void> {
  const cells = await managedServerCells(card, domain, server)
  await expect(cells).toHaveCount(MANAGED_COLUMNS.length)
  const cell = (column: ManagedColumn) => cells.nth(MANAGED_COLUMNS.indexOf(column))
  await expect(cell('Listen address'), `${server}: listen address`).toHaveText(`${want.address}:${want.port}`)
  await expect(cell('Cluster'), `${server}: cluster`).toHaveText(want.cluster)
  // The State cell, in words, may add since when the server has been so ('since 5 min ago …', see sinceTime).
  await expect(cell('State'), `${server}: state`).toHaveText(new RegExp(`^${stateWords(want.state)}(since .+)?$`))
  await expect(cell('Health'), `${server}: health`).toHaveText(healthWords(want.health))
  const jvm = cell('JVM')
  if (want.started) await expect(jvmFigure(jvm, 'Started'), `${server}: started`).not.toHaveText(/^(—|)$/)
  else await expect(jvmFigure(jvm, 'Started'), `${server}: started`).toHaveText('—')
  // A running server shows its heap and threads; any other shows none.
  if (want.state === 'RUNNING') {
    await expect(jvmFigure(jvm, 'Heap'), `${server}: heap`).toHaveText(/^\d+% \([\d,]+ of [\d,]+ MB\)$/)
    await expect(jvmFigure(jvm, 'Threads'), `${server}: threads`).toHaveText(/^\d+ stuck, \d+ hogging$/)
  } else {
    await expect(jvmFigure(jvm, 'Heap'), `${server}: heap`).toHaveText('—')
  }
}

/**
 * The <time> of a 'since': its dateTime attribute is the exact ISO time, its text '5 min ago' (admin server) or
 * 'since 5 min ago' (managed server) followed by the exact local time for screen readers.
 */
export const sinceTime = (within: Locator): Locator => within.locator('time')

/** A card's text with its relative 'since' times masked: they move on with the clock while the card stays the same. */
export async function cardTextWithoutAges(card: Locator): Promise<string> {
  return (await card.innerText()).replace(/(less than a minute|\d+ (min|h|days?)) ago/g, '… ago')
}

/** The state history dialog of a domain. */
export const historyDialog = (page: Page, domain: string): Locator => page.getByRole('dialog', { name: `State history of ${domain}` })

/** The seconds in the cache line's '… next refresh in {n}s'. */
export async function secondsToNextRefresh(page: Page): Promise<number> {
  const text = (await page.getByTestId('cache-line').textContent()) ?? ''
  const match = /next refresh in (\d+)s/.exec(text)
  if (!match) throw new Error(`The cache line has no countdown: '${text}'`)
  return Number(match[1])
}

/** Opens a domain card's error 'Details' and returns the raw error shown in it. */
export async function openErrorDetails(card: Locator): Promise<Locator> {
  await card.getByText('Details', { exact: true }).click()
  const raw = card.locator('details[open] pre')
  await expect(raw).toBeVisible()
  return raw
}
