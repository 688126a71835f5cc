import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ErpLayoutSchema } from '@platform/contracts/finance-erp-layout'
import { readEscapeFile, readZip } from '../../../test/escape-layout.js'
import { journalFilesBody, zipOf } from '../../lib/journal-files.js'
import {
  type EscapeEntry,
  ESCAPE_FIELDS,
  escapeBatchId,
  escapeDate,
  escapeFiscalYear,
  escapeJournalFile,
} from '@platform/contracts/finance-escape-journal'

const district = { orgId: '60', deptId: 'Business' }
const CASH = '01-0000-0-0000-0000-9110-000'

/** A balanced entry: random credits (with random comments) and the cash debit that balances them. */
const entries = fc
  .record({
    jeType: fc.constantFrom('CashRec' as const, 'Accrual' as const),
    date: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
    batchId: fc.stringMatching(/^[A-Z0-9-]{1,12}$/),
    credits: fc.array(
      fc.record({
        account: fc.stringMatching(/^[0-9]{2}(-[0-9]{1,4}){0,6}$/),
        cents: fc.integer({ min: 1, max: 100_000_000_000 }),
        comment: fc.string({ maxLength: 40 }),
      }),
      { minLength: 1, maxLength: 30 },
    ),
  })
  .map(({ jeType, date, batchId, credits }): EscapeEntry => ({
    jeType,
    date: date.toISOString().slice(0, 10),
    batchId,
    lines: [
      ...credits.map((line) => ({ account: line.account, debitCents: 0, creditCents: line.cents, comment: line.comment })),
      { account: CASH, debitCents: credits.reduce((sum, line) => sum + line.cents, 0), creditCents: 0, comment: 'Cash' },
    ],
  }))

describe("Escape Online's journal entry import file", () => {
  it('names the fields of the published layout, in its order', () => {
    expect(ESCAPE_FIELDS).toEqual([
      'OrgId',
      'FiscalYear',
      'JEType',
      'DeptId',
      'BatchId',
      'DateEffective',
      'Account',
      'AmtDR',
      'AmtCR',
      'Comment',
    ])
  })

  it('writes every balanced entry as one entry of the layout, its lines and comments as given (property-based)', () => {
    fc.assert(
      fc.property(entries, (entry) => {
        const rows = readEscapeFile(escapeJournalFile(entry, district))
        expect(rows.map((row) => [row.account, row.debitCents, row.creditCents])).toEqual(
          entry.lines.map((line) => [line.account, line.debitCents, line.creditCents]),
        )
        expect(rows.map((row) => row.comment)).toEqual(
          entry.lines.map((line) => line.comment.replace(/[\r\n]+/g, ' ').replace(/^([=+\-@])/, "'$1")),
        )
        expect(rows[0]).toMatchObject({ orgId: '60', jeType: entry.jeType, deptId: 'Business', batchId: entry.batchId })
      }),
      { numRuns: 300 },
    )
  })

  it('refuses in words, writing nothing, an entry that does not balance by any amount (property-based)', () => {
    fc.assert(
      fc.property(entries, fc.integer({ min: 1, max: 1_000_000 }), (entry, off) => {
        const lines = entry.lines.map((line, index) => (index === 0 ? { ...line, creditCents: line.creditCents + off } : line))
        expect(() => escapeJournalFile({ ...entry, lines }, district)).toThrow(
          /does not balance: debits [\d.]+, credits [\d.]+\. No file was written\./,
        )
      }),
    )
  })

  it('writes a line of a debit and a credit as their difference, leaves out lines of zero, and two decimals always', () => {
    const rows = readEscapeFile(
      escapeJournalFile(
        {
          jeType: 'CashRec',
          date: '2026-03-02',
          batchId: 'LHS-D0001',
          lines: [
            { account: CASH, debitCents: 1000, creditCents: 995, comment: '' },
            { account: CASH, debitCents: 0, creditCents: 0, comment: 'nothing' },
            { account: '01-0000-0-1110-1000-8699-010', debitCents: 0, creditCents: 5, comment: 'Receipt "A", B' },
          ],
        },
        district,
      ),
    )
    expect(rows.map((row) => [row.debitCents, row.creditCents, row.comment])).toEqual([
      [5, 0, ''],
      [0, 5, 'Receipt "A", B'],
    ])
  })

  it('writes the date as mm/dd/yyyy and the fiscal year as the year its July–June year ends in', () => {
    expect(escapeDate('2026-03-02')).toBe('03/02/2026')
    expect(escapeFiscalYear('2026-06-30')).toBe('2026')
    expect(escapeFiscalYear('2026-07-01')).toBe('2027')
    expect(escapeFiscalYear('2026-06-30', 'STARTING')).toBe('2025')
    expect(escapeFiscalYear('2026-07-01', 'STARTING')).toBe('2026')
    expect(() => escapeDate('2026-02-30')).toThrow('is not a calendar date')
  })

  it('refuses in words what the layout cannot take: an account over 60, a batch over 12, a comma in a field, no OrgId', () => {
    const base: EscapeEntry = {
      jeType: 'Accrual',
      date: '2026-06-30',
      batchId: 'ACR-0001',
      lines: [
        { account: CASH, debitCents: 100, creditCents: 0, comment: '' },
        { account: '01-0000-0-1110-1000-4300-010', debitCents: 0, creditCents: 100, comment: '' },
      ],
    }
    const long = `${CASH}-${'0'.repeat(60 - CASH.length)}`
    expect(() => escapeJournalFile({ ...base, lines: base.lines.map((line) => ({ ...line, account: long })) }, district)).toThrow(
      `Escape Online takes at most 60 characters in the account; ${long} has 61.`,
    )
    expect(() => escapeJournalFile({ ...base, batchId: 'ACR-2025-26-0001' }, district)).toThrow(
      'at most 12 characters in the batch id (BatchId)',
    )
    expect(() => escapeJournalFile({ ...base, lines: base.lines.map((line) => ({ ...line, account: '01,02' })) }, district)).toThrow(
      'it holds a comma, a quote or a line break',
    )
    expect(() => escapeJournalFile(base, { ...district, orgId: '' })).toThrow('needs the organization id (OrgId)')
    expect(() => escapeJournalFile(base, { ...district, deptId: 'Business1' })).toThrow(
      'at most 8 characters in the department id (DeptId)',
    )
    expect(() => escapeJournalFile({ ...base, lines: [] }, district)).toThrow('has no amount to import')
  })

  it('shortens a label to a BatchId of at most 12 characters, keeping its number (property-based)', () => {
    expect(escapeBatchId('LHS-2025-26-D0042')).toBe('LHS-D0042')
    expect(escapeBatchId('ACR-2025-26-0007')).toBe('ACR-0007')
    expect(escapeBatchId('ACR-2025-26-0007-R')).toBe('ACR-0007-R')
    expect(escapeBatchId('LONGSITECODE-2025-26-D0042')).toBe('LONGSI-D0042')
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{1,20}$/),
        fc.integer({ min: 2000, max: 2098 }),
        fc.integer({ min: 1, max: 99_999 }),
        (site, year, id) => {
          const label = `${site}-${year}-${String((year + 1) % 100).padStart(2, '0')}-D${String(id).padStart(4, '0')}`
          const batch = escapeBatchId(label)
          expect(batch.length).toBeLessThanOrEqual(12)
          expect(batch.endsWith(`-D${String(id).padStart(4, '0')}`)).toBe(true)
        },
      ),
    )
  })

  it('offers one file as itself and several as a ZIP whose files read back whole', async () => {
    const files = [
      { name: 'receipts-journal-escape-2026-03-02.csv', text: 'a,b\r\n' },
      { name: 'receipts-journal-escape-2026-03-03.csv', text: 'c,"d, e"\r\n' },
    ]
    expect(journalFilesBody(files.slice(0, 1), 'x.zip')).toMatchObject({ contentType: 'text/csv; charset=utf-8', fileName: files[0]!.name })
    const zipped = journalFilesBody(files, 'journal.zip')
    expect(zipped).toMatchObject({ contentType: 'application/zip', fileName: 'journal.zip' })
    expect(zipped.body).toEqual(zipOf(files))
    expect(Object.fromEntries(await readZip(Buffer.from(zipped.body)))).toEqual(
      Object.fromEntries(files.map((file) => [file.name, file.text])),
    )
  })
})

describe('the ERP layout setting', () => {
  const refusal = (input: unknown) => {
    const parsed = ErpLayoutSchema.safeParse(input)
    return parsed.success ? null : parsed.error.issues.map((issue) => issue.message)
  }

  it('keeps the platform CSV without an OrgId, and refuses Escape without one or with another department, in words', () => {
    expect(refusal({ layout: 'PLATFORM_CSV', orgId: '', deptId: 'Business' })).toBeNull()
    expect(refusal({ layout: 'ESCAPE_ONLINE', orgId: '60', deptId: 'Business' })).toBeNull()
    expect(refusal({ layout: 'ESCAPE_ONLINE', orgId: '', deptId: 'Business' })).toEqual([
      "Enter Escape Online's organization id (orgId) to use its layout.",
    ])
    expect(refusal({ layout: 'ESCAPE_ONLINE', orgId: '60', deptId: 'Schools' })).toEqual([
      'Escape Online takes cash receipt and accrual entries only under the department Business (deptId).',
    ])
    expect(refusal({ layout: 'ESCAPE_ONLINE', orgId: '6,0', deptId: 'Business' })).toEqual([
      "Escape Online's organization id is letters and digits only (orgId).",
    ])
    expect(refusal({ layout: 'SAP', orgId: '', deptId: 'Business' })).toEqual([
      'Choose the journal layout: the platform CSV or Escape Online (layout).',
    ])
  })
})
