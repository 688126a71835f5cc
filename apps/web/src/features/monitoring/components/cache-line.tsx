import { Text } from '@mantine/core'
import type { WeblogicStatusResponse } from '@platform/contracts/monitoring'
import { useNow } from '../hooks/use-now'
import { cacheLine } from '../utils/monitoring'

/** '{n} servers · updates every {m} minute(s) · data age {a}s · next refresh in {s}s', counting down live. */
export function CacheLine({ status, fetchedAt }: { status: WeblogicStatusResponse; fetchedAt: number }) {
  const now = useNow()
  // The first render after a fetch may come before the next tick: never count from before the fetch.
  const text = cacheLine(status.summary.totalServers, status.cache, fetchedAt, Math.max(now, fetchedAt))
  return (
    <Text size="sm" c="dimmed" data-testid="cache-line">
      {text}
    </Text>
  )
}
