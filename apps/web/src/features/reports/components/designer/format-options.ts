import { FORMATS, type Format } from '@platform/contracts/reports'

export const FORMAT_LABELS: Record<Format, string> = {
  text: 'Text',
  integer: 'Whole number (1,234)',
  decimal: 'Number (1,234.57)',
  money: 'Money ($1,234.56)',
  percent: 'Percent (12.5%)',
  date: 'Date (Mar 1, 2026)',
  datetime: 'Date and time',
}

export const FORMAT_OPTIONS = FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] }))
