import {
  AuthConfigResponseSchema,
  ProfileResponseSchema,
  SendMagicLinkResponseSchema,
  SignInResponseSchema,
  type AuthConfigResponse,
  type SendMagicLinkResponse,
  type SignInFlow,
  type SignInResponse,
} from '@platform/contracts/auth'
import { SuccessSchema } from '@platform/contracts/errors'
import { z } from 'zod'
import { api, PROFILE_PATH } from './api-client'

/** A sign-in answer before it is checked: the token's absence has its own message. */
const LooseSignInSchema = z.object({ token: z.unknown().optional(), user: z.unknown().optional() }).loose()

export const NO_TOKEN_MESSAGE = 'No JWT token received from server'

/** Checks a sign-in answer: a missing token and a malformed user are both errors. */
export function parseSignInResponse(body: unknown): SignInResponse {
  const loose = LooseSignInSchema.safeParse(body)
  if (!loose.success || typeof loose.data.token !== 'string' || !loose.data.token) {
    throw new Error(NO_TOKEN_MESSAGE)
  }
  const parsed = SignInResponseSchema.safeParse(body)
  if (!parsed.success) throw new Error('Verification failed')
  return parsed.data
}

/** POST /api/send-magic-link (flow district: /login-clerk, its link opens /auth/verify-clerk). */
export function requestMagicLink(email: string, flow: SignInFlow = 'standard'): Promise<SendMagicLinkResponse> {
  return api.post('/api/send-magic-link', SendMagicLinkResponseSchema, { email, flow })
}

/** POST /api/verify-magic-link */
export async function postVerifyMagicLink(email: string, token: string, deviceId: string): Promise<SignInResponse> {
  const body = await api.post('/api/verify-magic-link', LooseSignInSchema, { email, token, deviceId }, { token: null })
  return parseSignInResponse(body)
}

/** POST /api/verify-code */
export async function postVerifyCode(email: string, code: string, deviceId: string): Promise<SignInResponse> {
  const body = await api.post('/api/verify-code', LooseSignInSchema, { email, code, deviceId }, { token: null })
  return parseSignInResponse(body)
}

/** POST /api/sso/complete: trades the one-time ticket of /auth/sso#ticket=… for a session. */
export async function postSsoComplete(ticket: string, deviceId: string): Promise<SignInResponse> {
  const body = await api.post('/api/sso/complete', LooseSignInSchema, { ticket, deviceId }, { token: null })
  return parseSignInResponse(body)
}

/** GET /api/auth-config (public): which sign-in methods the login pages offer. */
export function fetchAuthConfig(signal?: AbortSignal): Promise<AuthConfigResponse> {
  return api.get('/api/auth-config', AuthConfigResponseSchema, { token: null, signal })
}

/** GET /api/get-user-profile (its 401 never redirects: the caller decides). */
export function fetchProfile() {
  return api.get(PROFILE_PATH, ProfileResponseSchema, { skipAuthRedirect: true })
}

/** POST /api/logout */
export function postLogout() {
  return api.post('/api/logout', SuccessSchema.or(z.unknown()), {}, { skipAuthRedirect: true })
}
