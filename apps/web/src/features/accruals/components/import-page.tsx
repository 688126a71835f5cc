import { Alert, Anchor, Badge, Button, FileInput, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { labelOf } from '@platform/contracts/labels'
import { accrualsLabels } from '@platform/contracts/labels/accruals'
import { ACCRUAL_IMPORT_MAX_ROWS, IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS, type AccrualImportResponse } from '@platform/contracts/accruals'
import { formatCents } from '@platform/contracts/finance-money'
import { FileDown, FileSpreadsheet } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ScrollTable } from '@/components/data/scroll-table'
import { saveBlob } from '@/lib/download'
import { formatCount } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useImportAccruals } from '../api/accruals'
import { CycleSelect, useChosenCycle } from './cycle-select'
import { requestPath } from './paths'
import { useAccrualDuties } from './use-accrual-duties'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'

const rows = (count: number) => `${formatCount(count)} ${count === 1 ? 'row' : 'rows'}`
const drafts = (count: number) => `${formatCount(count)} ${count === 1 ? 'draft' : 'drafts'}`
/** A template column as words: 'for_goods' → 'for goods'. */
const columnWords = (column: string) => column.replace(/_/g, ' ')

/** The template: the columns and one example row, so a site sees the shape of each value. */
function templateCsv(): string {
  const example: Record<(typeof IMPORT_COLUMNS)[number], string> = {
    site: 'LHS',
    type: accrualsLabels.type.PAYABLE,
    clearing: accrualsLabels.clearing.REVERSE,
    for_goods: 'no',
    vendor: 'Pacific Power',
    description: 'June electricity (estimate)',
    po_number: '',
    invoice_number: '',
    received_on: '',
    service_from: '2026-06-01',
    service_to: '2026-06-30',
    basis: accrualsLabels.basis.ESTIMATE,
    basis_note: 'Average of April and May bills',
    account: '01-0000-0-0000-8100-5500-010',
    amount: '1250.00',
    accrual_account: '',
    duplicate_note: '',
    restricted_justification: '',
  }
  return `${IMPORT_COLUMNS.join(',')}\r\n${IMPORT_COLUMNS.map((column) => example[column]).join(',')}\r\n`
}

/** The import: a template spreadsheet of many requests, a preview of each row's problems, then apply (drafts). */
export function ImportPage() {
  useDocumentTitle('Import accruals')
  const duties = useAccrualDuties()
  const { cycles, cycle, chosenId, setChosenId } = useChosenCycle()
  const importer = useImportAccruals()
  const [file, setFile] = useState<File | null>(null)
  const [result, setResult] = useState<AccrualImportResponse | null>(null)

  const run = (apply: boolean) => {
    if (!file || !cycle) return
    void importer
      .mutateAsync({ cycleId: cycle.id, file, apply })
      .then((answer) => {
        setResult(answer)
        if (answer.applied) notifications.show({ color: 'teal', message: `${drafts(answer.summary.create)} created.` })
      })
      .catch(() => setResult(null))
  }

  if (duties.loaded && !duties.has('REQUESTER') && !duties.has('CONTROLLER')) {
    return (
      <Alert color="blue" title="You do not request accruals">
        Importing requests needs the {accrualsLabels.duty.REQUESTER} duty at a site. Ask your administrator.
      </Alert>
    )
  }

  return (
    <Stack gap="md">
      <Title order={2}>Import requests</Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text size="sm">
            One request per row, one line each, as a CSV or the first sheet of an XLSX (up to {formatCount(ACCRUAL_IMPORT_MAX_ROWS)} rows).
            The template&apos;s first line names the columns; these must be filled: {IMPORT_REQUIRED_COLUMNS.map(columnWords).join(', ')}.
            Type, clearing and basis in words as on the form (such as {accrualsLabels.type.PAYABLE}, {accrualsLabels.clearing.REVERSE},{' '}
            {accrualsLabels.basis.ESTIMATE}), amounts in dollars, dates as YYYY-MM-DD, for goods yes or no. The preview saves nothing;
            applying saves each accepted row as a draft you then submit.
          </Text>
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<FileDown size={14} aria-hidden="true" />}
              onClick={() => saveBlob(new Blob([templateCsv()], { type: 'text/csv' }), 'accruals-template.csv')}
            >
              Download the template (CSV)
            </Button>
          </Group>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <CycleSelect
              cycles={cycles.data ?? []}
              value={chosenId}
              onChange={(value) => {
                setChosenId(value)
                setResult(null)
              }}
            />
            <FileInput
              label="Spreadsheet"
              placeholder="Choose a CSV or XLSX file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(chosen) => {
                setFile(chosen)
                setResult(null)
                importer.reset()
              }}
              leftSection={<FileSpreadsheet size={16} aria-hidden="true" />}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
              w={320}
            />
            <Button onClick={() => run(false)} disabled={!file || !cycle} loading={importer.isPending && !result}>
              Preview
            </Button>
          </Group>
          {cycles.isSuccess && !cycle ? <Alert color="blue">No close cycle yet: a controller sets one up first.</Alert> : null}
          {importer.isError ? <FailureAlert title="The file was not accepted" error={importer.error} /> : null}
        </Stack>
      </Paper>
      {result ? <ImportResult result={result} applying={importer.isPending} onApply={() => run(true)} /> : null}
    </Stack>
  )
}

function ImportResult({ result, applying, onApply }: { result: AccrualImportResponse; applying: boolean; onApply: () => void }) {
  const { create, reject } = result.summary
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="import-result-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4" id="import-result-title">
            {result.applied ? 'Imported' : 'Preview'}
          </Title>
          <Text role="status" fw={600}>
            {result.applied
              ? `${drafts(create)} created, ${rows(reject)} refused`
              : `${rows(create)} will become ${create === 1 ? 'a draft' : 'drafts'}, ${rows(reject)} refused`}
          </Text>
        </Group>
        {!result.applied ? (
          <Group>
            <Button onClick={onApply} disabled={create === 0} loading={applying}>
              {create === 0 ? 'Nothing to apply' : `Create ${drafts(create)}`}
            </Button>
            {reject > 0 ? (
              <Text size="sm" c="dimmed">
                Rejected rows are left out; fix them in the file and import them again.
              </Text>
            ) : null}
          </Group>
        ) : null}
        <ScrollTable minWidth={760} label="Import rows" cardsOnPhone>
          <Table striped aria-label="Import rows">
            <TableHeader columns={['Row', 'Site', 'Type', 'Vendor or payer', 'Amount', 'Result', 'Problems or flags']} />
            <Table.Tbody>
              {result.rows.map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{row.site}</Table.Td>
                  <Table.Td>{labelOf(accrualsLabels.type, row.type)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.vendor}</Table.Td>
                  <Table.Td>{row.amountCents === null ? '—' : formatCents(row.amountCents)}</Table.Td>
                  <Table.Td>
                    {row.action === 'reject' ? (
                      <Badge color="red.9" variant="filled" tt="none">
                        {accrualsLabels.importAction.reject}
                      </Badge>
                    ) : row.id !== null ? (
                      <Anchor component={Link} to={requestPath(row.id)}>
                        Accrual {row.id}
                      </Anchor>
                    ) : (
                      <Badge color="teal.9" variant="filled" tt="none">
                        Will be created
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {row.reasons.length === 0 ? (
                      '—'
                    ) : (
                      <List size="sm" spacing={2}>
                        {row.reasons.map((reason) => (
                          <List.Item key={reason}>{reason}</List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </Paper>
  )
}
