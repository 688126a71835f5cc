import { z } from 'zod'
import { idParam, text } from './input.js'
import { adminLabels, choicesInWords } from './labels/admin.js'

/** The icon names allowed for an application (lucide-react icon names). */
export const APPLICATION_ICONS = [
  'FileText',
  'DollarSign',
  'Users',
  'Settings',
  'BarChart',
  'Calendar',
  'Shield',
  'Database',
  'Globe',
  'Package',
] as const
export const ApplicationIconSchema = z.enum(APPLICATION_ICONS, {
  error: `Choose an icon from the list: ${choicesInWords(adminLabels.applicationIcon)}.`,
})
export type ApplicationIcon = z.infer<typeof ApplicationIconSchema>

export const APPLICATION_CATEGORIES = ['FINANCIAL', 'REPORTS', 'ADMIN', 'TOOLS', 'GENERAL'] as const
export const ApplicationCategorySchema = z.enum(APPLICATION_CATEGORIES, {
  error: `Choose a category: ${choicesInWords(adminLabels.applicationCategory)}.`,
})
export type ApplicationCategory = z.infer<typeof ApplicationCategorySchema>

export const DEFAULT_DISPLAY_ORDER = 999

/** The menu id of an application: its code in kebab case (DSA_TRACKER → dsa-tracker). */
export function menuIdForCode(appCode: string): string {
  return appCode.toLowerCase().replace(/_/g, '-')
}

/** An application as the session user's menu sees it. */
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

/** An application as administrators manage it, with how many people hold a grant to it. */
export const ApplicationSchema = z.object({
  app_id: z.number().int(),
  app_name: z.string(),
  app_code: z.string(),
  app_url: z.string(),
  app_icon: z.string(),
  app_description: z.string(),
  display_order: z.number().int(),
  is_active: z.number().int(),
  category: z.string(),
  app_color: z.string(),
  admin_only: z.number().int(),
  user_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Application = z.infer<typeof ApplicationSchema>

const flag = (label: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: `${label} is either on or off` })
    .transform((value) => (value === true || value === 1 ? 1 : 0))

/** What an administrator may set on an application. The code is set once, at creation. */
export const ApplicationFieldsSchema = z.object({
  app_name: text('Name is required').trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters'),
  app_url: text()
    .trim()
    .max(500, 'URL is at most 500 characters')
    .refine(
      (value) => value === '' || value.startsWith('/') || /^https:\/\//.test(value),
      'URL must be a path such as /apps/x or an https:// address',
    )
    .default(''),
  app_icon: ApplicationIconSchema,
  app_description: text().trim().max(500, 'Description is at most 500 characters').default(''),
  display_order: z.coerce
    .number({ error: 'Display order must be a number' })
    .int('Display order must be a whole number')
    .min(0, 'Display order is 0 or more')
    .max(100000, 'Display order is at most 100,000')
    .default(DEFAULT_DISPLAY_ORDER),
  is_active: flag('Active').default(1),
  category: ApplicationCategorySchema,
  app_color: z
    .string({ error: 'Colour must look like #1c7ed6' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #1c7ed6')
    .default('#1c7ed6'),
  admin_only: flag('Admin only').default(0),
})

/** App codes are upper case letters, digits and underscores (typed in any case, stored upper-cased). */
export const AppCodeSchema = z
  .string({ error: 'App code is required' })
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z][A-Z0-9_]{1,39}$/, 'App code is 2 to 40 letters, digits or underscores, starting with a letter'))

export const CreateApplicationBodySchema = ApplicationFieldsSchema.extend({ app_code: AppCodeSchema })
export type CreateApplicationBody = z.input<typeof CreateApplicationBodySchema>

/** The code may be sent back unchanged (forms send the whole record) but never changed. */
export const UpdateApplicationBodySchema = ApplicationFieldsSchema.extend({ app_code: AppCodeSchema.optional() })
export type UpdateApplicationBody = z.input<typeof UpdateApplicationBodySchema>

export const ApplicationIdParamsSchema = z.object({ app_id: idParam('The application number') })

export const ApplicationListResponseSchema = z.object({ data: z.array(ApplicationSchema) })
export const ApplicationResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: ApplicationSchema })
export const ApplicationDeletedResponseSchema = z.object({ success: z.literal(true), message: z.string(), removedGrants: z.number().int() })
