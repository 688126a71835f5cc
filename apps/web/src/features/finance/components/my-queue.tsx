import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { deadlineStatus, type DeadlineTone } from '@platform/contracts/deadline'
import { ListTodo } from 'lucide-react'
import { Link } from 'react-router'
import { districtTimeZone } from '@/lib/district-time'
import { useMyQueue } from '../api/finance'

/** Red once overdue, orange when due within two days, grey otherwise: the platform's one deadline rule. */
const TONES: Record<DeadlineTone, { color: string; variant: 'filled' | 'light' }> = {
  overdue: { color: 'red.9', variant: 'filled' },
  soon: { color: 'orange.4', variant: 'filled' },
  later: { color: 'gray', variant: 'light' },
}

/** "Overdue by 3 days (due Nov 24)", "Due today", "Due Dec 2 · 4 days left", on the district's calendar. */
function DueBadge({ dueAt }: { dueAt: string }) {
  const status = deadlineStatus(dueAt, new Date(), districtTimeZone())
  const tone = TONES[status.tone]
  return (
    <Badge color={tone.color} variant={tone.variant} autoContrast tt="none" style={{ whiteSpace: 'normal', height: 'auto' }}>
      {status.words}
    </Badge>
  )
}

/**
 * My queue on /dashboard: what waits for the signed-in person, soonest deadline first, each item opening the page where
 * its step is taken. Hidden when empty.
 */
export function MyQueue() {
  const queue = useMyQueue()
  const items = queue.data ?? []
  if (items.length === 0) return null
  return (
    <Paper withBorder radius="md" p="lg" maw={760} component="section" aria-labelledby="my-queue-title">
      <Stack gap="sm">
        <Group gap="xs">
          <ListTodo size={20} aria-hidden="true" />
          <Title order={2} size="h3" id="my-queue-title">
            My queue
          </Title>
        </Group>
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <li key={item.key}>
              {/* On a phone the due date goes under the task instead of squeezing it into a narrow column. */}
              <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
                <Stack gap={0} style={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Anchor component={Link} to={item.href} fw={600}>
                    {item.title}
                  </Anchor>
                  {item.detail ? (
                    <Text size="sm" c="dimmed">
                      {item.detail}
                    </Text>
                  ) : null}
                </Stack>
                {item.dueAt ? <DueBadge dueAt={item.dueAt} /> : null}
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  )
}
