import { DebugTokenResponseSchema, type DebugTokenResponse } from '@platform/contracts/auth'
import { useMutation } from '@tanstack/react-query'
import { PROFILE_PATH, requestRaw, type RawResponse } from '@/lib/api-client'

export type DecodeTokenResult =
  | { kind: 'decoded'; status: number; data: DebugTokenResponse }
  | { kind: 'disabled'; status: 404 }
  | { kind: 'failed'; status: number; body: unknown }

/** POST /api/debug-token {token}: never sends the stored session, never redirects. */
export async function decodeToken(token: string): Promise<DecodeTokenResult> {
  const response = await requestRaw('/api/debug-token', { method: 'POST', body: { token }, token: null, skipAuthRedirect: true })
  if (response.status === 404) return { kind: 'disabled', status: 404 }
  if (response.ok) {
    const parsed = DebugTokenResponseSchema.safeParse(response.body)
    if (parsed.success) return { kind: 'decoded', status: response.status, data: parsed.data }
  }
  return { kind: 'failed', status: response.status, body: response.body }
}

/** GET /api/get-user-profile with the pasted token as bearer, reporting status and body as they are. */
export function testProfile(token: string): Promise<RawResponse> {
  return requestRaw(PROFILE_PATH, { token: token.trim() || null, skipAuthRedirect: true })
}

export const useDecodeToken = () => useMutation({ mutationFn: decodeToken })
export const useTestProfile = () => useMutation({ mutationFn: testProfile })
