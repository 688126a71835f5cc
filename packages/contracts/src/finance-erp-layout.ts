import { z } from 'zod'

/** The import layouts the journals can be written in: the platform's own CSV, or Escape Online's Journal Entry Import. */
export const ERP_LAYOUTS = ['PLATFORM_CSV', 'ESCAPE_ONLINE'] as const
export type ErpLayoutName = (typeof ERP_LAYOUTS)[number]

/**
 * Escape takes DeptId `Business` for every journal entry type but General, and the journals only write CashRec and
 * Accrual entries.
 */
export const ESCAPE_DEPT_ID = 'Business'

/**
 * How a fiscal year of July to June is written in Escape's 4-digit FiscalYear: by the calendar year it ends in (2025-26
 * is 2026), or the year it starts in (2025). The layout says only "4 digits"; the district's own Escape set-up decides.
 */
export const ESCAPE_FISCAL_YEAR_NUMBERING = ['ENDING', 'STARTING'] as const
export type EscapeFiscalYearNumbering = (typeof ESCAPE_FISCAL_YEAR_NUMBERING)[number]

// The forms show these messages beside their fields as they are: what to enter, and the field's name for the API.
export const ErpLayoutSchema = z
  .object({
    layout: z.enum(ERP_LAYOUTS, { error: 'Choose the journal layout: the platform CSV or Escape Online (layout).' }),
    orgId: z
      .string({ error: "Enter Escape Online's organization id (orgId)." })
      .trim()
      .max(8, { error: "Escape Online's organization id is at most 8 characters (orgId)." })
      .regex(/^[A-Za-z0-9]*$/, { error: "Escape Online's organization id is letters and digits only (orgId)." }),
    deptId: z
      .string({ error: 'Enter the department id of the journal entries (deptId).' })
      .trim()
      .max(8, { error: 'The department id is at most 8 characters (deptId).' }),
    // Layouts saved before the choice existed were written with the ending year.
    fiscalYear: z
      .enum(ESCAPE_FISCAL_YEAR_NUMBERING, {
        error: 'Choose how the fiscal year is numbered: by the year it ends in or the year it starts in (fiscalYear).',
      })
      .default('ENDING'),
  })
  .superRefine((value, context) => {
    if (value.layout !== 'ESCAPE_ONLINE') return
    if (value.orgId === '')
      context.addIssue({ code: 'custom', path: ['orgId'], message: "Enter Escape Online's organization id (orgId) to use its layout." })
    if (value.deptId !== ESCAPE_DEPT_ID)
      context.addIssue({
        code: 'custom',
        path: ['deptId'],
        message: `Escape Online takes cash receipt and accrual entries only under the department ${ESCAPE_DEPT_ID} (deptId).`,
      })
  })
export type ErpLayout = z.infer<typeof ErpLayoutSchema>

export const DEFAULT_ERP_LAYOUT: ErpLayout = { layout: 'PLATFORM_CSV', orgId: '', deptId: ESCAPE_DEPT_ID, fiscalYear: 'ENDING' }

/** Where the setting is kept (the settings table), and what a stored value means: the platform CSV unless it reads. */
export const ERP_LAYOUT_SETTING_KEY = 'finance.erp_layout'
export function erpLayoutOf(stored: string | undefined): ErpLayout {
  if (!stored) return DEFAULT_ERP_LAYOUT
  try {
    const parsed = ErpLayoutSchema.safeParse(JSON.parse(stored))
    return parsed.success ? parsed.data : DEFAULT_ERP_LAYOUT
  } catch {
    return DEFAULT_ERP_LAYOUT
  }
}

export const ErpLayoutResponseSchema = z.object({ data: ErpLayoutSchema })
export type ErpLayoutResponse = z.infer<typeof ErpLayoutResponseSchema>
