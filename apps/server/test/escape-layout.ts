import type { EscapeFiscalYearNumbering } from '@platform/contracts/finance-erp-layout'
import { crc32 } from 'node:zlib'
import { expect } from 'vitest'
import { unpackEntry, zipEntries } from '../src/lib/zip-entries.js'

/** Escape Online's journal entry types (its Journal Entry Import page). */
const JE_TYPES = ['County', 'General', 'BudOrig', 'BudRev', 'Encumber', 'Expense', 'AP', 'CashRec', 'Stores', 'Accrual', 'Payroll']

export interface EscapeRow {
  orgId: string
  fiscalYear: string
  jeType: string
  deptId: string
  batchId: string
  dateEffective: string
  account: string
  debitCents: number
  creditCents: number
  comment: string
}

/** The fields of one CSV line, read as RFC 4180 reads them (a quoted field may hold commas and doubled quotes). */
function fieldsOf(line: string): string[] {
  const fields: string[] = []
  let at = 0
  for (;;) {
    if (line[at] === '"') {
      let value = ''
      at += 1
      for (;;) {
        const quote = line.indexOf('"', at)
        expect(quote, `an unclosed quote in ${line}`).toBeGreaterThanOrEqual(0)
        value += line.slice(at, quote)
        if (line[quote + 1] === '"') {
          value += '"'
          at = quote + 2
        } else {
          at = quote + 1
          break
        }
      }
      fields.push(value)
    } else {
      const comma = line.indexOf(',', at)
      const value = line.slice(at, comma < 0 ? line.length : comma)
      expect(value, `a bare quote in ${line}`).not.toContain('"')
      fields.push(value)
      at = comma < 0 ? line.length : comma
    }
    if (at >= line.length) return fields
    expect(line[at], `a field that does not end at a comma in ${line}`).toBe(',')
    at += 1
    if (at === line.length) return [...fields, '']
  }
}

const cents = (amount: string) => {
  expect(amount, 'an amount with two decimals').toMatch(/^\d+\.\d{2}$/)
  return Math.round(Number(amount) * 100)
}

/**
 * Reads an Escape Online journal entry import file, checking every rule of the published layout: the fields in order
 * and count (the comment optional), OrgId present, FiscalYear 4 digits, a JEType of the layout at most 8 characters,
 * DeptId at most 8 and Business unless General, BatchId at most 12, DateEffective mm/dd/yyyy and a real date, the
 * account at most 60, two-decimal amounts of which one is zero, one entry a file (one date, one batch, one type), and
 * the entry balanced.
 */
export function readEscapeFile(text: string, numbering: EscapeFiscalYearNumbering = 'ENDING'): EscapeRow[] {
  expect(text.endsWith('\r\n'), 'every line ends with CRLF').toBe(true)
  const rows = text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => {
      const fields = fieldsOf(line)
      expect([9, 10], `the fields of ${line}`).toContain(fields.length)
      const [orgId, fiscalYear, jeType, deptId, batchId, dateEffective, account, debit, credit, comment = ''] = fields as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string?,
      ]
      expect(orgId.length).toBeGreaterThan(0)
      expect(fiscalYear).toMatch(/^\d{4}$/)
      expect(JE_TYPES).toContain(jeType)
      expect(jeType.length).toBeLessThanOrEqual(8)
      expect(deptId.length).toBeGreaterThan(0)
      expect(deptId.length).toBeLessThanOrEqual(8)
      if (jeType !== 'General') expect(deptId).toBe('Business')
      expect(batchId.length).toBeGreaterThan(0)
      expect(batchId.length).toBeLessThanOrEqual(12)
      const date = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dateEffective)
      expect(date, `the date ${dateEffective}`).not.toBeNull()
      const iso = `${date![3]}-${date![1]}-${date![2]}`
      expect(new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10)).toBe(iso)
      // The fiscal year is the year the date's July–June year ends in, or starts in as the district chose.
      const starting = Number(date![3]) - (Number(date![1]) >= 7 ? 0 : 1)
      expect(Number(fiscalYear)).toBe(numbering === 'STARTING' ? starting : starting + 1)
      expect(account.length).toBeGreaterThan(0)
      expect(account.length).toBeLessThanOrEqual(60)
      const row = {
        orgId,
        fiscalYear,
        jeType,
        deptId,
        batchId,
        dateEffective,
        account,
        debitCents: cents(debit),
        creditCents: cents(credit),
        comment,
      }
      expect(Math.min(row.debitCents, row.creditCents), `one of the amounts of ${line} is zero`).toBe(0)
      expect(Math.max(row.debitCents, row.creditCents), `one of the amounts of ${line} is not`).toBeGreaterThan(0)
      return row
    })
  expect(rows.length).toBeGreaterThan(0)
  for (const key of ['orgId', 'fiscalYear', 'jeType', 'deptId', 'batchId', 'dateEffective'] as const)
    expect(new Set(rows.map((row) => row[key])).size, `one ${key} in the file`).toBe(1)
  const total = (key: 'debitCents' | 'creditCents') => rows.reduce((sum, row) => sum + row[key], 0)
  expect(total('debitCents'), 'the entry balances').toBe(total('creditCents'))
  return rows
}

/**
 * The files of a ZIP by name, read with the platform's own ZIP reader (lib/zip-entries.ts), each checked against the
 * CRC-32 its directory entry records, as an unzip tool checks it.
 */
export async function readZip(zip: Buffer): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const [name, entry] of zipEntries(zip)) {
    const pieces: Buffer[] = []
    await unpackEntry(zip, entry, (piece) => pieces.push(Buffer.from(piece)))
    const bytes = Buffer.concat(pieces)
    files.set(name, bytes.toString('utf8'))
    expect(crc32(bytes), `the CRC of ${name}`).toBe(directoryCrc(zip, name))
  }
  return files
}

/** The CRC-32 the central directory records for an entry. */
function directoryCrc(zip: Buffer, name: string): number {
  let at = zip.readUInt32LE(zip.length - 22 + 16)
  for (;;) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50)
    const nameLength = zip.readUInt16LE(at + 28)
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) return zip.readUInt32LE(at + 16)
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
  }
}
