import { Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import type { DomainStatus } from '@platform/contracts/monitoring'
import type { ReactNode } from 'react'
import { dataSourcesText, heapText, hostPort, metricsNeedAttention, threadsText } from '../utils/monitoring'
import { Since } from './since'
import { HealthBadge, ServerStateBadge } from './tone-badge'
import { BreakableText } from '@/components/data/breakable-text'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  )
}

/** The admin server of a domain: name and address, state, health, since when, version and (when read) its metrics. */
export function AdminServerBox({ admin }: { admin: DomainStatus['adminServer'] }) {
  return (
    <Paper withBorder radius="sm" p="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Field label="Admin server">
          <Text size="sm" fw={600} data-verbatim>
            {admin.name ? <BreakableText>{admin.name}</BreakableText> : '—'}
          </Text>
          <Text size="sm" c="dimmed">
            <BreakableText>{hostPort(admin.host, admin.port)}</BreakableText>
          </Text>
        </Field>
        <Field label="State">
          <ServerStateBadge state={admin.state} />
        </Field>
        <Field label="Health">
          <HealthBadge health={admin.health} />
        </Field>
        <Field label="Since">
          <Since since={admin.since} size="sm" />
        </Field>
        <Field label="WebLogic version">
          <Text size="sm">{admin.weblogicVersion ?? '—'}</Text>
        </Field>
        {admin.metrics ? (
          <>
            <Field label="Heap">
              <Text size="sm">{heapText(admin.metrics)}</Text>
            </Field>
            <Field label="Threads">
              <Text size="sm" c={metricsNeedAttention(admin.metrics) ? 'red.9' : undefined}>
                {threadsText(admin.metrics)}
              </Text>
            </Field>
            <Field label="Data sources">
              <Text size="sm" style={{ wordBreak: 'break-word' }} data-verbatim>
                {dataSourcesText(admin.metrics)}
              </Text>
            </Field>
          </>
        ) : null}
      </SimpleGrid>
    </Paper>
  )
}
