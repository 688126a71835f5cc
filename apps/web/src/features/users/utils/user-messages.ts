/** The texts of SPEC.md §5 and §8 for User Management, word for word where SPEC.md quotes them. */
export const USER_MESSAGES = {
  loadFailed: 'Failed to load data',
  saveFailed: 'Failed to save user',
  invitationSent: 'Invitation sent successfully!',
  deactivated: 'User deactivated successfully',
  empty: 'No users found',
} as const

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
