import { Alert } from '@mantine/core'
import { Clock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { clearSessionEnded, isSessionEnded } from '@/lib/auth-storage'

export const SESSION_ENDED = 'Your session has ended. Sign in again to continue.'

/**
 * Says why the sign-in page opened when the server ended the session of the person who was using the app.
 * The mark is forgotten once shown, so a later visit to /login is a plain one.
 */
export function SessionEndedNotice() {
  const [ended] = useState(isSessionEnded)
  useEffect(() => {
    if (ended) clearSessionEnded()
  }, [ended])
  if (!ended) return null
  return (
    <Alert color="blue" variant="light" role="status" icon={<Clock size={18} aria-hidden="true" />}>
      {SESSION_ENDED}
    </Alert>
  )
}
