import { expect, test } from '@playwright/test'
import { findCodeTokens, visibleText } from '../support/code-tokens.js'

// The code-token matcher the screen walk runs on every screen: what it must catch, and what it must let through.
const tokensIn = (text: string) => findCodeTokens(text).map((token) => token.token)

test.describe('the code-token matcher', () => {
  test('catches codes: SCREAMING_SNAKE, snake_case, camelCase, long upper-case words and code words', () => {
    expect(tokensIn('Division: FIELD_FACILITIES')).toEqual(['FIELD_FACILITIES'])
    expect(tokensIn('Role SUPER_ADMIN, then REPORT_WRITER')).toEqual(['SUPER_ADMIN', 'REPORT_WRITER'])
    expect(tokensIn('Sum of construction_cost by client')).toEqual(['construction_cost'])
    expect(tokensIn('The extendedDueOn is required; restrictedJustification too')).toEqual(['extendedDueOn', 'restrictedJustification'])
    expect(tokensIn('Duty: REQUESTER')).toEqual(['REQUESTER'])
    expect(tokensIn('Type PAYABLE')).toEqual(['PAYABLE'])
    expect(tokensIn('3 messages in the outbox')).toEqual(['outbox'])
    expect(tokensIn('Outbox')).toEqual(['Outbox'])
  })

  test('names each token once, with the words around it', () => {
    const [token, ...rest] = findCodeTokens('State: PENDING_REVIEW. Again PENDING_REVIEW.')
    expect(rest).toEqual([])
    expect(token).toEqual({ token: 'PENDING_REVIEW', kind: 'SCREAMING_SNAKE', context: 'State: PENDING_REVIEW. Again PENDING_REVIEW.' })
  })

  test('lets words, acronyms, addresses, file names and identifiers with digits through', () => {
    const fine = [
      'Welcome, Sam. Your requests are due Mar 1, 2026 9:10 PM PST.',
      'A large number of records; New due date',
      'PDF, CSV and XLSX exports; the DSA tracker; FERPA and CALPADS; HTTPS only',
      'Write to ana_lopez@district.example.org or see https://www.dgs.ca.gov/DSA/Projects?client_id=37-H9&orderBy=projectName',
      'Upload staff_import_2026.csv or Board_Report.xlsx',
      'Receipt ROOSEVELT-2026-03-000123 and deposit RES-2026-03-D0004; project 04-123456',
      'Use it on an iPhone or in macOS',
      'A NOTE in capitals of four letters, OK',
    ]
    for (const text of fine) expect(tokensIn(text), text).toEqual([])
  })
})

test.describe('the visible text of a page', () => {
  test('reads what a person sees as written, leaving out verbatim data, code and hidden elements', async ({ page }) => {
    await page.setContent(`
      <main>
        <span style="text-transform: uppercase">Active</span>
        <p data-verbatim>ELEMENTARY SCHOOL MODERNIZATION</p>
        <p>Formula names: <code>construction_cost</code></p>
        <p hidden>HIDDEN_STATE</p>
        <p style="display: none">displayNone</p>
        <p style="visibility: hidden">INVISIBLE</p>
        <p>Duty: REQUESTER</p>
        <span class="sr-only" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">ariaOnly</span>
      </main>`)
    const text = await visibleText(page)
    expect(text).toContain('Active')
    expect(findCodeTokens(text).map((token) => token.token)).toEqual(['REQUESTER', 'ariaOnly'])
  })
})
