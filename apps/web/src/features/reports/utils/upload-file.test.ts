import { describe, expect, it } from 'vitest'
import { typesParam, megabytes, nameFromFile, uploadFileProblem, uploadKindOf } from './upload-file'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const sized = (file: File, size: number) => Object.defineProperty(file, 'size', { value: size })

describe('upload files', () => {
  it('tells CSV from XLSX by the extension first, then by the type the browser gives', () => {
    expect(uploadKindOf(new File([''], 'Budget.CSV', { type: 'application/vnd.ms-excel' }))).toBe('csv')
    expect(uploadKindOf(new File([''], 'budget.xlsx'))).toBe('xlsx')
    expect(uploadKindOf(new File([''], 'export', { type: XLSX }))).toBe('xlsx')
    expect(uploadKindOf(new File([''], 'budget.xls', { type: 'application/vnd.ms-excel' }))).toBeNull()
  })

  it('refuses empty files, other kinds and files over 10 MB, and accepts exactly 10 MB', () => {
    expect(uploadFileProblem(new File([''], 'a.csv'))).toBe('The file is empty.')
    expect(uploadFileProblem(new File(['x'], 'a.pdf'))).toBe('Choose a CSV file (.csv) or an Excel workbook (.xlsx).')
    expect(uploadFileProblem(sized(new File(['x'], 'a.csv'), 10 * 1024 * 1024))).toBeNull()
    expect(uploadFileProblem(sized(new File(['x'], 'a.csv'), 10 * 1024 * 1024 + 1))).toBe(
      'The file is 10.1 MB; a dataset file can be at most 10 MB.',
    )
  })

  it('rounds sizes up, so a file just over the limit never reads as the limit', () => {
    expect(megabytes(1)).toBe('0.1 MB')
    expect(megabytes(2.5 * 1024 * 1024)).toBe('2.5 MB')
  })

  it('starts the name from the file name and sends the types in file order', () => {
    expect(nameFromFile('Budget 2026.xlsx')).toBe('Budget 2026')
    expect(nameFromFile('notes.txt')).toBe('notes.txt')
    expect(
      typesParam([
        { name: 'b', label: 'B', type: 'money' },
        { name: 'a', label: 'A', type: 'string' },
      ]),
    ).toBe('money,string')
  })
})
