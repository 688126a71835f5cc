import { reportsLabels } from '@platform/contracts/labels/reports'
import type { FieldType } from '@platform/contracts/reports'

/** A field's type in words, in the designer's field list and the upload's column table. */
export const FIELD_TYPE_NAMES: Record<FieldType, string> = reportsLabels.fieldType
