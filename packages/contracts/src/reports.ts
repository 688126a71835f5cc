import { z } from 'zod'
import { MAX_ID, id, idParam, text } from './input.js'

/*
 * Reports Studio: a report is a declarative definition over a dataset of the server's
 * catalogue. People never send SQL; the server checks every name against the catalogue and binds every value.
 */

export const REPORT_SCHEMA_VERSION = 1
export const FIELD_TYPES = ['string', 'integer', 'decimal', 'money', 'date', 'datetime', 'boolean'] as const
export type FieldType = (typeof FIELD_TYPES)[number]
export const FORMATS = ['text', 'integer', 'decimal', 'money', 'percent', 'date', 'datetime'] as const
export type Format = (typeof FORMATS)[number]
export const AGGREGATES = ['sum', 'avg', 'min', 'max', 'count', 'countDistinct'] as const
export type Aggregate = (typeof AGGREGATES)[number]
export const FILTER_OPS = [
  'eq',
  'ne',
  'in',
  'notIn',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'contains',
  'startsWith',
  'isNull',
  'isNotNull',
] as const
export type FilterOp = (typeof FILTER_OPS)[number]
export const PARAMETER_TYPES = ['string', 'integer', 'decimal', 'date', 'boolean', 'select', 'multiSelect'] as const
export const CHART_TYPES = ['bar', 'line', 'pie'] as const

/** Caps that keep a definition (and what it costs to run) bounded. */
export const REPORT_LIMITS = {
  columns: 50,
  groups: 5,
  calculations: 20,
  filters: 30,
  parameters: 20,
  expressionLength: 500,
  pageSize: 500,
  summaryRows: 50_000,
}

const identifier = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'Names are lower-case letters, digits and _, starting with a letter')
const scalar = z.union([text().max(500), z.number(), z.boolean(), z.null()])
/** A literal, or the value a parameter was given in the viewer. */
export const ValueSchema = z.union([scalar, z.object({ param: identifier })])
export type ReportValue = z.infer<typeof ValueSchema>

export const ParameterSchema = z.object({
  id: identifier,
  label: text().trim().min(1).max(100),
  type: z.enum(PARAMETER_TYPES),
  required: z.boolean().default(false),
  default: z.union([scalar, z.array(scalar)]).optional(),
  /** The choices of a select or multiSelect: fixed, or the distinct values of a dataset field. */
  options: z.array(text().max(200)).max(500).optional(),
  optionsFrom: identifier.optional(),
  /**
   * Choices taken from a field, narrowed by parameters before this one: only the rows whose `field` holds that
   * parameter's value give choices (a site narrows the accounts offered). An earlier parameter left empty narrows nothing.
   */
  filteredBy: z
    .array(z.object({ param: identifier, field: identifier }))
    .max(5)
    .optional(),
})
export type ReportParameter = z.infer<typeof ParameterSchema>

export const FilterSchema = z.object({
  field: identifier,
  op: z.enum(FILTER_OPS),
  /** One value, or a list for in / notIn and a pair for between; none for isNull / isNotNull. */
  value: z.union([ValueSchema, z.array(ValueSchema).max(500)]).optional(),
  /** Leave the filter out when its parameter was left empty. */
  ignoreIfEmpty: z.boolean().default(false),
})
export type ReportFilter = z.infer<typeof FilterSchema>

export const CalculationSchema = z.object({
  id: identifier,
  label: text().trim().min(1).max(100),
  /** The formula language: numbers, 'text', fields, + - * /, comparisons, sum avg min max count abs round coalesce nullif if. */
  expr: text().trim().min(1).max(REPORT_LIMITS.expressionLength),
  format: z.enum(FORMATS).default('decimal'),
})
export type ReportCalculation = z.infer<typeof CalculationSchema>

export const GroupSchema = z.object({
  field: identifier,
  label: text().max(100).optional(),
  subtotal: z.boolean().default(true),
  pageBreakBefore: z.boolean().default(false),
})

/** A column shows a field (aggregated in summary rows and subtotals when `agg` is set) or a calculation. */
export const ColumnSchema = z
  .object({
    field: identifier.optional(),
    calc: identifier.optional(),
    agg: z.enum(AGGREGATES).optional(),
    label: text().max(100).optional(),
    format: z.enum(FORMATS).optional(),
    width: z.number().int().min(20).max(600).optional(),
  })
  .refine((column) => Boolean(column.field) !== Boolean(column.calc), 'A column shows either a field or a calculation')
export type ReportColumn = z.infer<typeof ColumnSchema>

/** The name a column is known by in sorts, conditional formats, charts and the result: 'cost', 'sum_cost', a calculation's id. */
export function columnKey(column: ReportColumn): string {
  if (column.calc) return column.calc
  return column.agg ? `${column.agg}_${column.field}` : column.field!
}

export const SortSchema = z.object({ key: identifier, dir: z.enum(['asc', 'desc']).default('asc') })

export const ConditionalFormatSchema = z.object({
  column: identifier,
  when: z.object({ op: z.enum(['eq', 'ne', 'lt', 'lte', 'gt', 'gte']), value: z.union([z.number(), text().max(200)]) }),
  style: z.object({
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Colours look like #B00020')
      .optional(),
    background: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Colours look like #FFF4CC')
      .optional(),
    bold: z.boolean().optional(),
  }),
})
export type ConditionalFormat = z.infer<typeof ConditionalFormatSchema>

/** A chart over the first group level: one category per group, one series per column key. */
export const ChartSchema = z.object({
  type: z.enum(CHART_TYPES),
  series: z.array(identifier).min(1).max(6),
})

export const LayoutSchema = z.object({
  title: text().max(200).default(''),
  subtitle: text().max(300).optional(),
  orientation: z.enum(['portrait', 'landscape']).default('portrait'),
  pageSize: z.enum(['Letter', 'Legal', 'A4']).default('Letter'),
  /** Print the parameter values under the title. */
  showParameters: z.boolean().default(true),
  footer: z
    .object({ pageNumbers: z.boolean().default(true), runAt: z.boolean().default(true), text: text().max(200).optional() })
    .default({ pageNumbers: true, runAt: true }),
})

/** The dataset a report reads its rows from: a report cannot be saved or run before one is chosen. */
export const DatasetChoiceSchema = z
  .string({ error: 'Choose a dataset: the report reads its rows from it.' })
  .min(1, { error: 'Choose a dataset: the report reads its rows from it.', abort: true })
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'That is not the name of a dataset: choose one from the list.')

export const ReportDefinitionSchema = z.object({
  schemaVersion: z.literal(REPORT_SCHEMA_VERSION),
  dataset: DatasetChoiceSchema,
  parameters: z.array(ParameterSchema).max(REPORT_LIMITS.parameters).default([]),
  filters: z.array(FilterSchema).max(REPORT_LIMITS.filters).default([]),
  calculations: z.array(CalculationSchema).max(REPORT_LIMITS.calculations).default([]),
  /** detail: one row per record, groups add headers and subtotals. summary: one row per group (and per non-aggregated column). */
  rows: z.object({ mode: z.enum(['detail', 'summary']) }).default({ mode: 'detail' }),
  groups: z.array(GroupSchema).max(REPORT_LIMITS.groups).default([]),
  columns: z.array(ColumnSchema).min(1, 'A report shows at least one column').max(REPORT_LIMITS.columns),
  sort: z.array(SortSchema).max(10).default([]),
  totals: z.object({ grand: z.boolean().default(true), label: text().max(100).default('Total') }).default({ grand: true, label: 'Total' }),
  conditionalFormats: z.array(ConditionalFormatSchema).max(30).default([]),
  chart: ChartSchema.nullable().default(null),
  layout: LayoutSchema.default({
    title: '',
    orientation: 'portrait',
    pageSize: 'Letter',
    showParameters: true,
    footer: { pageNumbers: true, runAt: true },
  }),
})
export type ReportDefinition = z.infer<typeof ReportDefinitionSchema>
export type ReportDefinitionInput = z.input<typeof ReportDefinitionSchema>

// The catalogue

export const DatasetFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  filterable: z.boolean(),
  groupable: z.boolean(),
  /** The aggregates that make sense for its type. */
  aggregates: z.array(z.enum(AGGREGATES)),
})
export type DatasetField = z.infer<typeof DatasetFieldSchema>

export const DatasetSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  /** builtin: defined in the server's code; upload: a CSV or XLSX file a report writer uploaded. */
  kind: z.enum(['builtin', 'upload']),
  fields: z.array(DatasetFieldSchema),
  rowCount: z.number().int().nullable(),
  /** An uploaded dataset the caller may replace or delete: they uploaded it, or they are an administrator. */
  canManage: z.boolean().default(false),
})
export type Dataset = z.infer<typeof DatasetSchema>
export const DatasetsResponseSchema = z.object({ datasets: z.array(DatasetSchema) })

// Reports (the API's names: REPORT_ID, REPORT_NAME, REPORT_DESCRIPTION, CREATOR_NAME, CREATED_BY, CREATED_AT, definition)

export const ReportSummarySchema = z.object({
  REPORT_ID: z.number().int(),
  REPORT_NAME: z.string(),
  REPORT_DESCRIPTION: z.string().nullable(),
  CREATOR_NAME: z.string().nullable(),
  CREATED_BY: z.number().int().nullable(),
  CREATED_AT: z.string(),
  UPDATED_AT: z.string(),
  /** Whether the caller may edit and delete it. */
  canEdit: z.boolean(),
  dataset: z.string(),
  version: z.number().int(),
})
export type ReportSummary = z.infer<typeof ReportSummarySchema>
export const ReportListResponseSchema = z.object({ reports: z.array(ReportSummarySchema), canCreate: z.boolean() })
export const ReportDetailsResponseSchema = z.object({ report: ReportSummarySchema, definition: ReportDefinitionSchema })
export const ReportIdQuerySchema = z.object({ reportId: idParam('reportId') })

const name = text('A name is required').trim().min(1, 'A name is required').max(200, 'A name has at most 200 characters')
const description = text().trim().max(1000, 'A description has at most 1000 characters').optional()
/** A report's name and description, as the save form and the details on Page setup ask them. */
export const ReportDetailsSchema = z.object({ name, description })
export const ReportCreateBodySchema = ReportDetailsSchema.extend({ definition: z.unknown() })
export const ReportUpdateBodySchema = z.object({
  name: name.optional(),
  description,
  definition: z.unknown(),
  /** The version the editor started from: a newer one saved meanwhile answers 409 instead of being overwritten. */
  version: id('version').optional(),
})
export const ReportSavedResponseSchema = z.object({ success: z.literal(true), message: z.string(), report: ReportSummarySchema })

export const ReportVersionSchema = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  savedBy: z.string().nullable(),
  name: z.string(),
  /** The current definition is the newest version. */
  current: z.boolean(),
})
export const ReportVersionsResponseSchema = z.object({ versions: z.array(ReportVersionSchema) })
export const ReportVersionQuerySchema = ReportIdQuerySchema.extend({ version: idParam('version') })

// Running a report: one result model behind the viewer and every export

/** Parameter values as the viewer sends them (strings from inputs, lists for multiSelect). */
export const ParameterValuesSchema = z.record(identifier, z.union([scalar, z.array(scalar).max(500)]))

export const RunReportBodySchema = z.object({
  /**
   * A saved report, or a definition being designed (the live preview). Both: the preview of changes to that report,
   * allowed to whoever may edit it.
   */
  reportId: id('reportId').optional(),
  definition: z.unknown().optional(),
  parameters: ParameterValuesSchema.default({}),
  offset: z.number().int().min(0).max(MAX_ID).default(0),
  limit: z.number().int().min(1).max(REPORT_LIMITS.pageSize).default(100),
})
/**
 * The detail rows behind a group of a grouped or summary report: its group fields (the fields it groups by, and in a
 * summary the other fields its rows are made of) and the values of the chosen row, as the viewer received them.
 */
export const DrillSchema = z
  .record(identifier, z.union([text().max(500), z.number(), z.boolean(), z.null()]))
  .refine((drill) => Object.keys(drill).length >= 1 && Object.keys(drill).length <= REPORT_LIMITS.groups + REPORT_LIMITS.columns, {
    error: 'Choose a group of the report to see its rows.',
  })
export type Drill = z.infer<typeof DrillSchema>
export const DrillReportBodySchema = RunReportBodySchema.extend({ drill: DrillSchema })
export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const
export const ExportReportBodySchema = RunReportBodySchema.omit({ offset: true, limit: true }).extend({
  format: z.enum(EXPORT_FORMATS),
  /** Export the detail rows behind one group instead of the report. */
  drill: DrillSchema.optional(),
})

export const CellStyleSchema = z.object({ color: z.string().optional(), background: z.string().optional(), bold: z.boolean().optional() })
export type CellStyle = z.infer<typeof CellStyleSchema>

export const ResultColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  format: z.enum(FORMATS),
  align: z.enum(['left', 'right']),
})
export type ResultColumn = z.infer<typeof ResultColumnSchema>

export const ResultRowSchema = z.object({
  kind: z.enum(['groupHeader', 'detail', 'subtotal', 'grandTotal']),
  /** 0 for the outermost group (and the grand total), then 1, 2 … ; detail rows sit at the number of groups. */
  level: z.number().int(),
  /** Headers: 'Group: value'; subtotals: the group's value (shown as 'Subtotal: value'); the grand total: its label. */
  label: z.string().nullable(),
  cells: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** A style per cell from the conditional formats; omitted when none applies. */
  styles: z.array(CellStyleSchema.nullable()).optional(),
  /** Start a new page before this row (a group with pageBreakBefore). */
  pageBreakBefore: z.boolean().optional(),
  /** A group's header or a summary row in the viewer: the values of its group fields, which open its detail rows. */
  drill: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
})
export type ResultRow = z.infer<typeof ResultRowSchema>

export const ResultChartSchema = z.object({
  type: z.enum(CHART_TYPES),
  /** What the categories are (the first group's name, or the first column's): the title of the category axis. */
  categoryLabel: z.string().optional(),
  categories: z.array(z.string()),
  series: z.array(z.object({ key: z.string(), name: z.string(), values: z.array(z.number().nullable()) })),
})
export type ResultChart = z.infer<typeof ResultChartSchema>

export const ReportResultSchema = z.object({
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The parameters as they were applied, for the header ('Fiscal year: 2026'). */
  parameters: z.array(z.object({ id: z.string(), label: z.string(), value: z.string() })),
  columns: z.array(ResultColumnSchema),
  rows: z.array(ResultRowSchema),
  chart: ResultChartSchema.nullable(),
  /** Detail mode: detail rows in all and this page's place among them; summary mode: summary rows. */
  page: z.object({ offset: z.number().int(), limit: z.number().int(), total: z.number().int(), hasMore: z.boolean() }),
  generatedAt: z.string(),
  /** The district's time zone (DISTRICT_TIME_ZONE), in which the header and footer say when the report ran. */
  timeZone: z.string(),
  layout: LayoutSchema,
})
export type ReportResult = z.infer<typeof ReportResultSchema>

/** Reports Studio's fixed texts, in the platform's words. */
export const REPORT_TEXT = {
  loadFailed: 'Failed to load reports',
  loadOneFailed: (message: string) => `Failed to load report: ${message}`,
  saveFailed: (message: string) => `Failed to save report: ${message}`,
  updateFailed: (message: string) => `Failed to update report: ${message}`,
  deleteFailed: (message: string) => `Failed to delete report: ${message}`,
  designerUnavailable: 'The report designer could not be loaded. Please refresh the page.',
  saved: 'Report saved successfully!',
  updated: 'Report updated successfully!',
  linkCopied: 'Report link copied to clipboard!',
  empty: 'No reports available',
  selectPrompt: 'Select a report to view or create a new one',
}

/** Roles that create reports and use the designer. */
export const REPORT_DESIGNER_ROLES: readonly string[] = ['SUPER_ADMIN', 'ADMIN', 'REPORT_WRITER']

// Datasets uploaded from CSV or XLSX files

/**
 * bytes: the file as sent. unpackedBytes: the XML an .xlsx holds once unzipped (a zip bomb stops there). values: the
 * characters of all cells together (a CSV of `bytes` holds at most that many).
 */
export const UPLOAD_LIMITS = {
  bytes: 10 * 1024 * 1024,
  rows: 100_000,
  columns: 100,
  unpackedBytes: 128 * 1024 * 1024,
  values: 32 * 1024 * 1024,
}
/** An uploaded dataset's id as reports name it: upload_ and its table id. */
const uploadedDatasetId = (message: string) =>
  z
    .string()
    .regex(/^upload_\d{1,10}$/, message)
    .refine((value) => Number(value.slice('upload_'.length)) >= 1 && Number(value.slice('upload_'.length)) <= MAX_ID, message)
export const UPLOAD_CONTENT_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const

/** A column of an uploaded file: the name reports use, its header, and the type its values are stored as. */
export const UploadColumnSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/),
  label: text().max(200),
  type: z.enum(FIELD_TYPES),
})
export type UploadColumn = z.infer<typeof UploadColumnSchema>

export const UploadQuerySchema = z.object({
  name: text('A name is required').trim().min(1, 'A name is required').max(200),
  description: text().trim().max(1000).optional(),
  /** true: read the file and propose column types, store nothing. */
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** The types confirmed by the person, in file order, separated by commas (the names and labels proposed stay). */
  types: text().max(2000).optional(),
  /** Or whole columns as JSON, [{ name, label, type }] in file order, to rename them too; neither: the proposed ones. */
  columns: text().max(12_000).optional(),
  /** Replace this uploaded dataset in place: reports over it keep working. */
  replace: uploadedDatasetId('replace names an uploaded dataset such as upload_3').optional(),
})

export const UploadPreviewResponseSchema = z.object({
  columns: z.array(UploadColumnSchema.extend({ samples: z.array(z.string()) })),
  rowCount: z.number().int(),
})
export const UploadSavedResponseSchema = z.object({ success: z.literal(true), message: z.string(), dataset: DatasetSchema })
export const UploadIdQuerySchema = z.object({ datasetId: uploadedDatasetId('Not an uploaded dataset') })

/** The choices of the parameters that take them from a field (optionsFrom): the field's distinct values. */
export const ParameterOptionsBodySchema = z.object({
  reportId: id('reportId').optional(),
  definition: z.unknown().optional(),
  /** The values chosen so far: they narrow the choices of the parameters filtered by them. */
  parameters: ParameterValuesSchema.default({}),
})
export const ParameterOptionsResponseSchema = z.object({ options: z.record(z.string(), z.array(z.string())) })
export const PARAMETER_OPTIONS_LIMIT = 500
