import { z } from 'zod'

/** Figures only administrators see on the Dashboard Overview. */
export const AdminOverviewSchema = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  activeSessions: z.number().int(),
  signInsLast7Days: z.number().int(),
})
export type AdminOverview = z.infer<typeof AdminOverviewSchema>

export const DashboardOverviewSchema = z.object({
  admin: AdminOverviewSchema.nullable(),
})
export type DashboardOverview = z.infer<typeof DashboardOverviewSchema>
