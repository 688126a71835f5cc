import { Text } from '@mantine/core'
import type { WeblogicStatusResponse } from '@platform/contracts/monitoring'
import { useEffect, useState } from 'react'
import { cacheLine } from '../utils/monitoring'

/** The time now, ticking every second while the component is shown. */
function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs])
  return now
}

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
