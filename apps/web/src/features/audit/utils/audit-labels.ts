import type { AuditEntry } from '@platform/contracts/audit'
import { labelOf, spelledOut } from '@platform/contracts/labels'
import { auditLabels } from '@platform/contracts/labels/audit'

/** Actions whose words are not simply their code read aloud. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  'sign_in.link_requested': 'Sign-in link requested',
  'sign_in.success': 'Signed in',
  'sign_in.rate_limited': 'Sign-in refused: too many attempts',
  'sign_in.sso_failed': 'Single sign-on failed',
  'user.import': 'Users imported',
  'user.invitation_sent': 'Invitation sent',
  'user.signed_out_everywhere': 'Signed out everywhere',
  'report.dataset_deleted': 'Report dataset deleted',
  'audit.exported': 'Activity exported',
  'device.registered': 'New device registered',
}

/** 'user.updated' → 'User updated'; the few that read better otherwise come from ACTION_LABELS. */
export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action]
  if (known) return known
  return spelledOut(action.replace(/\./g, ' ')) || action
}

/**
 * What an entry was about, by name where the entry records one ('Report “Costs by fund”'), else its kind and number
 * ('Report 5'); the address a sign-in was for comes first.
 */
export function subjectLabel(entry: Pick<AuditEntry, 'email' | 'target_type' | 'target_id' | 'details'>): string {
  const noun = labelOf(auditLabels.target, entry.target_type)
  const name = recordedName(entry.details)
  const target = noun ? (name ? `${noun} “${name}”` : entry.target_id ? `${noun} ${entry.target_id}` : noun) : ''
  return [entry.email, target].filter(Boolean).join(' · ') || '—'
}

const NAME_KEYS = ['name', 'full_name', 'app_name', 'report_name'] as const

/** The name an entry's details record for its target: a top-level name, or the name after (or before) a change. */
function recordedName(details: string | null): string | null {
  if (!details) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(details)
  } catch {
    return null
  }
  const places = [parsed, (parsed as { after?: unknown } | null)?.after, (parsed as { before?: unknown } | null)?.before]
  for (const place of places) {
    if (typeof place !== 'object' || place === null) continue
    for (const key of NAME_KEYS) {
      const value = (place as Record<string, unknown>)[key]
      if (typeof value === 'string' && value.trim()) return value.trim()
    }
  }
  return null
}

/** 'Succeeded', 'Failed', 'Refused'. */
export const outcomeLabel = (outcome: string): string => labelOf(auditLabels.outcome, outcome)
