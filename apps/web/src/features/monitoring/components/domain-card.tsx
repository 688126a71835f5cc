import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { DomainStatus } from '@platform/contracts/monitoring'
import { AlertCircle, ExternalLink, RefreshCw } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { errorMessage } from '@/lib/api-client'
import { useRefreshDomain } from '../api/monitoring'
import { FETCH_FAILED, formatCheckedAt, hostPort, MOCK_DATA_NOTE, heapText, threadsText, dataSourcesText, metricsNeedAttention } from '../utils/monitoring'
import { ManagedServersTable } from './managed-servers-table'
import { DomainStatusBadge, HealthBadge, ServerStateBadge } from './tone-badge'

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

/** One WebLogic domain: its status, the admin server, the managed servers, its own Refresh and its footer notes. */
export function DomainCard({ domain }: { domain: DomainStatus }) {
  const headingId = useId()
  const refresh = useRefreshDomain()
  const admin = domain.adminServer

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid="domain-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <Title order={2} size="h3" id={headingId} style={{ wordBreak: 'break-word' }}>
              {domain.domain}
            </Title>
            <DomainStatusBadge status={domain.status} />
            {domain.isMockData ? (
              <Badge color="indigo.9" variant="outline" tt="none">
                Mock data
              </Badge>
            ) : null}
          </Group>
          <Group gap="xs">
            {domain.consoleUrl ? (
              <Button
                component="a"
                href={domain.consoleUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                size="xs"
                rightSection={<ExternalLink size={14} aria-hidden="true" />}
              >
                Open Console
                <span className="visually-hidden"> of {domain.domain} (opens in a new tab)</span>
              </Button>
            ) : null}
            <Button
              variant="default"
              size="xs"
              leftSection={<RefreshCw size={14} aria-hidden="true" />}
              aria-label={`Refresh ${domain.domain}`}
              loading={refresh.isPending}
              onClick={() => refresh.mutate(domain.domain)}
            >
              Refresh
            </Button>
          </Group>
        </Group>

        {refresh.isError ? (
          <Alert color="red" variant="light" icon={<AlertCircle size={18} aria-hidden="true" />} role="alert">
            {errorMessage(refresh.error, FETCH_FAILED)}
          </Alert>
        ) : null}

        <Paper withBorder radius="sm" p="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Field label="Admin server">
              <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                {admin.name ?? '—'}
              </Text>
              <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {hostPort(admin.host, admin.port)}
              </Text>
            </Field>
            <Field label="State">
              <ServerStateBadge state={admin.state} />
            </Field>
            <Field label="Health">
              <HealthBadge health={admin.health} />
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
                  <Text size="sm" style={{ wordBreak: 'break-word' }}>
                    {dataSourcesText(admin.metrics)}
                  </Text>
                </Field>
              </>
            ) : null}
          </SimpleGrid>
        </Paper>

        <Stack gap="xs">
          <Title order={3} size="h5">
            Managed servers
          </Title>
          <ManagedServersTable domain={domain.domain} servers={domain.managedServers} />
        </Stack>

        <Stack gap="xs" component="footer">
          {domain.error ? (
            <Alert color="red" variant="light" icon={<AlertCircle size={18} aria-hidden="true" />} title={domain.error}>
              {domain.originalError ? (
                <details>
                  <summary style={{ cursor: 'pointer' }}>Details</summary>
                  <Text
                    component="pre"
                    size="xs"
                    mt="xs"
                    tabIndex={0}
                    style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 240, overflow: 'auto' }}
                  >
                    {domain.originalError}
                  </Text>
                </details>
              ) : null}
            </Alert>
          ) : null}
          {domain.isMockData ? (
            <Text size="sm" c="dimmed">
              {MOCK_DATA_NOTE}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            Last checked {formatCheckedAt(domain.lastChecked)}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  )
}
