import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Code,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import {
  IMPORT_COLUMNS,
  IMPORT_DUTIES_COLUMN,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportResponse,
  type ImportRow,
} from '@platform/contracts/users'
import { ArrowLeft, Download, FileSearch, Info } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { CsvFileInput, csvFileError, ImportAppliedPanel } from '@/components/csv-import'
import { FailureAlert } from '@/components/failure-alert'
import { saveBlob, todayStamp } from '@/lib/download'
import { formatCount } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useApplyImport, useMetaApplications, useOrganizations, usePreviewImport, useRoles } from '../api/users'
import { buildImportResultCsv, IMPORT_SAMPLE_LINE } from '../utils/import-result-csv'
import { grantableApplications } from '../utils/user-form'
import { notifyUserSuccess, USER_SUCCESS_TITLES } from '../utils/user-messages'
import { ImportOutcomeBadge, ImportRowsTable, type ImportNames } from './import-rows-table'
import { usePhone } from '@/components/data/use-phone'

const people = (count: number) => `${formatCount(count)} ${count === 1 ? 'person' : 'people'}`
const lines = (count: number) => `${formatCount(count)} ${count === 1 ? 'line' : 'lines'}`

/** More rows than this are summarised; the downloadable result always has them all. */
const MAX_SHOWN_ROWS = 500
type RowFilter = 'all' | ImportRow['action']

function Summary({ result }: { result: ImportResponse }) {
  const items: { action: ImportRow['action']; label: string }[] = [
    { action: 'create', label: result.applied ? 'Created' : 'To create' },
    { action: 'update', label: result.applied ? 'Updated' : 'To update' },
    { action: 'unchanged', label: 'Unchanged' },
    { action: 'reject', label: 'Rejected' },
  ]
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label={result.applied ? 'Import result' : 'Preview summary'} role="group">
      {items.map((item) => (
        <Paper key={item.action} withBorder radius="md" p="sm">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm">{item.label}</Text>
            <ImportOutcomeBadge action={item.action} />
          </Group>
          <Text fz={24} fw={700} data-testid={`import-${item.action}`}>
            {formatCount(result.summary[item.action])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}

function Rows({ result, names }: { result: ImportResponse; names: ImportNames }) {
  const [filter, setFilter] = useState<RowFilter>('all')
  const phone = usePhone()
  const rows = filter === 'all' ? result.rows : result.rows.filter((row) => row.action === filter)
  const shown = rows.slice(0, MAX_SHOWN_ROWS)
  const choices = [
    { value: 'all', label: `All (${formatCount(result.rows.length)})` },
    { value: 'create', label: 'Create' },
    { value: 'update', label: 'Update' },
    { value: 'unchanged', label: 'Unchanged' },
    { value: 'reject', label: 'Reject' },
  ]
  return (
    <Stack gap="sm">
      {phone ? (
        // Five choices do not fit side by side on a phone: a list there.
        <NativeSelect
          label="Show rows"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value as RowFilter)}
          data={choices}
        />
      ) : (
        <SegmentedControl aria-label="Show rows" value={filter} onChange={(value) => setFilter(value as RowFilter)} data={choices} />
      )}
      {rows.length === 0 ? (
        <Text c="dimmed">No rows</Text>
      ) : (
        <ImportRowsTable rows={shown} caption={result.applied ? 'Import result rows' : 'Import preview rows'} names={names} />
      )}
      {rows.length > shown.length ? (
        <Text size="sm" c="dimmed">
          Showing the first {formatCount(shown.length)} of {formatCount(rows.length)} rows.
          {result.applied ? ' Download the result for all of them.' : ''}
        </Text>
      ) : null}
    </Stack>
  )
}

/** Import users from a CSV file: preview, apply, then download the result. */
// A format or an example longer than a phone is wide wraps rather than pushing the page sideways.
const LONG_CODE = { overflowWrap: 'anywhere' } as const

export function ImportUsers() {
  useDocumentTitle('Import users')
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [sendInvitations, setSendInvitations] = useState(true)
  const preview = usePreviewImport()
  const apply = useApplyImport()
  const orgs = useOrganizations()
  const roles = useRoles()
  const apps = useMetaApplications()

  const names: ImportNames = {
    organizations: new Map((orgs.data ?? []).map((org) => [org.org_code.toUpperCase(), org.org_name])),
    roles: new Map((roles.data ?? []).map((role) => [role.role_code.toUpperCase(), role.role_name])),
    applications: new Map((apps.data ?? []).map((app) => [app.app_code.toUpperCase(), app.app_name])),
  }

  const onFile = (next: File | null) => {
    preview.reset()
    apply.reset()
    setFile(next)
    setFileError(csvFileError(next, IMPORT_MAX_BYTES))
  }

  const previewed = preview.data
  const applied = apply.data
  const canApply = Boolean(previewed && previewed.summary.create + previewed.summary.update > 0) && !applied

  const onApply = () => {
    if (!file) return
    apply.mutate(
      { file, sendInvitations },
      {
        onSuccess: (result) =>
          notifyUserSuccess(
            USER_SUCCESS_TITLES.imported,
            `Import applied: ${people(result.summary.create)} added, ${people(result.summary.update)} updated, ${lines(result.summary.reject)} rejected.`,
          ),
      },
    )
  }

  const downloadResult = () => {
    if (!applied) return
    const csv = buildImportResultCsv(applied.rows)
    // A byte-order mark lets spreadsheet programs read the file as UTF-8.
    saveBlob(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }), `user_import_result_${todayStamp()}.csv`)
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to="/admin/users" size="sm">
          <Group gap={4} component="span">
            <ArrowLeft size={14} aria-hidden="true" />
            Back to User Management
          </Group>
        </Anchor>
        <Title order={1}>Import users</Title>
        <Text c="dimmed">Add or update many staff accounts from a CSV file. Nothing changes until you apply the import.</Text>
      </Stack>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            The file
          </Title>
          <Text size="sm">
            A header line with the columns <Code className="code-wraps">{IMPORT_COLUMNS.join(',')}</Code>, then one line per person.
            Separate several application codes with a semicolon. At most {formatCount(IMPORT_MAX_ROWS)} rows and{' '}
            {IMPORT_MAX_BYTES / 1024 / 1024} MB. Existing users (matched by e-mail) are updated; nobody is removed or deactivated.
          </Text>
          <Text size="sm">
            An optional <Code>{IMPORT_DUTIES_COLUMN}</Code> column grants duties in the fiscal applications: entries written{' '}
            <Code style={LONG_CODE}>APP_CODE:DUTY@SITE+SITE</Code> separated by semicolons, without <Code>@</Code> for every site (for
            example <Code style={LONG_CODE}>PAYMENT_RECEIPTS:COLLECTOR@LHS+MMS;PAYMENT_RECEIPTS:VIEWER</Code>). With the column, each cell
            is the person&apos;s whole set of duties; an empty cell clears them.
          </Text>
          <Text size="sm" fw={600}>
            Example
          </Text>
          <Code block className="code-wraps">{`${IMPORT_COLUMNS.join(',')}\n${IMPORT_SAMPLE_LINE}`}</Code>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
            <CodeList title="Organization codes" codes={(orgs.data ?? []).map((org) => `${org.org_code} (${org.org_name})`)} />
            <CodeList title="Role codes" codes={(roles.data ?? []).map((role) => `${role.role_code} (${role.role_name})`)} />
            <CodeList
              title="Application codes"
              codes={grantableApplications(apps.data ?? []).map(
                (app) => `${app.app_code} (${app.app_name}${app.is_active ? '' : ', inactive'})`,
              )}
            />
          </SimpleGrid>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <CsvFileInput label="CSV file" value={file} onChange={onFile} error={fileError} />
          <Group gap="sm">
            <Button
              leftSection={<FileSearch size={16} aria-hidden="true" />}
              onClick={() => file && preview.mutate(file)}
              disabled={!file || Boolean(fileError)}
              loading={preview.isPending}
            >
              Preview
            </Button>
          </Group>
          {preview.isError ? (
            <FailureAlert
              title="The file could not be read"
              error={preview.error}
              fallback="The preview failed. Check the file and try again."
            />
          ) : null}
        </Stack>
      </Paper>

      {previewed && !applied ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              Preview
            </Title>
            <Summary result={previewed} />
            <Rows result={previewed} names={names} />
            {previewed.summary.create + previewed.summary.update === 0 ? (
              <Alert color="blue" variant="light" icon={<Info size={18} aria-hidden="true" />}>
                Nothing to create or update.
              </Alert>
            ) : null}
            <Checkbox
              label="Send invitation emails to new users"
              checked={sendInvitations}
              onChange={(event) => setSendInvitations(event.currentTarget.checked)}
            />
            {apply.isError ? (
              <FailureAlert title="The import failed" error={apply.error} fallback="Nothing was changed. Try again." />
            ) : null}
            <Group>
              <Button onClick={onApply} disabled={!canApply} loading={apply.isPending}>
                Apply import
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}

      {applied ? (
        <ImportAppliedPanel>
          <Summary result={applied} />
          <Group>
            <Button leftSection={<Download size={16} aria-hidden="true" />} onClick={downloadResult}>
              Download result (CSV)
            </Button>
            <Button component={Link} to="/admin/users" variant="default">
              Back to User Management
            </Button>
          </Group>
          <Rows result={applied} names={names} />
        </ImportAppliedPanel>
      ) : null}
    </Stack>
  )
}

function CodeList({ title, codes }: { title: string; codes: string[] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {codes.length === 0 ? (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ) : (
        // The codes a file is written with, shown as they must be typed.
        <Text size="sm" component="ul" m={0} pl="md" data-verbatim>
          {codes.slice(0, 30).map((code) => (
            <li key={code}>{code}</li>
          ))}
          {codes.length > 30 ? <li>and {codes.length - 30} more</li> : null}
        </Text>
      )}
    </Stack>
  )
}
