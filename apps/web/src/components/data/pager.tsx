import { Button, Group, NativeSelect, Text } from '@mantine/core'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { formatCount } from '@/lib/format'

export interface PagerProps {
  total: number
  limit: number
  offset: number
  onOffsetChange: (offset: number) => void
  /** Offered page sizes; the size choice is shown only when given. */
  pageSizes?: readonly number[]
  onLimitChange?: (limit: number) => void
  /** What the rows are, for the labels ("users", "entries"). */
  noun: string
  disabled?: boolean
  /** The server stopped counting: `total` is a lower bound ("10,000 or more"). */
  totalIsLowerBound?: boolean
}

/** One of the rows, for a total of one: 'entries' → 'entry', 'users' → 'user'. */
export function singularNoun(noun: string): string {
  if (noun.endsWith('ies')) return `${noun.slice(0, -3)}y`
  return noun.endsWith('s') ? noun.slice(0, -1) : noun
}

/** "Showing 1–50 of 1,234 users" ("Showing 1–1 of 1 user"), a page-size choice and Previous / Next. */
export function Pager({ total, limit, offset, onOffsetChange, pageSizes, onLimitChange, noun, disabled, totalIsLowerBound = false }: PagerProps) {
  const first = total === 0 ? 0 : offset + 1
  const last = totalIsLowerBound ? offset + limit : Math.min(offset + limit, total)
  const hasPrevious = offset > 0
  const hasNext = totalIsLowerBound || offset + limit < total
  const of = totalIsLowerBound ? `${formatCount(total)} or more` : formatCount(total)
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" role="navigation" aria-label={`Pages of ${noun}`}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0 ? `No ${noun}` : `Showing ${formatCount(first)}–${formatCount(last)} of ${of} ${total === 1 && !totalIsLowerBound ? singularNoun(noun) : noun}`}
      </Text>
      <Group gap="sm" wrap="wrap" align="flex-end">
        {pageSizes && onLimitChange ? (
          <NativeSelect
            size="sm"
            label="Rows per page"
            value={String(limit)}
            data={pageSizes.map((size) => String(size))}
            onChange={(event) => onLimitChange(Number(event.currentTarget.value))}
            disabled={disabled}
          />
        ) : null}
        <Button
          variant="default"
          size="sm"
          leftSection={<ChevronLeft size={16} aria-hidden="true" />}
          disabled={disabled || !hasPrevious}
          onClick={() => onOffsetChange(Math.max(0, offset - limit))}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="sm"
          rightSection={<ChevronRight size={16} aria-hidden="true" />}
          disabled={disabled || !hasNext}
          onClick={() => onOffsetChange(offset + limit)}
        >
          Next
        </Button>
      </Group>
    </Group>
  )
}
