import { Button, Group, Text } from '@mantine/core'
import type { ReportResult } from '@platform/contracts/reports'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { formatCount } from '@/lib/format'

/** 'Showing rows 1–100 of 2,345' with Previous / Next; the rows counted are records (or summary rows), not headers. */
export function ResultPager({
  page,
  onOffsetChange,
  disabled,
}: {
  page: ReportResult['page']
  onOffsetChange: (offset: number) => void
  disabled?: boolean
}) {
  const first = page.total === 0 ? 0 : page.offset + 1
  const last = Math.min(page.offset + page.limit, page.total)
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" role="navigation" aria-label="Pages of the report">
      <Text size="sm" c="dimmed" aria-live="polite">
        {page.total === 0 ? 'No rows' : `Showing rows ${formatCount(first)}–${formatCount(last)} of ${formatCount(page.total)}`}
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          size="sm"
          leftSection={<ChevronLeft size={16} aria-hidden="true" />}
          disabled={disabled || page.offset === 0}
          onClick={() => onOffsetChange(Math.max(0, page.offset - page.limit))}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="sm"
          rightSection={<ChevronRight size={16} aria-hidden="true" />}
          disabled={disabled || !page.hasMore}
          onClick={() => onOffsetChange(page.offset + page.limit)}
        >
          Next
        </Button>
      </Group>
    </Group>
  )
}
