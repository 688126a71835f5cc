import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { AccountDevice } from '@platform/contracts/account'
import { Monitor, Smartphone } from 'lucide-react'
import { formatDateTime } from '@/lib/format'
import { deviceName, type AccountSession } from '../utils/sign-out-targets'
import { SessionsTable } from './sessions-table'

const MOBILE_OS = /android|ios|iphone|ipad/i

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  )
}

export interface DeviceCardProps {
  device: AccountDevice
  onSignOutDevice: (device: AccountDevice) => void
  onSignOutSession: (session: AccountSession) => void
  busy?: boolean
}

/** One remembered browser: what and where it was, its sessions, and 'Sign out this device'. */
export function DeviceCard({ device, onSignOutDevice, onSignOutSession, busy }: DeviceCardProps) {
  const name = deviceName(device)
  const headingId = `device-${device.id}`
  const Icon = MOBILE_OS.test(device.os) ? Smartphone : Monitor
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size="lg" radius="md" variant="light" aria-hidden="true">
              <Icon size={20} />
            </ThemeIcon>
            <Group gap="xs">
              <Title order={2} size="h4" id={headingId}>
                {name}
              </Title>
              {device.current ? (
                <Badge color="teal.9" variant="filled">
                  This device
                </Badge>
              ) : null}
            </Group>
          </Group>
          <Button
            variant="outline"
            color="red.9"
            size="sm"
            onClick={() => onSignOutDevice(device)}
            disabled={busy || device.sessions.length === 0}
            aria-label={`Sign out this device (${name})`}
          >
            Sign out this device
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Fact label="First seen" value={formatDateTime(device.firstSeenAt)} />
          <Fact label="Last seen" value={formatDateTime(device.lastSeenAt)} />
          <Fact label="Last address" value={device.lastIp ?? 'Unknown'} />
        </SimpleGrid>
        <SessionsTable label={`Sessions on ${name}`} sessions={device.sessions} onSignOut={onSignOutSession} disabled={busy} />
      </Stack>
    </Paper>
  )
}
