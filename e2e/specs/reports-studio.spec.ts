import { expectNoSeriousA11yViolations } from '../support/axe.js'
import {
  availableReports,
  designerDialog,
  expectedSummary,
  expectSummaryTable,
  exportFile,
  firstSheet,
  money,
  openDesignerTab,
  openReportsStudio,
  pdfText,
  reportEntry,
  seedDsaProjects,
  sheetRowStartingWith,
} from '../support/reports.js'
import { mainMenu, settled } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// A report writer designs a grouped report with a chart and shares it; a staff member opens the link, reads and
// exports it; the writer edits it and brings the first version back. The tests run in order and share the report.
usePlatform()
test.describe.configure({ mode: 'serial' })

const REPORT_NAME = 'Client construction costs'
const DESCRIPTION = 'Projects and construction cost per client and status.'
const TITLE = 'Construction cost by client'
const REVISED_TITLE = 'Construction cost by client and status'
const WRITER_NAME = 'Rita Writer'
const expected = expectedSummary()

/** Shared by the tests, in order: the writer's address, the saved report and the link Share copied. */
let writerEmail = ''
let reportId = 0
let sharedLink = ''

test('a report writer designs a grouped summary with a chart, saves it and copies its link', async ({ page, context, platform }) => {
  test.setTimeout(90_000)
  await seedDsaProjects(platform)
  ;({ email: writerEmail } = await platform.createUser({
    fullName: WRITER_NAME,
    roleCode: 'REPORT_WRITER',
    applications: ['DASHBOARD', 'REPORTS_STUDIO', 'DSA_TRACKER'],
  }))
  await platform.signIn(page, writerEmail)

  // The menu opens the studio in a new tab.
  const menuItem = mainMenu(page).getByRole('link', { name: 'Reports Studio (opens in a new tab)' })
  await expect(menuItem).toHaveAttribute('href', '/reports-studio')
  await expect(menuItem).toHaveAttribute('target', '_blank')
  await openReportsStudio(page)
  await expect(page.getByText('Select a report to view or create a new one')).toBeVisible()
  await page.getByRole('button', { name: 'New Report' }).click()

  const designer = designerDialog(page, 'New Report')
  await expect(designer.getByRole('tab', { name: 'Data', selected: true })).toBeVisible()
  await expect(designer.getByText('Choose a dataset and add a column to see a preview.')).toBeVisible()

  // Data: the DSA projects, one row per group.
  await designer.getByRole('combobox', { name: 'Dataset' }).selectOption({ label: 'DSA projects' })
  await expect(designer.getByRole('table', { name: 'Fields of DSA projects' })).toBeVisible()
  await designer.getByRole('radio', { name: /^Summary:/ }).check()

  // Groups and totals: by client, with subtotals and a grand total.
  await openDesignerTab(designer, 'Groups and totals')
  await designer.getByRole('button', { name: 'Add group' }).click()
  const level = designer.getByRole('group', { name: 'Group level 1' })
  await level.getByRole('combobox', { name: 'Group by' }).selectOption({ label: 'Client' })
  await expect(level.getByRole('checkbox', { name: 'Subtotal' })).toBeChecked()
  await expect(designer.getByRole('checkbox', { name: 'Show a grand total' })).toBeChecked()

  // Columns: the status, how many projects, and their construction cost in dollars.
  await openDesignerTab(designer, 'Columns')
  const column = (n: number) => designer.getByRole('group', { name: new RegExp(`^Column ${n}: `) })
  await designer.getByRole('button', { name: 'Add column' }).click()
  await column(1).getByRole('combobox', { name: 'Shows' }).selectOption({ label: 'Status' })
  await designer.getByRole('button', { name: 'Add column' }).click()
  await column(2).getByRole('combobox', { name: 'Shows' }).selectOption({ label: 'Id' })
  await column(2).getByRole('combobox', { name: 'Aggregate' }).selectOption({ label: 'Count' })
  await column(2).getByRole('textbox', { name: 'Heading' }).fill('Projects')
  await designer.getByRole('button', { name: 'Add column' }).click()
  await column(3).getByRole('combobox', { name: 'Shows' }).selectOption({ label: 'Construction cost' })
  await column(3).getByRole('combobox', { name: 'Aggregate' }).selectOption({ label: 'Sum' })
  await column(3).getByRole('textbox', { name: 'Heading' }).fill('Construction cost')
  await column(3).getByRole('combobox', { name: 'Format' }).selectOption({ label: 'Money ($1,234.56)' })
  await expect(designer.getByRole('group', { name: /^Column \d+: / })).toHaveCount(3)
  await expect(column(3)).toHaveAccessibleName('Column 3: Construction cost')

  // Chart: bars of the cost per client (a new chart starts on the first number column, the count).
  await openDesignerTab(designer, 'Chart')
  await designer.getByRole('radio', { name: 'Bar' }).check()
  await expect(designer.getByRole('checkbox', { name: 'Projects' })).toBeChecked()
  await designer.getByRole('checkbox', { name: 'Construction cost' }).check()
  await designer.getByRole('checkbox', { name: 'Projects' }).uncheck()
  await expect(designer.getByRole('checkbox', { name: 'Construction cost' })).toBeChecked()

  // Page setup: the title above the report.
  await openDesignerTab(designer, 'Page setup')
  await designer.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE)

  // The live preview runs the draft: group headers, a row per status, subtotals, the grand total and the chart.
  const preview = designer.getByRole('region', { name: 'Live preview' })
  await expect(preview.getByRole('heading', { level: 4, name: TITLE })).toBeVisible()
  await expectSummaryTable(preview.getByRole('table', { name: 'Preview' }), expected)
  await expect(preview.getByRole('img', { name: /^Bar chart of Construction cost by 3 categories/ })).toBeVisible()
  await expect(designer.getByText('Unsaved changes')).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, 'the report designer with its live preview')

  // Save asks for a name: required, then saved with a description.
  await designer.getByRole('button', { name: 'Save', exact: true }).click()
  const saveDialog = page.getByRole('dialog', { name: 'Save report' })
  await saveDialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(saveDialog.getByText('A name is required')).toBeVisible()
  await expect(saveDialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true')
  await saveDialog.getByRole('textbox', { name: 'Name' }).fill(REPORT_NAME)
  await saveDialog.getByRole('textbox', { name: 'Description' }).fill(DESCRIPTION)
  await saveDialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Report saved successfully!')).toBeVisible()
  await expect(saveDialog).toBeHidden()
  const saved = designerDialog(page, `Edit report: ${REPORT_NAME}`)
  await expect(saved).toBeVisible()
  await expect(saved.getByText('Unsaved changes')).toBeHidden()
  await expect(page).toHaveURL(/\/reports-studio\?report=\d+$/)
  reportId = Number(new URL(page.url()).searchParams.get('report'))

  // Closed, the studio lists it (with edit, delete and share for its writer) and shows it.
  await saved.getByRole('button', { name: 'Close the designer' }).click()
  await expect(saved).toBeHidden()
  const entry = reportEntry(page, REPORT_NAME)
  await expect(entry).toBeVisible()
  await expect(entry.getByRole('link', { name: REPORT_NAME })).toHaveAttribute('href', `/reports-studio?report=${reportId}`)
  await expect(entry.getByText(DESCRIPTION)).toBeVisible()
  await expect(entry.getByText(new RegExp(`^${WRITER_NAME} · `))).toBeVisible()
  for (const action of ['Edit', 'Delete', 'Share'])
    await expect(entry.getByRole('button', { name: `${action} ${REPORT_NAME}` })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: REPORT_NAME })).toBeVisible()
  await expectSummaryTable(page.getByRole('table', { name: TITLE }), expected)
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/reports-studio (the list and the new report)')

  // Share copies the report's address.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url })
  await entry.getByRole('button', { name: `Share ${REPORT_NAME}` }).click()
  await expect(page.getByText('Report link copied to clipboard!')).toBeVisible()
  sharedLink = await page.evaluate(() => navigator.clipboard.readText())
  expect(sharedLink).toBe(`${platform.url}/reports-studio?report=${reportId}`)
})

test('a staff member opens the shared link, reads the report and exports it to Excel and PDF', async ({ page, platform }) => {
  test.setTimeout(60_000)
  expect(sharedLink, 'the first test copied a link').not.toBe('')
  const { email } = await platform.createUser({ fullName: 'Sam Staff', roleCode: 'STAFF', applications: ['REPORTS_STUDIO', 'DSA_TRACKER'] })
  await platform.signIn(page, email)
  await page.goto(sharedLink)

  // The report, read-only: no editing, deleting or new reports for staff.
  await expect(page.getByRole('heading', { level: 2, name: REPORT_NAME })).toBeVisible()
  await expect(page.getByText(DESCRIPTION).first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 3, name: TITLE })).toBeVisible()
  const table = page.getByRole('table', { name: TITLE })
  await expectSummaryTable(table, expected)
  // One page holds it all. The count is not pinned: in summary mode the server counts headers, subtotals and the grand
  // total in page.total (19 here), where the contract speaks of summary rows (12).
  const pager = page.getByRole('navigation', { name: 'Pages of the report' })
  await expect(pager.getByText(/^Showing rows 1–(\d+) of \1$/)).toBeVisible()
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled()
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled()
  const entry = reportEntry(page, REPORT_NAME)
  await expect(entry.getByRole('link', { name: REPORT_NAME })).toHaveAttribute('aria-current', 'page')
  await expect(entry.getByRole('button', { name: `Share ${REPORT_NAME}` })).toBeVisible()
  await expect(entry.getByRole('button', { name: `Edit ${REPORT_NAME}` })).toHaveCount(0)
  await expect(entry.getByRole('button', { name: `Delete ${REPORT_NAME}` })).toHaveCount(0)
  await expect(availableReports(page).getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'New Report' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Edit report' })).toHaveCount(0)

  // The chart: bars of the cost per client, its numbers a click away.
  await expect(page.getByRole('img', { name: /^Bar chart of Construction cost by 3 categories/ })).toBeVisible()
  await page.getByRole('button', { name: 'Show the chart data' }).click()
  const chartData = page.getByRole('table', { name: `Chart data: ${TITLE}` })
  await expect(chartData.getByRole('row')).toHaveText([
    'CategoryConstruction cost',
    ...expected.clients.map((client, i) => `${client}${money(expected.clientSums[i]!)}`),
  ])
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/reports-studio?report=… (the viewer, for staff)')

  const shownTotal = (await table.locator('tbody > tr[data-row-kind="grandTotal"] > td').last().textContent())?.trim()
  expect(shownTotal).toBe(money(expected.grandSum))

  // Excel: the title above the table, and the grand total as a number with the money format.
  const xlsx = await exportFile(page, 'Excel')
  expect(xlsx.download.suggestedFilename()).toMatch(/^Client_construction_costs_\d{4}-\d{2}-\d{2}\.xlsx$/)
  await expect(page.getByText('Export completed successfully')).toBeVisible()
  const sheet = await firstSheet(xlsx.content)
  expect(sheet.getCell('A1').value).toBe(TITLE)
  const header = sheetRowStartingWith(sheet, 'Status')
  expect(header?.values, 'the header row').toEqual([undefined, 'Status', 'Projects', 'Construction cost'])
  for (const subtotal of expected.subtotals) expect(sheetRowStartingWith(sheet, subtotal[0]!), subtotal[0]).toBeDefined()
  const grand = sheetRowStartingWith(sheet, 'Total')
  expect(grand, 'the grand total row').toBeDefined()
  expect(grand!.getCell(2).value).toBe(expected.details.reduce((count, row) => count + Number(row[1]), 0))
  const grandCost = grand!.getCell(3)
  expect(typeof grandCost.value).toBe('number')
  expect(money(grandCost.value as number)).toBe(shownTotal)
  expect(grandCost.numFmt).toContain('$')

  // PDF: a real document with the title, the groups and the same grand total.
  const pdf = await exportFile(page, 'PDF')
  expect(pdf.download.suggestedFilename()).toMatch(/^Client_construction_costs_\d{4}-\d{2}-\d{2}\.pdf$/)
  expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(pdf.content.length).toBeGreaterThan(1_500)
  const text = await pdfText(pdf.content)
  expect(text).toContain(TITLE)
  for (const [label, , cost] of expected.subtotals) {
    expect(text).toContain(label!)
    expect(text).toContain(cost!)
  }
  expect(text).toContain(shownTotal!)
  expect(text).toMatch(/Page 1 of \d+/)
})

test('the writer changes the title, saves, and restores the first version from History', async ({ page, platform }) => {
  test.setTimeout(60_000)
  expect(reportId, 'the first test saved a report').toBeGreaterThan(0)
  await platform.signIn(page, writerEmail)
  await openReportsStudio(page, reportId)
  await expect(page.getByRole('heading', { level: 3, name: TITLE })).toBeVisible()

  // Version 2: a new title.
  await page.getByRole('button', { name: 'Edit report' }).click()
  const designer = designerDialog(page, `Edit report: ${REPORT_NAME}`)
  await openDesignerTab(designer, 'Page setup')
  await expect(designer.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(REPORT_NAME)
  const title = designer.getByRole('textbox', { name: 'Title', exact: true })
  await expect(title).toHaveValue(TITLE)
  await title.fill(REVISED_TITLE)
  await expect(designer.getByRole('region', { name: 'Live preview' }).getByRole('heading', { level: 4, name: REVISED_TITLE })).toBeVisible()
  await expect(designer.getByText('Unsaved changes')).toBeVisible()
  await designer.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Report updated successfully!')).toBeVisible()
  await expect(designer.getByText('Unsaved changes')).toBeHidden()
  await designer.getByRole('button', { name: 'Close the designer' }).click()
  await expect(designer).toBeHidden()
  await expect(page.getByRole('heading', { level: 3, name: REVISED_TITLE })).toBeVisible()

  // History: two versions; version 1 comes back as version 3.
  await page.getByRole('button', { name: 'Edit report' }).click()
  await expect(designer).toBeVisible()
  await designer.getByRole('button', { name: 'History' }).click()
  const history = page.getByRole('dialog', { name: 'Version history' })
  const versions = history.getByRole('table', { name: 'Versions' }).locator('tbody > tr')
  await expect(versions).toHaveCount(2)
  await expect(versions.nth(0).getByRole('cell').first()).toHaveText('2')
  await expect(versions.nth(0).getByText('Current')).toBeVisible()
  await expect(versions.nth(1).getByRole('cell').first()).toHaveText('1')
  await expect(versions.nth(1)).toContainText(WRITER_NAME)
  await settled(page)
  await expectNoSeriousA11yViolations(page, 'the report designer, Version history')
  await history.getByRole('button', { name: 'Restore version 1' }).click()
  const confirm = page.getByRole('dialog', { name: 'Restore version' })
  await expect(confirm).toContainText('Restore version 1? It becomes the newest version')
  await confirm.getByRole('button', { name: 'Restore', exact: true }).click()
  await expect(page.getByText('Version 1 was restored as version 3.')).toBeVisible()
  await expect(history).toBeHidden()
  await openDesignerTab(designer, 'Page setup')
  await expect(designer.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(TITLE)
  await expect(designer.getByRole('region', { name: 'Live preview' }).getByRole('heading', { level: 4, name: TITLE })).toBeVisible()
  await expect(designer.getByText('Unsaved changes')).toBeHidden()

  await designer.getByRole('button', { name: 'History' }).click()
  await expect(versions).toHaveCount(3)
  await expect(versions.locator('td:first-child')).toHaveText(['3', '2', '1'])
  await expect(versions.nth(0).getByText('Current')).toBeVisible()
  await history.getByRole('button', { name: 'Close' }).click()
  await expect(history).toBeHidden()
  await designer.getByRole('button', { name: 'Close the designer' }).click()
  await expect(designer).toBeHidden()

  // The viewer shows the first title again, and the same figures.
  await expect(page.getByRole('heading', { level: 3, name: TITLE })).toBeVisible()
  await expectSummaryTable(page.getByRole('table', { name: TITLE }), expected)
})

test('a staff member without the DSA tracker opens the link and is told the report cannot run for them', async ({ page, platform }) => {
  expect(sharedLink, 'the first test copied a link').not.toBe('')
  const { email } = await platform.createUser({ fullName: 'Nora Nodata', roleCode: 'STAFF', applications: ['REPORTS_STUDIO'] })
  await platform.signIn(page, email)
  await page.goto(sharedLink)
  await expect(page.getByRole('heading', { level: 2, name: REPORT_NAME })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load report' })).toHaveText(
    "Failed to load report: You may not read the dataset 'DSA projects', so this report cannot run for you.",
  )
  await expect(page.getByRole('table', { name: TITLE })).toHaveCount(0)
  await expect(page.getByRole('group', { name: 'Export' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Edit report' })).toHaveCount(0)
})
