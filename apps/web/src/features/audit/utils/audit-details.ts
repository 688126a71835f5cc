import { auditLabels } from '@platform/contracts/labels/audit'
import { labelOf } from '@platform/contracts/labels'

/** A recorded field's name in words ('full_name' → 'Full name'). */
export const fieldLabel = (field: string): string => labelOf(auditLabels.field, field)

/** One field of an administrative change: its value before and after. */
export interface ChangeRow {
  field: string
  before: string
  after: string
  /** False when the field only appears on one side (a creation, a deletion). */
  changed: boolean
}

export interface AuditDetails {
  changes: ChangeRow[]
  /** Every other fact recorded (reasons, sources, counts), as readable text. */
  facts: { key: string; value: string }[]
  /** The raw text when it is not a JSON object. */
  raw: string | null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A value as a person reads it: '—' for nothing, lists joined, yes/no for flags, objects as compact JSON. */
export function formatDetailValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value)
  if (Array.isArray(value))
    return value.length === 0
      ? '(none)'
      : value.map((item) => (isRecord(item) || Array.isArray(item) ? JSON.stringify(item) : formatDetailValue(item))).join(', ')
  return JSON.stringify(value)
}

/** Reads an audit entry's details JSON: before/after values side by side, then the other facts. */
export function parseAuditDetails(details: string | null | undefined): AuditDetails {
  if (!details) return { changes: [], facts: [], raw: null }
  let parsed: unknown
  try {
    parsed = JSON.parse(details)
  } catch {
    return { changes: [], facts: [], raw: details }
  }
  if (!isRecord(parsed)) return { changes: [], facts: [], raw: details }

  const before = isRecord(parsed.before) ? parsed.before : {}
  const after = isRecord(parsed.after) ? parsed.after : {}
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  const changes = fields.map((field) => {
    const b = formatDetailValue(before[field])
    const a = formatDetailValue(after[field])
    return {
      field,
      before: field in before ? b : '—',
      after: field in after ? a : '—',
      changed: JSON.stringify(before[field]) !== JSON.stringify(after[field]),
    }
  })
  const facts = Object.entries(parsed)
    .filter(([key]) => !(key === 'before' && isRecord(parsed.before)) && !(key === 'after' && isRecord(parsed.after)))
    .map(([key, value]) => ({ key, value: formatDetailValue(value) }))
  return { changes, facts, raw: null }
}

/** A piece of the table's summary: a field named in words, or a fact's name in words and its value as recorded. */
export interface SummaryPart {
  label: string
  /** As recorded (a code, a name a person typed): shown apart from the words, never translated. */
  value?: string
}

const shortened = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 3)}…` : text)

/** A short summary for the table ('Role, Applications · Reason code: VOLUMINOUS'): names in words, values as recorded. */
export function summaryParts(details: AuditDetails): SummaryPart[] {
  if (details.raw) return [{ label: '', value: shortened(details.raw, 80) }]
  const parts: SummaryPart[] = []
  if (details.changes.length > 0) parts.push({ label: details.changes.map((change) => fieldLabel(change.field)).join(', ') })
  for (const fact of details.facts.slice(0, 2)) parts.push({ label: fieldLabel(fact.key), value: shortened(fact.value, 60) })
  return parts
}

/** The summary as one line of text (for a screen reader's name or a test). */
export const summaryText = (parts: readonly SummaryPart[]): string =>
  parts.map((part) => (part.label && part.value !== undefined ? `${part.label}: ${part.value}` : part.label || part.value)).join(' · ')
