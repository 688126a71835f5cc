import { MAIL_STATUSES } from '@platform/contracts/email'
import { describe, expect, it } from 'vitest'
import {
  attemptsText,
  canCancel,
  canResend,
  formatDeliveryRate,
  kindLabel,
  resendConfirmText,
  serverAnswer,
  shorten,
  statusBadgeStyle,
  statusLabel,
} from './mail-status'

describe('statusBadgeStyle', () => {
  it('maps each status to its colour family', () => {
    expect(statusBadgeStyle('sent').tone).toBe('green')
    expect(statusBadgeStyle('outbox').tone).toBe('blue')
    expect(statusBadgeStyle('queued').tone).toBe('yellow')
    expect(statusBadgeStyle('sending').tone).toBe('yellow')
    expect(statusBadgeStyle('retrying').tone).toBe('yellow')
    expect(statusBadgeStyle('failed').tone).toBe('red')
    expect(statusBadgeStyle('cancelled').tone).toBe('grey')
  })

  it('uses dark shades on white text, and a light yellow (dark text) for the waiting ones', () => {
    for (const status of MAIL_STATUSES) {
      const { color, tone } = statusBadgeStyle(status)
      if (tone === 'yellow') expect(color).toBe('yellow.4')
      else expect(Number(color.split('.')[1])).toBeGreaterThanOrEqual(7)
    }
  })

  it('shows an unknown status in grey, spelled out in words', () => {
    expect(statusBadgeStyle('bounced').tone).toBe('grey')
    expect(statusLabel('bounced')).toBe('Bounced')
    expect(statusLabel('retrying')).toBe('Retrying')
    expect(statusLabel('outbox')).toBe('Recorded, not sent')
  })
})

describe('message helpers', () => {
  it('labels kinds', () => {
    expect(kindLabel('sign_in')).toBe('Sign-in link and code')
    expect(kindLabel('weekly_digest')).toBe('Weekly digest')
  })

  it('prefers the error to the answer', () => {
    expect(serverAnswer({ last_error: 'ECONNREFUSED', smtp_response: '250 OK' })).toBe('ECONNREFUSED')
    expect(serverAnswer({ last_error: null, smtp_response: '250 OK' })).toBe('250 OK')
    expect(serverAnswer({ last_error: null, smtp_response: null })).toBeNull()
    // The platform's own answer without a mail server is said in words, never as its code.
    expect(serverAnswer({ last_error: null, smtp_response: 'outbox' })).toMatch(/^Not sent: no mail server is configured/)
  })

  it('counts attempts in words', () => {
    expect(attemptsText(0)).toBe('Not tried yet')
    expect(attemptsText(1)).toBe('1 attempt')
    expect(attemptsText(5)).toBe('5 attempts')
  })

  it('shortens on one line', () => {
    expect(shorten('550 5.1.1\n  user unknown', 80)).toBe('550 5.1.1 user unknown')
    expect(shorten('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`)
    expect(shorten(null)).toBe('')
  })

  it('offers resend for failed and cancel for waiting messages', () => {
    expect(MAIL_STATUSES.filter(canResend)).toEqual(['failed'])
    expect(MAIL_STATUSES.filter(canCancel)).toEqual(['queued', 'retrying'])
  })

  it('formats the delivery rate', () => {
    expect(formatDeliveryRate(null)).toBe('—')
    expect(formatDeliveryRate(1)).toBe('100%')
    expect(formatDeliveryRate(0.9567)).toBe('95.7%')
    expect(formatDeliveryRate(0)).toBe('0%')
  })

  it('warns that a sign-in link is issued afresh', () => {
    expect(resendConfirmText({ kind: 'sign_in', recipient: 'a@b.org' })).toBe(
      'A new sign-in link will be issued and sent; the old one stays unusable.',
    )
    expect(resendConfirmText({ kind: 'invitation', recipient: 'a@b.org' })).toContain('a@b.org')
  })
})
