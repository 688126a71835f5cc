import { Alert, Button, Group, List, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import {
  DEFAULT_RETENTION,
  type LastPurge,
  NEVER_PURGED,
  type PurgeCounts,
  RETENTION_KIND_KEYS,
  RETENTION_KINDS,
  type RetentionSettings,
  RetentionSettingsSchema,
} from '@platform/contracts/retention'
import { ShieldCheck } from 'lucide-react'
import { FailureAlert } from '@/components/failure-alert'
import { RequireAdmin } from '@/components/guards/require-admin'
import { FormAlerts } from '@/components/form-alerts'
import { LoadingState } from '@/components/loading-state'
import { formatCount, formatDateTime } from '@/lib/format'
import { withoutFieldNames } from '@/lib/schema-errors'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useRetention, useSaveRetention } from '../api/retention'

/** The form's values: what each field holds while typed ('' when emptied). */
export type RetentionFormValues = Record<keyof RetentionSettings, number | string>

const asSettings = (values: RetentionFormValues) =>
  Object.fromEntries(RETENTION_KIND_KEYS.map((key) => [key, values[key] === '' ? undefined : Number(values[key])])) as RetentionSettings

const resolve = withoutFieldNames(schemaResolver(RetentionSettingsSchema, { sync: true }))

/** The form's check: the contract's own bounds, each problem in words under its field. */
export const validateRetention = (values: RetentionFormValues) => resolve(asSettings(values))

const REMOVED: Record<keyof PurgeCounts, (count: number) => string> = {
  mailLog: (n) => `${formatCount(n)} ${n === 1 ? 'message' : 'messages'} from the mail log`,
  endedSessions: (n) => `${formatCount(n)} ended ${n === 1 ? 'session' : 'sessions'}`,
  signInAttempts: (n) => `${formatCount(n)} sign-in ${n === 1 ? 'link or code' : 'links and codes'}`,
  temporaryFiles: (n) => `${formatCount(n)} temporary ${n === 1 ? 'file' : 'files'}`,
}

function LastPurgeSummary({ lastPurge }: { lastPurge: LastPurge | null }) {
  if (!lastPurge) return <Text size="sm">No purge has run yet. The platform purges once a day.</Text>
  if (!lastPurge.finishedAt || !lastPurge.counts)
    return (
      <Text size="sm">
        The purge of {lastPurge.day} started at {formatDateTime(lastPurge.startedAt)} and did not finish. The next day’s purge tries again.
      </Text>
    )
  const counts = lastPurge.counts
  return (
    <Stack gap={4}>
      <Text size="sm">
        The purge of {lastPurge.day} finished at {formatDateTime(lastPurge.finishedAt)} and removed:
      </Text>
      <List size="sm">
        {(Object.keys(REMOVED) as Array<keyof PurgeCounts>).map((key) => (
          <List.Item key={key}>{REMOVED[key](counts[key])}</List.Item>
        ))}
      </List>
    </Stack>
  )
}

function RetentionForm({ settings }: { settings: RetentionSettings }) {
  const save = useSaveRetention()
  const form = useForm<RetentionFormValues>({ mode: 'controlled', initialValues: settings, validate: validateRetention })
  const onSubmit = form.onSubmit((values) => {
    void save
      .mutateAsync(asSettings(values))
      .then((response) => {
        form.setInitialValues(response.data.settings)
        form.setValues(response.data.settings)
      })
      .catch(() => undefined)
  })
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="retention-form-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="retention-form-title">
          How long the platform keeps its own records
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {RETENTION_KIND_KEYS.map((key) => {
            const kind = RETENTION_KINDS[key]
            return (
              <NumberInput
                key={key}
                label={`${kind.label} (days)`}
                description={`${kind.covers} From ${formatCount(kind.min)} to ${formatCount(kind.max)} days; ${formatCount(kind.default)} unless changed.`}
                min={kind.min}
                max={kind.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                required
                {...form.getInputProps(key)}
              />
            )
          })}
        </SimpleGrid>
        <FormAlerts mutation={save} failedTitle="The retention settings were not saved" />
        {save.isSuccess && !form.isDirty() ? (
          <Text size="sm" c="teal.9" role="status">
            The retention settings were saved. The next daily purge keeps to them.
          </Text>
        ) : null}
        <Group gap="sm" wrap="wrap">
          <Button type="submit" loading={save.isPending}>
            Save retention settings
          </Button>
          <Button type="button" variant="default" onClick={() => form.setValues(DEFAULT_RETENTION)}>
            Fill in the defaults
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/**
 * Administration → Data retention: how long the mail log, ended sessions, sign-in links and temporary files are kept
 * before the daily purge removes them, what the last purge removed, and what the platform never purges.
 */
export function RetentionSettingsPage() {
  useDocumentTitle('Data retention')
  const retention = useRetention()
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Data retention</Title>
        <Text c="dimmed">
          Once a day the platform removes what it keeps for itself once it is older than these settings. Each purge is recorded in Activity
          with what it removed.
        </Text>
      </Stack>
      {/* A standing notice, not news: a note rather than an alert, which screen readers would announce. */}
      <Alert color="blue" variant="light" title="Never purged" icon={<ShieldCheck size={18} aria-hidden="true" />} role="note">
        <Text size="sm">{NEVER_PURGED}</Text>
      </Alert>
      {retention.isError ? (
        <FailureAlert title="The retention settings could not be loaded" error={retention.error} onRetry={() => void retention.refetch()} />
      ) : null}
      {retention.isPending ? <LoadingState label="Loading the retention settings" query={retention} /> : null}
      {retention.data ? (
        <>
          <Paper withBorder radius="md" p="md">
            <RetentionForm settings={retention.data.settings} />
          </Paper>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="last-purge-title">
            <Stack gap="xs">
              <Title order={2} size="h3" id="last-purge-title">
                Last purge
              </Title>
              <LastPurgeSummary lastPurge={retention.data.lastPurge} />
            </Stack>
          </Paper>
        </>
      ) : null}
    </Stack>
  )
}

/** /admin/retention (administrators only): Data retention. */
export function AdminRetentionPage() {
  return (
    <RequireAdmin>
      <RetentionSettingsPage />
    </RequireAdmin>
  )
}
