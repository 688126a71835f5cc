import type { AccountDevice, DevicesResponse } from '@platform/contracts/account'

export type AccountSession = AccountDevice['sessions'][number]

/** What a 'Sign out' button on Devices and sessions is about. */
export type SignOutTarget =
  { kind: 'session'; session: AccountSession } | { kind: 'device'; device: AccountDevice } | { kind: 'everywhere'; keepCurrent: boolean }

/** A device's name as people recognise it: 'Firefox on Windows'. */
export function deviceName(device: Pick<AccountDevice, 'browser' | 'os'>): string {
  return `${device.browser} on ${device.os}`
}

/** True when signing out the target ends the session this page runs in (the browser must then sign in again). */
export function endsCurrentSession(target: SignOutTarget): boolean {
  switch (target.kind) {
    case 'session':
      return target.session.current
    case 'device':
      return target.device.current || target.device.sessions.some((session) => session.current)
    case 'everywhere':
      return !target.keepCurrent
  }
}

/** Sessions other than the current one (what 'Sign out all other sessions' would end). */
export function countOtherSessions(data: DevicesResponse): number {
  const all = [...data.devices.flatMap((device) => device.sessions), ...data.otherSessions]
  return all.filter((session) => !session.current).length
}

export interface Confirmation {
  title: string
  message: string
  confirmLabel: string
}

/** The question asked before each sign-out (each one is asked first: it cannot be undone). */
export function confirmationFor(target: SignOutTarget): Confirmation {
  const current = endsCurrentSession(target)
  const andHere = current ? ' This includes the session you are using now, so you will need to sign in again.' : ''
  switch (target.kind) {
    case 'session':
      return {
        title: 'Sign out session',
        message: `Sign out this session?${andHere}`,
        confirmLabel: 'Sign out',
      }
    case 'device':
      return {
        title: 'Sign out device',
        message: `Sign out every session on ${deviceName(target.device)}?${andHere}`,
        confirmLabel: 'Sign out this device',
      }
    case 'everywhere':
      return target.keepCurrent
        ? {
            title: 'Sign out all other sessions',
            message: 'Sign out every session except the one you are using now?',
            confirmLabel: 'Sign out all other sessions',
          }
        : {
            title: 'Sign out everywhere',
            message: `Sign out every session on every device?${andHere}`,
            confirmLabel: 'Sign out everywhere',
          }
  }
}
