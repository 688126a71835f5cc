import { Alert, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { formatCents } from '@platform/contracts/finance-money'
import { FileDown, FileOutput } from 'lucide-react'
import { useState } from 'react'
import { useParams } from 'react-router'
import { EmptyRow } from '@/components/data/empty-row'
import { ScrollTable } from '@/components/data/scroll-table'
import { errorMessage } from '@/lib/api-client'
import { formatCount, formatDateTime } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { downloadAccrualFile, useExportJournal, useJournals } from '../api/accruals'
import { CycleSelect, useChosenCycle } from './cycle-select'
import { useAccrualDuties } from './use-accrual-duties'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'

/** Journal exports: a controller posts the approved requests as one ERP journal; earlier journals download again. */
export function JournalsPage() {
  useDocumentTitle('Accrual journals')
  const duties = useAccrualDuties()
  const { cycles, cycle, chosenId, setChosenId } = useChosenCycle(useParams().cycleId ?? null)
  const journals = useJournals(cycle?.id ?? null)
  const exporter = useExportJournal()
  const [confirming, setConfirming] = useState(false)
  const controller = duties.has('CONTROLLER')

  const runExport = () => {
    if (!cycle) return
    void exporter
      .mutateAsync({ cycleId: cycle.id })
      .then((name) => {
        notifications.show({ color: 'teal', message: `The journal was exported (${name}); its requests are posted.` })
        setConfirming(false)
      })
      .catch(() => undefined)
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Journals</Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <CycleSelect cycles={cycles.data ?? []} value={chosenId} onChange={setChosenId} />
          {controller && cycle ? (
            <Button
              leftSection={<FileOutput size={16} aria-hidden="true" />}
              onClick={() => {
                exporter.reset()
                setConfirming(true)
              }}
            >
              Export journal
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Each export posts every approved request of the cycle once: its lines against its accrual account dated at the cut-off and, for
        requests cleared by reversal, the reversing entry dated July 1. A later export never repeats a posted request.
      </Text>
      {cycles.isSuccess && !cycle ? <Alert color="blue">No close cycle yet.</Alert> : null}
      {journals.isError ? <FailureAlert title="The journals could not be loaded" error={journals.error} /> : null}
      <Paper withBorder radius="md">
        <ScrollTable minWidth={720} label="Journals exported" cardsOnPhone>
          <Table striped aria-label="Journals exported">
            <TableHeader columns={['Reference', 'Exported', 'By', 'Requests', 'Amount', 'File']} />
            <Table.Tbody>
              {(journals.data ?? []).map((journal) => (
                <Table.Tr key={journal.reference}>
                  <Table.Td ff="monospace">{journal.reference}</Table.Td>
                  <Table.Td>{formatDateTime(journal.exportedAt)}</Table.Td>
                  <Table.Td>{journal.exportedByName}</Table.Td>
                  <Table.Td>{formatCount(journal.requestCount)}</Table.Td>
                  <Table.Td>{formatCents(journal.amountCents)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<FileDown size={14} aria-hidden="true" />}
                      aria-label={`Download ${journal.reference}`}
                      onClick={() =>
                        void downloadAccrualFile(
                          `/api/accrual-cycles/${journal.cycleId}/journals/${encodeURIComponent(journal.reference)}`,
                          `${journal.reference}.csv`,
                        ).catch((error: unknown) =>
                          notifications.show({ color: 'red', message: errorMessage(error, 'The journal could not be downloaded.') }),
                        )
                      }
                    >
                      Download
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {journals.isSuccess && journals.data.length === 0 ? (
                <EmptyRow columns={6} size="sm">
                  No journal exported yet for this cycle.
                </EmptyRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={cycle ? `Export the ${cycle.fiscalYear} journal` : 'Export the journal'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm">
          <Text>Every approved request not yet posted is posted now and written to the journal file. Posting cannot be undone.</Text>
          {exporter.isError ? <FailureAlert title="Nothing was exported" error={exporter.error} /> : null}
          <Group>
            <Button onClick={runExport} loading={exporter.isPending} data-autofocus>
              Confirm: export and post
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
