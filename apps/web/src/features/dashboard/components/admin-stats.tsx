import { Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core'
import type { AdminOverview } from '@platform/contracts/dashboard'
import { Activity, LogIn, UserCheck, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { FailureAlert } from '@/components/failure-alert'
import { formatCount } from '@/lib/format'

const CARDS: { key: keyof AdminOverview; label: string; icon: ReactNode }[] = [
  { key: 'totalUsers', label: 'Total users', icon: <Users size={20} aria-hidden="true" /> },
  { key: 'activeUsers', label: 'Active users', icon: <UserCheck size={20} aria-hidden="true" /> },
  { key: 'activeSessions', label: 'Active sessions', icon: <Activity size={20} aria-hidden="true" /> },
  { key: 'signInsLast7Days', label: 'Sign-ins in the last 7 days', icon: <LogIn size={20} aria-hidden="true" /> },
]

/** Administrators' figures on the Dashboard Overview. */
export function AdminStats({ data, loading, error }: { data: AdminOverview | null | undefined; loading: boolean; error: unknown }) {
  if (error) return <FailureAlert title="Failed to load the overview figures" error={error} />
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {CARDS.map((card) => (
        <Paper key={card.key} withBorder radius="md" p="md">
          <Stack gap={6}>
            <ThemeIcon variant="light" radius="md" aria-hidden="true">
              {card.icon}
            </ThemeIcon>
            <Text size="sm" c="dimmed" id={`stat-${card.key}`}>
              {card.label}
            </Text>
            {loading || !data ? (
              <Skeleton height={30} width="50%" aria-hidden="true" />
            ) : (
              <Text fz={28} fw={700} aria-describedby={`stat-${card.key}`} data-testid={`stat-${card.key}`}>
                {formatCount(data[card.key])}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
