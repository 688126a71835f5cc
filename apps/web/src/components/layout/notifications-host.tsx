import { useNotifications } from '@mantine/notifications'
import { lazy, Suspense, useState } from 'react'

// The host's code (its transitions, portal and scroll handling) is most of @mantine/notifications; the sign-in page
// shows no notification, so it loads only when the first one is shown.
const Notifications = lazy(async () => ({ default: (await import('./notifications-container')).Notifications }))

/**
 * Where notifications appear. Nothing is mounted until the store holds one; a notification shown meanwhile waits in
 * the store and appears once the host has loaded (a few milliseconds); the host then stays for the next ones.
 */
export function NotificationsHost() {
  const { notifications } = useNotifications()
  const [needed, setNeeded] = useState(false)
  if (!needed && notifications.length > 0) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" />
    </Suspense>
  )
}
