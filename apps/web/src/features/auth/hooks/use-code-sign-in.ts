import { useCallback, useState } from 'react'
import { useAuth } from '@/lib/auth-context'

export type CodeSignInState = { kind: 'idle' } | { kind: 'checking' } | { kind: 'signed-in'; newDevice: boolean }

/**
 * Code entry on a login page. A login page sends a signed-in person on at once; while a code is being checked it
 * must wait for the answer instead, so that a new device can be announced before the redirect.
 */
export function useCodeSignIn() {
  const { verifyCode } = useAuth()
  const [state, setState] = useState<CodeSignInState>({ kind: 'idle' })

  const verify = useCallback(
    async (email: string, code: string) => {
      setState({ kind: 'checking' })
      try {
        const { newDevice } = await verifyCode(email, code)
        setState({ kind: 'signed-in', newDevice })
      } catch (error) {
        setState({ kind: 'idle' })
        throw error
      }
    },
    [verifyCode],
  )

  return { state, verify }
}
