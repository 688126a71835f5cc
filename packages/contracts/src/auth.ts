import { z } from 'zod'
import { text } from './input.js'
import { MenuApplicationSchema } from './applications.js'
import { adminLabels, choicesInWords } from './labels/admin.js'

/** How long an e-mailed sign-in link and its code stay valid. */
export const MAGIC_LINK_TTL_MINUTES = 15
export const VERIFICATION_CODE_LENGTH = 6

export const ROLE_CODES = ['SUPER_ADMIN', 'ADMIN', 'REPORT_WRITER', 'STAFF'] as const
/** The one role that may create or change another SUPER_ADMIN, check the audit chain and grant exceptions. */
export const SUPER_ADMIN = 'SUPER_ADMIN' satisfies (typeof ROLE_CODES)[number]
export const ADMIN_ROLE_CODES: readonly string[] = [SUPER_ADMIN, 'ADMIN']

/** True for the roles that may use the admin-only routes and applications. */
export function isAdminRole(roleCode: string | undefined | null): boolean {
  return roleCode != null && ADMIN_ROLE_CODES.includes(roleCode)
}

export const EmailSchema = text('Email is required')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))

/**
 * standard: /login (any address with an account). district: /login-clerk, only for addresses of the district's
 * domains (DISTRICT_EMAIL_DOMAIN); its link opens /auth/verify-clerk.
 */
export const SIGN_IN_FLOWS = ['standard', 'district'] as const
export type SignInFlow = (typeof SIGN_IN_FLOWS)[number]

export const SendMagicLinkBodySchema = z.object({
  email: EmailSchema,
  flow: z.enum(SIGN_IN_FLOWS, { error: `The sign-in page is ${choicesInWords(adminLabels.signInFlow)}.` }).default('standard'),
})
export type SendMagicLinkBody = z.infer<typeof SendMagicLinkBodySchema>

export const SendMagicLinkResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  expiresInMinutes: z.number().int(),
})
export type SendMagicLinkResponse = z.infer<typeof SendMagicLinkResponseSchema>

/** A random id the browser keeps in local storage (key `deviceId`) to be recognised at its next sign-in. */
export const DEVICE_ID_STORAGE_KEY = 'deviceId'
export const DeviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'The device id is 16 to 64 letters, digits, - or _')

export const VerifyMagicLinkBodySchema = z.object({
  email: EmailSchema,
  token: text('Token is required').min(1, 'Token is required').max(200, 'Token is too long'),
  deviceId: DeviceIdSchema.optional(),
})
export type VerifyMagicLinkBody = z.infer<typeof VerifyMagicLinkBodySchema>

/** Six digits; spaces and dashes a person may type between them are ignored. */
export const VerificationCodeSchema = z
  .string({ error: 'Code is required' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'The code is the 6 digits from the email'))

export const VerifyCodeBodySchema = z.object({ email: EmailSchema, code: VerificationCodeSchema, deviceId: DeviceIdSchema.optional() })
export type VerifyCodeBody = z.infer<typeof VerifyCodeBodySchema>

/** The signed-in person as the web app sees it. */
export const SessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  roleCode: z.string(),
  roleName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organization: z.string(),
  organizationCode: z.string(),
  permissions: z.array(z.string()),
  applications: z.array(MenuApplicationSchema),
})
export type SessionUser = z.infer<typeof SessionUserSchema>

export const SignInResponseSchema = z.object({
  token: z.string(),
  user: SessionUserSchema,
  /** True when this browser (its deviceId) had never signed in to this account: 'New device registered for your account'. */
  newDevice: z.boolean(),
})
export type SignInResponse = z.infer<typeof SignInResponseSchema>

export const ProfileResponseSchema = z.object({ user: SessionUserSchema })
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>

export const DebugTokenBodySchema = z.object({
  token: text('Token is required').trim().min(1, 'Token is required').max(4096, 'Token is too long'),
})
export type DebugTokenBody = z.infer<typeof DebugTokenBodySchema>

export const SESSION_STATES = ['active', 'revoked', 'expired', 'idle_expired', 'not_found', 'user_inactive'] as const

/** What the debug endpoint tells about a pasted token. Never the secret, never the token itself. */
export const DebugTokenResponseSchema = z.object({
  wellFormed: z.boolean(),
  signatureValid: z.boolean(),
  expired: z.boolean().nullable(),
  header: z.record(z.string(), z.unknown()).nullable(),
  claims: z.record(z.string(), z.unknown()).nullable(),
  issuedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  session: z
    .object({
      state: z.enum(SESSION_STATES),
      createdAt: z.string().nullable(),
      lastSeenAt: z.string().nullable(),
      idleExpiresAt: z.string().nullable(),
    })
    .nullable(),
  problems: z.array(z.string()),
})
export type DebugTokenResponse = z.infer<typeof DebugTokenResponseSchema>

/** The text of a district sign-in refused for its domain. */
export function districtDomainHint(domains: readonly string[]): string {
  return `Please use your ${domains.map((domain) => `@${domain}`).join(' or ')} email address`
}

export const SSO_PROVIDERS = ['microsoft', 'google'] as const
export type SsoProvider = (typeof SSO_PROVIDERS)[number]
export const SSO_LABELS: Record<SsoProvider, string> = { microsoft: 'Sign in with Microsoft', google: 'Sign in with Google' }

/** What the sign-in pages may offer (GET /api/auth-config): the web shows the provider status loading, ready or error. */
export const AuthConfigResponseSchema = z.object({
  districtSignIn: z.object({ enabled: z.boolean(), domains: z.array(z.string()) }),
  sso: z.array(z.object({ id: z.enum(SSO_PROVIDERS), label: z.string() })),
})
export type AuthConfigResponse = z.infer<typeof AuthConfigResponseSchema>

/**
 * Single sign-on ends on /auth/sso#ticket=… (or /login?sso_error=<code>); the page trades the one-time ticket for the
 * session with POST /api/sso/complete.
 */
export const SsoCompleteBodySchema = z.object({
  ticket: z.string({ error: 'The sign-in ticket is missing' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'The sign-in ticket is not valid'),
  deviceId: DeviceIdSchema.optional(),
})

/** Why a single sign-on did not sign anyone in: the code in /login?sso_error=, and the words shown for it. */
export const SSO_ERROR_TEXT = {
  sso_not_invited:
    'Your district account is not invited to this platform. Ask your administrator for an invitation, or sign in with your e-mail.',
  sso_inactive: 'Your account is not active. Contact your administrator.',
  sso_wrong_tenant: 'That account does not belong to the district. Sign in with your district Microsoft or Google account.',
  sso_unverified_email: 'Your identity provider did not confirm your e-mail address, so it cannot be matched to an account.',
  sso_invalid_response: 'The sign-in could not be completed: the identity provider’s answer did not check out. Please try again.',
  sso_state_mismatch: 'The sign-in could not be completed: it was started in another window or has expired. Please try again.',
  sso_unavailable: 'The identity provider could not be reached. Try again in a few minutes, or sign in with your e-mail.',
  sso_cancelled: 'The sign-in was cancelled at the identity provider.',
  sso_disabled: 'This sign-in method is not set up on this platform.',
} as const
export type SsoErrorCode = keyof typeof SSO_ERROR_TEXT
