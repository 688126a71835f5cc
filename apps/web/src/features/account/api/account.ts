import { DevicesResponseSchema, SignedOutResponseSchema } from '@platform/contracts/account'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { endsCurrentSession, type SignOutTarget } from '../utils/sign-out-targets'

export const accountKeys = {
  devices: ['account', 'devices'] as const,
}

/** GET /api/account/devices: the person's remembered browsers and open sessions. */
export const useDevices = () =>
  useQuery({
    queryKey: accountKeys.devices,
    queryFn: ({ signal }) => api.get('/api/account/devices', DevicesResponseSchema, { signal }),
    staleTime: 0,
  })

/** The call that signs out what the target names. */
function postSignOut(target: SignOutTarget) {
  switch (target.kind) {
    case 'session':
      return api.post(`/api/account/sessions/${encodeURIComponent(target.session.id)}/sign-out`, SignedOutResponseSchema)
    case 'device':
      return api.post(`/api/account/devices/${target.device.id}/sign-out`, SignedOutResponseSchema)
    case 'everywhere':
      return api.post('/api/account/sign-out-everywhere', SignedOutResponseSchema, { keepCurrent: target.keepCurrent })
  }
}

/**
 * Signs out a session, a device, or everything (optionally keeping this session); the list is fetched again,
 * unless this browser's own session ended (the fetch would only be refused: the page signs out instead).
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postSignOut,
    onSuccess: (_result, target) =>
      endsCurrentSession(target) ? undefined : queryClient.invalidateQueries({ queryKey: accountKeys.devices }),
  })
}
