import { Button, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { CHART_ACCOUNT_SEGMENT, CHART_COLUMNS, CHART_MAX_BYTES, type ChartImportResponse, type ChartRow } from '@platform/contracts/finance'
import { ACCOUNT_SEGMENTS } from '@platform/contracts/finance-account'
import { labelOf } from '@platform/contracts/labels'
import { financeSetupLabels } from '@platform/contracts/labels/finance-setup'
import { FileSearch } from 'lucide-react'
import { Fragment, useState } from 'react'
import { CsvFileInput, csvFileError, ImportActionBadge, ImportAppliedPanel } from '@/components/csv-import'
import { FailureAlert } from '@/components/failure-alert'
import { formatCount } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useChartImport } from '../api/finance'
import { AccountPicker } from './account-picker'
import { PostingAccountsForm } from './posting-accounts'
import { DateWindowForm } from './date-window'
import { ErpLayoutForm } from './erp-layout'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'

const MAX_SHOWN_ROWS = 300
const SAMPLE = `${CHART_COLUMNS.join(',')}
FUND,01,General Fund,true
OBJECT,8699,All Other Local Revenue,true
SCHOOL,010,Lincoln High School,true
${CHART_ACCOUNT_SEGMENT},01-0000-0-1110-1000-8699-010,,true`

function Summary({ result }: { result: ChartImportResponse }) {
  const items: Array<[ChartRow['action'], string]> = [
    ['create', result.applied ? 'Added' : 'To add'],
    ['update', result.applied ? 'Changed' : 'To change'],
    ['unchanged', 'Unchanged'],
    ['reject', 'Rejected'],
  ]
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label={result.applied ? 'Import result' : 'Preview summary'}>
      {items.map(([action, label]) => (
        <Paper key={action} withBorder radius="md" p="sm">
          <Text size="sm">{label}</Text>
          <Text fz={24} fw={700} data-testid={`chart-${action}`}>
            {formatCount(result.summary[action])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}

function RowsTable({ rows, caption }: { rows: ChartRow[]; caption: string }) {
  const shown = rows.slice(0, MAX_SHOWN_ROWS)
  return (
    <ScrollTable minWidth={640} label={caption}>
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <TableHeader columns={['Line', 'Segment', 'Value', 'Name', 'Outcome', 'Reasons']} />
        <Table.Tbody>
          {shown.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>
                {row.segment === CHART_ACCOUNT_SEGMENT ? 'Account string' : labelOf(financeSetupLabels.segment, row.segment)}
              </Table.Td>
              <Table.Td ff="monospace">{row.value}</Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>
                <ImportActionBadge action={row.action} />
              </Table.Td>
              <Table.Td>{row.reasons.join(' ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length > shown.length ? (
        <Text size="sm" c="dimmed">
          Showing the first {formatCount(shown.length)} of {formatCount(rows.length)} rows.
        </Text>
      ) : null}
    </ScrollTable>
  )
}

/** Administration → Accounts: import the district's SACS chart (preview, then apply) and find an account. */
export function AccountsAdmin() {
  useDocumentTitle('Accounts')
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [found, setFound] = useState('')
  const preview = useChartImport()
  const apply = useChartImport()

  const onFile = (next: File | null) => {
    preview.reset()
    apply.reset()
    setFile(next)
    setFileError(csvFileError(next, CHART_MAX_BYTES))
  }
  const previewed = preview.data
  const applied = apply.data
  const canApply = Boolean(previewed && previewed.summary.create + previewed.summary.update > 0) && !applied

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Accounts</Title>
        <Text c="dimmed">
          The district's chart of accounts (SACS). Forms that take an account accept only active accounts of this chart.
        </Text>
      </Stack>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Import the chart
          </Title>
          <Text size="sm">
            A CSV file in UTF-8 with the columns <Code>{CHART_COLUMNS.join(',')}</Code>. The segment, typed as shown, is one of{' '}
            {ACCOUNT_SEGMENTS.map((segment, index) => (
              <Fragment key={segment.key}>
                {index > 0 ? ', ' : null}
                {labelOf(financeSetupLabels.segment, segment.key)} (<Code>{segment.key}</Code>, {segment.length}{' '}
                {segment.length === 1 ? 'digit' : 'digits'})
              </Fragment>
            ))}
            ; rows whose segment is <Code>{CHART_ACCOUNT_SEGMENT}</Code> list the valid account strings. Nothing changes until you apply the
            import; rejected rows are left out and say why.
          </Text>
          <Code block>{SAMPLE}</Code>
          <CsvFileInput label="Chart CSV file" value={file} onChange={onFile} error={fileError} />
          <Group>
            <Button
              leftSection={<FileSearch size={16} aria-hidden="true" />}
              disabled={!file || Boolean(fileError)}
              loading={preview.isPending}
              onClick={() => file && preview.mutate({ file, apply: false })}
            >
              Preview
            </Button>
          </Group>
          {preview.isError ? (
            <FailureAlert title="The file could not be read" error={preview.error} fallback="Check the file and try again." />
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
            {previewed.rejected.length > 0 ? <RowsTable rows={previewed.rejected} caption="Rejected rows" /> : null}
            <RowsTable rows={previewed.accepted} caption="Accepted rows" />
            {apply.isError ? (
              <FailureAlert title="The import failed" error={apply.error} fallback="Nothing was changed. Try again." />
            ) : null}
            <Group>
              <Button
                disabled={!canApply}
                loading={apply.isPending}
                onClick={() =>
                  file &&
                  apply.mutate(
                    { file, apply: true },
                    {
                      onSuccess: (result) =>
                        notifications.show({
                          color: 'teal',
                          message: `Chart imported: ${result.summary.create} added, ${result.summary.update} changed, ${result.summary.reject} rejected.`,
                        }),
                    },
                  )
                }
              >
                Apply import
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}

      {applied ? (
        <ImportAppliedPanel>
          <Summary result={applied} />
          {applied.rejected.length > 0 ? <RowsTable rows={applied.rejected} caption="Rejected rows (not imported)" /> : null}
        </ImportAppliedPanel>
      ) : null}

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm" maw={560}>
          <Title order={2} size="h4">
            Find an account
          </Title>
          <AccountPicker label="Account" value={found} onChange={setFound} />
          {found ? (
            <Text size="sm">
              Chosen: <Code>{found}</Code>
            </Text>
          ) : null}
        </Stack>
      </Paper>

      <PostingAccountsForm />
      <DateWindowForm />
      <ErpLayoutForm />
    </Stack>
  )
}
