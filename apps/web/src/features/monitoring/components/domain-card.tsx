import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { DomainStatus } from '@platform/contracts/monitoring'
import { AlertCircle, ExternalLink, History, RefreshCw } from 'lucide-react'
import { useId } from 'react'
import { useRefreshDomain } from '../api/monitoring'
import { FETCH_FAILED, formatCheckedAt } from '../utils/monitoring'
import { AdminServerBox } from './admin-server-box'
import { ManagedServersTable } from './managed-servers-table'
import { StateHistoryModal } from './state-history-modal'
import { DomainStatusBadge } from './tone-badge'
import { FailureAlert } from '@/components/failure-alert'

/** One WebLogic domain: its status, the admin server, the managed servers, its own Refresh and History, and its footer notes. */
export function DomainCard({ domain }: { domain: DomainStatus }) {
  const headingId = useId()
  const refresh = useRefreshDomain()
  const [historyOpened, history] = useDisclosure(false)

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid="domain-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <Title order={2} size="h3" id={headingId} style={{ wordBreak: 'break-word' }} data-verbatim>
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
                <span className="visually-hidden">
                  {' '}
                  of <span data-verbatim>{domain.domain}</span> (opens in a new tab)
                </span>
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
            <Button
              variant="default"
              size="xs"
              leftSection={<History size={14} aria-hidden="true" />}
              aria-label={`History of ${domain.domain}`}
              aria-haspopup="dialog"
              onClick={history.open}
            >
              History
            </Button>
          </Group>
        </Group>

        {refresh.isError ? <FailureAlert title={FETCH_FAILED} error={refresh.error} /> : null}

        <AdminServerBox admin={domain.adminServer} />

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
              Mock data: no WebLogic domains are configured (<Code>WEBLOGIC_DOMAINS_FILE</Code>); these servers are examples.
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            Last checked {formatCheckedAt(domain.lastChecked)}
          </Text>
        </Stack>
      </Stack>
      <StateHistoryModal domain={domain.domain} opened={historyOpened} onClose={history.close} />
    </Paper>
  )
}
