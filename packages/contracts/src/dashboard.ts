import { z } from 'zod'

/** Figures only administrators see on the Dashboard Overview. */
export const AdminOverviewSchema = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  activeSessions: z.number().int(),
  signInsLast7Days: z.number().int(),
})
export type AdminOverview = z.infer<typeof AdminOverviewSchema>

/** One site's cash waiting for a deposit. */
export const UndepositedSiteSchema = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  receiptCount: z.number().int(),
  /** Null for a person who counts at the site: uncounted cash is never shown to them (the blind count). */
  amountCents: z.number().int().nullable(),
  /** Whole days since the oldest receipt was issued. */
  oldestAgeDays: z.number().int(),
  /** When the site's cash is due at the bank: the end of the district day its deposit frequency allows. */
  dueAt: z.string(),
  href: z.string(),
})

/** How many deposits wait at a step, at the sites the person sees. */
export const DepositsWaitingSchema = z.object({
  /** The deposits' state (what they wait for is its label). */
  state: z.string(),
  count: z.number().int(),
  href: z.string(),
})

export const ReceiptsOverviewSchema = z.object({
  undeposited: z.array(UndepositedSiteSchema),
  depositsWaiting: z.array(DepositsWaitingSchema),
})
export type ReceiptsOverview = z.infer<typeof ReceiptsOverviewSchema>

const CountAndAmountSchema = z.object({ code: z.string(), count: z.number().int(), amountCents: z.number().int() })

export const AccrualsOverviewSchema = z.object({
  cycle: z
    .object({
      cycleId: z.number().int(),
      fiscalYear: z.string(),
      /** The sites' submission deadline (a district date). */
      submitBy: z.string(),
      lockOn: z.string(),
      /** Requests of the cycle at the person's sites by where they stand. */
      byState: z.array(CountAndAmountSchema),
      /** Live requests (not rejected or withdrawn) by type. */
      byType: z.array(CountAndAmountSchema),
      href: z.string(),
    })
    .nullable(),
  /** Requests waiting for a review this person may take. */
  toReview: z.number().int(),
  reviewHref: z.string(),
})
export type AccrualsOverview = z.infer<typeof AccrualsOverviewSchema>

export const RecordsOverviewSchema = z.object({
  /** Requests waiting for their determination whose due date passed. */
  overdue: z.number().int(),
  /** Due today or within the next six days. */
  dueThisWeek: z.number().int(),
  /** Waiting for their determination, whatever the date. */
  open: z.number().int(),
  /** Draft letters of requests still open, waiting for a signatory. */
  lettersAwaitingSignature: z.number().int(),
  href: z.string(),
})
export type RecordsOverview = z.infer<typeof RecordsOverviewSchema>

/** Each section is null when the person's duties and applications do not give it to them. */
export const DashboardOverviewSchema = z.object({
  admin: AdminOverviewSchema.nullable(),
  receipts: ReceiptsOverviewSchema.nullable(),
  accruals: AccrualsOverviewSchema.nullable(),
  records: RecordsOverviewSchema.nullable(),
})
export type DashboardOverview = z.infer<typeof DashboardOverviewSchema>
