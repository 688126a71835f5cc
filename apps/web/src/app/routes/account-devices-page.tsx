import { DevicesAndSessions } from '@/features/account/components/devices-and-sessions'

/** /account/devices (signed in): Devices and sessions. */
export function AccountDevicesPage() {
  return <DevicesAndSessions />
}
