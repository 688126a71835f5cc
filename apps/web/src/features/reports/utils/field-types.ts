import type { FieldType } from '@platform/contracts/reports'

/** A field's type in words, in the designer's field list and the upload's column table. */
export const FIELD_TYPE_NAMES: Record<FieldType, string> = {
  string: 'Text',
  integer: 'Whole number',
  decimal: 'Number',
  money: 'Money',
  date: 'Date',
  datetime: 'Date and time',
  boolean: 'Yes / No',
}
