import { z } from 'zod'
import { MenuApplicationSchema } from './applications.js'

/** How long an e-mailed sign-in link and its code stay valid. */
export const MAGIC_LINK_TTL_MINUTES = 15
export const VERIFICATION_CODE_LENGTH = 6

export const ROLE_CODES = ['SUPER_ADMIN', 'ADMIN', 'REPORT_WRITER', 'STAFF'] as const
export const ADMIN_ROLE_CODES: readonly string[] = ['SUPER_ADMIN', 'ADMIN']

/** True for the roles that may use the admin-only routes and applications. */
export function isAdminRole(roleCode: string | undefined | null): boolean {
  return roleCode != null && ADMIN_ROLE_CODES.includes(roleCode)
}

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))

export const SendMagicLinkBodySchema = z.object({ email: EmailSchema })
export type SendMagicLinkBody = z.infer<typeof SendMagicLinkBodySchema>

export const SendMagicLinkResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  expiresInMinutes: z.number().int(),
})
export type SendMagicLinkResponse = z.infer<typeof SendMagicLinkResponseSchema>

export const VerifyMagicLinkBodySchema = z.object({
  email: EmailSchema,
  token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(200, 'Token is too long'),
})
export type VerifyMagicLinkBody = z.infer<typeof VerifyMagicLinkBodySchema>

/** Six digits; spaces and dashes a person may type between them are ignored. */
export const VerificationCodeSchema = z
  .string({ error: 'Code is required' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'The code is the 6 digits from the email'))

export const VerifyCodeBodySchema = z.object({ email: EmailSchema, code: VerificationCodeSchema })
export type VerifyCodeBody = z.infer<typeof VerifyCodeBodySchema>

/** The signed-in person as the web app sees it (SPEC.md §3, DESIGN.md §5). */
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

export const SignInResponseSchema = z.object({ token: z.string(), user: SessionUserSchema })
export type SignInResponse = z.infer<typeof SignInResponseSchema>

export const ProfileResponseSchema = z.object({ user: SessionUserSchema })
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>

export const DebugTokenBodySchema = z.object({
  token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(4096, 'Token is too long'),
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
