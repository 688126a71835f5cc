import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useAuth } from '@/lib/auth-context'

/** Logout from any signed-in layout: ends the session, says so, and goes to /login. */
export function useLogout(): { logout: () => void; loggingOut: boolean } {
  const { logout } = useAuth()
  const navigate = useNavigate()
  const [loggingOut, setLoggingOut] = useState(false)
  const run = async () => {
    setLoggingOut(true)
    await logout()
    notifications.show({ message: 'You have been signed out.', color: 'blue' })
    navigate('/login', { replace: true })
  }
  return { logout: () => void run(), loggingOut }
}
