import { Text } from '@mantine/core'
import { useNow } from '../hooks/use-now'
import { sinceParts } from '../utils/since'

/** The relative text is in minutes: a tick every 15 s keeps it within a quarter of a minute. */
const TICK_MS = 15_000

interface SinceProps {
  since: string | null | undefined
  /** 'since 5 min ago' in a table cell; '5 min ago' under a 'Since' label. */
  withWord?: boolean
  size?: 'xs' | 'sm'
}

/**
 * Since when a server has had its current state and health, relative to now. The exact local time is in the title
 * (on hover) and in visually hidden text (for screen readers). An em dash when the time is not known.
 */
export function Since({ since, withWord = false, size = 'xs' }: SinceProps) {
  const now = useNow(TICK_MS)
  const parts = sinceParts(since, now)
  if (!parts) return <Text size={size}>—</Text>
  return (
    <Text size={size} c={size === 'xs' ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
      <time dateTime={since ?? undefined} title={parts.exact}>
        {withWord ? `since ${parts.ago}` : parts.ago}
        <span className="visually-hidden"> ({parts.exact})</span>
      </time>
    </Text>
  )
}
