import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { ListTodo } from 'lucide-react'
import { Link } from 'react-router'
import { formatDateTime } from '@/lib/format'
import { useMyQueue } from '../api/finance'

/** My queue on /dashboard: what waits for the signed-in person, soonest deadline first. Hidden when empty. */
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
                <Stack gap={0} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                  <Anchor component={Link} to={item.href} fw={600}>
                    {item.title}
                  </Anchor>
                  {item.detail ? (
                    <Text size="sm" c="dimmed">
                      {item.detail}
                    </Text>
                  ) : null}
                </Stack>
                {item.dueAt ? (
                  <Badge color={item.overdue ? 'red.9' : 'blue.9'} variant="filled" tt="none">
                    {item.overdue ? 'Overdue since ' : 'Due '}
                    {formatDateTime(item.dueAt)}
                  </Badge>
                ) : null}
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  )
}
