import { notifications } from '@mantine/notifications'

/** User Management's texts; the fixed ones are kept word for word, as people and tests look for them. */
export const USER_MESSAGES = {
  loadFailed: 'Failed to load data',
  saveFailed: 'Failed to save user',
  invitationSent: 'Invitation sent successfully!',
  deactivated: 'User deactivated successfully',
  empty: 'No users found',
} as const

/**
 * Every success in User Management has one form: a short title in the words of the two fixed texts ('… successfully')
 * saying what was done, and under it the server's sentence naming whom it was done to.
 */
export const USER_SUCCESS_TITLES = {
  added: 'User added successfully',
  saved: 'User saved successfully',
  reactivated: 'User reactivated successfully',
  deactivated: USER_MESSAGES.deactivated,
  invitationSent: USER_MESSAGES.invitationSent,
  signedOut: 'User signed out successfully',
  imported: 'Import applied successfully',
} as const

export function notifyUserSuccess(
  title: (typeof USER_SUCCESS_TITLES)[keyof typeof USER_SUCCESS_TITLES],
  message: string | undefined,
): void {
  notifications.show({ color: 'teal', title, message: message ?? '', autoClose: 5000 })
}

/** The title after the edit form was saved: a change of Active is named as such. */
export function savedUserTitle(
  mode: 'create' | 'edit',
  wasActive: boolean,
  isActive: boolean,
): (typeof USER_SUCCESS_TITLES)[keyof typeof USER_SUCCESS_TITLES] {
  if (mode === 'create') return USER_SUCCESS_TITLES.added
  if (!wasActive && isActive) return USER_SUCCESS_TITLES.reactivated
  if (wasActive && !isActive) return USER_SUCCESS_TITLES.deactivated
  return USER_SUCCESS_TITLES.saved
}

export function deactivateConfirmText(name: string): string {
  return `Deactivate ${name}? They will be signed out at once and can no longer sign in.`
}

export function resendConfirmText(email: string): string {
  return `Send a new invitation to ${email}? The previous invitation link will stop working.`
}

/** 'Failed to send invitation: ...' with the server's reason. */
export function resendFailedText(reason: string): string {
  return `Failed to send invitation: ${reason}`
}

/** 'Failed to deactivate user: ...' with the server's reason. */
export function deactivateFailedText(reason: string): string {
  return `Failed to deactivate user: ${reason}`
}

/** The question before an administrator signs a user out on every device. */
export function signOutEverywhereConfirmText(name: string): string {
  return `Sign out ${name} on every device?`
}

/** 'Failed to sign out user: ...' with the server's reason (for example an ADMIN refused for a SUPER_ADMIN). */
export function signOutEverywhereFailedText(reason: string): string {
  return `Failed to sign out user: ${reason}`
}
