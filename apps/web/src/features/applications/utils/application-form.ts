import {
  CreateApplicationBodySchema,
  DEFAULT_DISPLAY_ORDER,
  UpdateApplicationBodySchema,
  type Application,
  type ApplicationCategory,
  type ApplicationIcon,
  type CreateApplicationBody,
  type UpdateApplicationBody,
} from '@platform/contracts/applications'
import { type FormErrors, schemaResolver } from '@mantine/form'
import { formMessage } from '@/lib/schema-errors'

/** What the add form and an inline-edited row hold. */
export interface ApplicationDraft {
  app_name: string
  app_code: string
  app_url: string
  app_icon: ApplicationIcon | ''
  app_description: string
  display_order: number | string
  category: ApplicationCategory | ''
  app_color: string
  admin_only: boolean
  is_active: boolean
}

export type ApplicationDraftErrors = Partial<Record<keyof ApplicationDraft, string>>

export const DEFAULT_APP_COLOR = '#1c7ed6'

/** A new application: display order 999, active, not admin-only. */
export function emptyApplicationDraft(): ApplicationDraft {
  return {
    app_name: '',
    app_code: '',
    app_url: '',
    app_icon: 'FileText',
    app_description: '',
    display_order: DEFAULT_DISPLAY_ORDER,
    category: 'GENERAL',
    app_color: DEFAULT_APP_COLOR,
    admin_only: false,
    is_active: true,
  }
}

/** An existing application as an editable draft. */
export function draftFromApplication(app: Application): ApplicationDraft {
  return {
    app_name: app.app_name,
    app_code: app.app_code,
    app_url: app.app_url,
    app_icon: app.app_icon as ApplicationIcon,
    app_description: app.app_description,
    display_order: app.display_order,
    category: app.category as ApplicationCategory,
    app_color: app.app_color,
    admin_only: app.admin_only === 1,
    is_active: app.is_active === 1,
  }
}

/** The app code as the person types it: upper case, spaces and dashes as underscores. */
export function normaliseAppCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '_')
}

/** The body the API takes for a draft (an empty display order is the default one). */
export function toApplicationBody(draft: ApplicationDraft) {
  return {
    app_name: draft.app_name,
    app_code: draft.app_code,
    app_url: draft.app_url,
    app_icon: draft.app_icon,
    app_description: draft.app_description,
    display_order: draft.display_order === '' ? DEFAULT_DISPLAY_ORDER : Number(draft.display_order),
    category: draft.category,
    app_color: draft.app_color,
    admin_only: draft.admin_only,
    is_active: draft.is_active,
  }
}

const FIELD_MESSAGES: Partial<Record<keyof ApplicationDraft, string>> = {
  app_icon: 'Choose an icon',
  category: 'Choose a category',
}

function collectErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ApplicationDraftErrors {
  const errors: ApplicationDraftErrors = {}
  for (const issue of issues) {
    const field = issue.path[0] as keyof ApplicationDraft | undefined
    if (field && !errors[field]) errors[field] = FIELD_MESSAGES[field] ?? formMessage(issue.message)
  }
  return errors
}

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: ApplicationDraftErrors }

const resolveNewApplication = schemaResolver(CreateApplicationBodySchema, { sync: true })

/** The add form's errors by field, from the contract the server checks a new application with. */
export function validateNewApplication(draft: ApplicationDraft): FormErrors {
  const errors: FormErrors = {}
  for (const [path, message] of Object.entries(resolveNewApplication(toApplicationBody(draft)))) {
    if (typeof message !== 'string' || errors[path]) continue
    errors[path] = FIELD_MESSAGES[path as keyof ApplicationDraft] ?? formMessage(message)
  }
  return errors
}

/** The field a refusal of the server is about, by its code; null when it concerns the whole application. */
export function fieldOfServerError(code: string): keyof ApplicationDraft | null {
  return code === 'duplicate_app_code' || code === 'app_code_immutable' ? 'app_code' : null
}

/** Checks a new application with the contract's own rules. */
export function checkNewApplication(draft: ApplicationDraft): Checked<CreateApplicationBody> {
  const body = toApplicationBody(draft)
  const parsed = CreateApplicationBodySchema.safeParse(body)
  return parsed.success ? { ok: true, body: body as CreateApplicationBody } : { ok: false, errors: collectErrors(parsed.error.issues) }
}

/** Checks an edited application; its code is sent back unchanged. */
export function checkApplicationUpdate(draft: ApplicationDraft): Checked<UpdateApplicationBody> {
  const body = toApplicationBody(draft)
  const parsed = UpdateApplicationBodySchema.safeParse(body)
  return parsed.success ? { ok: true, body: body as UpdateApplicationBody } : { ok: false, errors: collectErrors(parsed.error.issues) }
}

/** The confirmation asked before a delete, word for word. */
export const DELETE_APPLICATION_CONFIRMATION = 'Are you sure? This will remove access for all users.'
