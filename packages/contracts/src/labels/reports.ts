import type { LabelTable } from '../labels.js'

/** The words for the codes people read in Reports Studio. */
export const reportsLabels = {
  /** A dataset field's type, in the field list and an upload's columns. */
  fieldType: {
    string: 'Text',
    integer: 'Whole number',
    decimal: 'Number',
    money: 'Money',
    date: 'Date',
    datetime: 'Date and time',
    boolean: 'Yes / No',
  },
  /** How a column sums up its rows. */
  aggregate: {
    sum: 'Sum',
    avg: 'Average',
    min: 'Lowest',
    max: 'Highest',
    count: 'Count',
    countDistinct: 'Count distinct',
  },
  /** A filter's comparison, read after the field's name. */
  filterOp: {
    eq: 'equals',
    ne: 'does not equal',
    in: 'is one of',
    notIn: 'is not one of',
    lt: 'is less than',
    lte: 'is at most',
    gt: 'is greater than',
    gte: 'is at least',
    between: 'is between',
    contains: 'contains',
    startsWith: 'starts with',
    isNull: 'is empty',
    isNotNull: 'is not empty',
  },
  /** What a parameter asks the person running the report for. */
  parameterType: {
    string: 'Text',
    integer: 'Whole number',
    decimal: 'Number',
    date: 'Date',
    boolean: 'Yes / No',
    select: 'One choice',
    multiSelect: 'Several choices',
  },
  /** The file an export writes. */
  exportFormat: { csv: 'CSV', xlsx: 'Excel', pdf: 'PDF' },
  /** Where a background export stands. */
  exportJobState: {
    queued: 'Waiting to start',
    running: 'Writing',
    ready: 'Ready',
    failed: 'Failed',
    cancelled: 'Cancelled',
    expired: 'Removed',
  },
  /** Whether a report's rows are records or group summaries. */
  rowsMode: { detail: 'Detail', summary: 'Summary' },
  chartType: { bar: 'Bar chart', line: 'Line chart', pie: 'Pie chart' },
  orientation: { portrait: 'Portrait', landscape: 'Landscape' },
  /** A dataset's origin. */
  datasetKind: { builtin: 'Built in', upload: 'Uploaded' },
} as const satisfies LabelTable
