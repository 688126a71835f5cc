import { describe, expect, it } from 'vitest'
import {
  deactivateConfirmText,
  deactivateFailedText,
  resendConfirmText,
  resendFailedText,
  savedUserTitle,
  USER_MESSAGES,
  USER_SUCCESS_TITLES,
} from './user-messages'

describe('User Management texts', () => {
  it('keeps the fixed texts word for word', () => {
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
    expect(resendConfirmText('jane@district.org')).toBe(
      'Send a new invitation to jane@district.org? The previous invitation link will stop working.',
    )
  })

  it('words every success in one form, the fixed texts included, naming a change of Active', () => {
    expect(USER_SUCCESS_TITLES.invitationSent).toBe(USER_MESSAGES.invitationSent)
    expect(USER_SUCCESS_TITLES.deactivated).toBe(USER_MESSAGES.deactivated)
    for (const title of Object.values(USER_SUCCESS_TITLES)) expect(title).toMatch(/^(User|Invitation|Import) [a-z ]+ successfully!?$/)
    expect(savedUserTitle('create', true, true)).toBe('User added successfully')
    expect(savedUserTitle('edit', true, true)).toBe('User saved successfully')
    expect(savedUserTitle('edit', false, true)).toBe('User reactivated successfully')
    expect(savedUserTitle('edit', true, false)).toBe('User deactivated successfully')
  })
})
