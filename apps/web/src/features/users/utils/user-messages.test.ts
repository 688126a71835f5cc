import { describe, expect, it } from 'vitest'
import { deactivateConfirmText, deactivateFailedText, resendConfirmText, resendFailedText, USER_MESSAGES } from './user-messages'

describe('User Management texts', () => {
  it('keeps the SPEC.md §8 texts word for word', () => {
    expect(USER_MESSAGES).toMatchObject({
      loadFailed: 'Failed to load data',
      saveFailed: 'Failed to save user',
      invitationSent: 'Invitation sent successfully!',
      deactivated: 'User deactivated successfully',
    })
    expect(resendFailedText('Mail server down')).toBe('Failed to send invitation: Mail server down')
    expect(deactivateFailedText('You cannot deactivate yourself')).toBe('Failed to deactivate user: You cannot deactivate yourself')
  })

  it('asks before deactivating and before resending', () => {
    expect(deactivateConfirmText('Jane Doe')).toBe('Deactivate Jane Doe? They will be signed out at once and can no longer sign in.')
    expect(resendConfirmText('jane@district.org')).toBe('Send a new invitation to jane@district.org? The previous invitation link will stop working.')
  })
})
