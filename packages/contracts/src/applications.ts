import { z } from 'zod'

/** The icon names allowed for an application (lucide-react icon names). */
export const APPLICATION_ICONS = [
  'FileText', 'DollarSign', 'Users', 'Settings', 'BarChart', 'Calendar', 'Shield', 'Database', 'Globe', 'Package',
] as const
export const ApplicationIconSchema = z.enum(APPLICATION_ICONS)
export type ApplicationIcon = z.infer<typeof ApplicationIconSchema>

export const APPLICATION_CATEGORIES = ['FINANCIAL', 'REPORTS', 'ADMIN', 'TOOLS', 'GENERAL'] as const
export const ApplicationCategorySchema = z.enum(APPLICATION_CATEGORIES)
export type ApplicationCategory = z.infer<typeof ApplicationCategorySchema>

export const DEFAULT_DISPLAY_ORDER = 999

/** The menu id of an application: its code in kebab case (DSA_TRACKER → dsa-tracker). */
export function menuIdForCode(appCode: string): string {
  return appCode.toLowerCase().replace(/_/g, '-')
}

/** An application as the session user's menu sees it (DESIGN.md §5). */
export const MenuApplicationSchema = z.object({
  app_id: z.number().int(),
  app_code: z.string(),
  app_name: z.string(),
  app_icon: z.string(),
  app_color: z.string(),
  app_description: z.string(),
  category: z.string(),
  app_url: z.string(),
  display_order: z.number().int(),
  admin_only: z.number().int(),
  has_access: z.literal('Y'),
})
export type MenuApplication = z.infer<typeof MenuApplicationSchema>
