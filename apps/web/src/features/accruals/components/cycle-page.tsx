import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { Cycle, Total } from '@platform/contracts/accruals'
import { formatCents } from '@platform/contracts/finance-money'
import { CalendarPlus, Pencil } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { EmptyRow } from '@/components/data/empty-row'
import { ScrollTable } from '@/components/data/scroll-table'
import { formatCount } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useCycleTotals, useVariances } from '../api/accruals'
import { countdownText, DEADLINE_LABELS, stateOrTypeLabel } from './accrual-parts'
import { CycleForm } from './cycle-form'
import { requestPath } from './paths'
import { CycleSelect, useChosenCycle } from './cycle-select'
import { useAccrualDuties } from './use-accrual-duties'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'
import { deadlineStatus } from '@platform/contracts/deadline'
import { districtTimeZone } from '@/lib/district-time'

// The one deadline rule's tones for a date still to come: orange when due within two days, blue otherwise (a date of the
// cycle that has passed is history, not overdue work).
const TONE_COLORS = { overdue: 'red.8', soon: 'orange.9', later: 'blue.9' } as const

/** The cycle page: its dates counting down (or passed), its totals, and set-up or editing by a controller. */
export function CyclePage() {
  useDocumentTitle('Accrual cycle')
  const duties = useAccrualDuties()
  const { cycles, cycle, chosenId, setChosenId } = useChosenCycle(useParams().cycleId ?? null)
  const [editing, setEditing] = useState<'new' | 'edit' | null>(null)
  const controller = duties.has('CONTROLLER')

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{cycle ? `Close cycle ${cycle.fiscalYear}` : 'Close cycle'}</Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {(cycles.data ?? []).length > 1 ? <CycleSelect cycles={cycles.data ?? []} value={chosenId} onChange={setChosenId} /> : null}
          {controller && cycle ? (
            <Button variant="default" leftSection={<Pencil size={16} aria-hidden="true" />} onClick={() => setEditing('edit')}>
              Edit cycle
            </Button>
          ) : null}
          {controller ? (
            <Button leftSection={<CalendarPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
              Set up a cycle
            </Button>
          ) : null}
        </Group>
      </Group>
      {cycles.isError ? <FailureAlert title="The cycles could not be loaded" error={cycles.error} /> : null}
      {cycles.isSuccess && !cycle ? (
        <Alert color="blue" title="No close cycle yet">
          {controller
            ? 'Set up the cycle of the fiscal year: its cut-off, submission, lock, board and county dates.'
            : 'A controller sets up the close cycle of each fiscal year. Until then no accrual can be requested.'}
        </Alert>
      ) : null}
      {cycle ? <CycleDates cycle={cycle} /> : null}
      {cycle ? <CycleTotalsView cycle={cycle} /> : null}
      {cycle ? <VariancesView cycle={cycle} /> : null}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'edit' && cycle ? `Edit cycle ${cycle.fiscalYear}` : 'Set up a close cycle'}
        closeButtonProps={{ 'aria-label': 'Close' }}
        size="lg"
      >
        {editing ? (
          <CycleForm
            cycle={editing === 'edit' ? cycle : null}
            onDone={(saved) => {
              setEditing(null)
              setChosenId(String(saved.id))
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  )
}

function CycleDates({ cycle }: { cycle: Cycle }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="cycle-dates-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4" id="cycle-dates-title">
            Dates
          </Title>
          <Group gap="xs">
            <Text size="sm">Today is {cycle.today} (district time).</Text>
            {cycle.locked ? (
              <>
                <Badge color="red.9" variant="filled" tt="none">
                  Locked
                </Badge>
                <Text size="sm">Only a controller may add or change a request.</Text>
              </>
            ) : null}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          {cycle.deadlines.map((deadline) => (
            <Paper key={deadline.name} withBorder radius="sm" p="sm" bg={deadline.passed ? 'gray.1' : undefined}>
              <Text size="sm" c="dimmed">
                {DEADLINE_LABELS[deadline.name]}
              </Text>
              <Text fw={700}>{deadline.on}</Text>
              <Text
                size="sm"
                c={deadline.passed ? 'gray.8' : TONE_COLORS[deadlineStatus(deadline.on, new Date(), districtTimeZone()).tone]}
                fw={600}
              >
                {countdownText(deadline)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Text size="sm">
          Materiality threshold: {formatCents(cycle.materialityCents)} (requests under it are flagged, not refused). Set up by{' '}
          {cycle.createdByName}.
        </Text>
      </Stack>
    </Paper>
  )
}

function CycleTotalsView({ cycle }: { cycle: Cycle }) {
  const totals = useCycleTotals(cycle.id)
  if (totals.isError) return <FailureAlert title="The totals could not be loaded" error={totals.error} />
  if (!totals.data) return <Text c="dimmed">Loading the totals…</Text>
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TotalsTable title="By state" heading="State" rows={totals.data.byState} label={stateOrTypeLabel} />
      <TotalsTable title="By type" heading="Type" rows={totals.data.byType} label={stateOrTypeLabel} />
      <TotalsTable title="By fund" heading="Fund" rows={totals.data.byFund} />
      <TotalsTable title="By resource" heading="Resource" rows={totals.data.byResource} />
    </SimpleGrid>
  )
}

function TotalsTable({
  title,
  heading,
  rows,
  label = (key) => key,
}: {
  title: string
  heading: string
  rows: Total[]
  label?: (key: string) => string
}) {
  return (
    <Paper withBorder radius="md">
      <ScrollTable minWidth={300} label={`Totals ${title.toLowerCase()}`}>
        <Table striped aria-label={`Totals ${title.toLowerCase()}`}>
          <Table.Caption>{title}</Table.Caption>
          <TableHeader columns={[heading, { label: 'Requests', ta: 'right' }, { label: 'Amount', ta: 'right' }]} />
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{label(row.key)}</Table.Td>
                <Table.Td ta="right">{formatCount(row.count)}</Table.Td>
                <Table.Td ta="right">{formatCents(row.amountCents)}</Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 ? (
              <EmptyRow columns={3} size="sm">
                No requests yet.
              </EmptyRow>
            ) : null}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  )
}

/** The cycle's liquidations that paid something other than what was still open, each with the reason given. */
function VariancesView({ cycle }: { cycle: Cycle }) {
  const variances = useVariances(cycle.id)
  if (variances.isError) return <FailureAlert title="The variances could not be loaded" error={variances.error} />
  if (!variances.data) return null
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="variances-title">
      <Stack gap={0}>
        <Title order={3} size="h4" id="variances-title" p="md" pb="xs">
          Liquidation variances
        </Title>
        <ScrollTable minWidth={820} label="Liquidation variances" cardsOnPhone>
          <Table striped aria-label="Liquidation variances">
            <TableHeader
              columns={[
                'Accrual',
                'Site',
                'Vendor',
                { label: 'Accrued', ta: 'right' },
                { label: 'Open before', ta: 'right' },
                { label: 'Paid', ta: 'right' },
                { label: 'Difference', ta: 'right' },
                'Reason',
                'Paid on',
              ]}
            />
            <Table.Tbody>
              {variances.data.map((row) => (
                <Table.Tr key={row.liquidationId}>
                  <Table.Td>
                    <Link to={requestPath(row.accrualId)}>{row.accrualId}</Link>
                  </Table.Td>
                  <Table.Td>{row.siteCode}</Table.Td>
                  <Table.Td>{row.vendor}</Table.Td>
                  <Table.Td ta="right">{formatCents(row.accruedCents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(row.openCents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(row.paidCents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(row.differenceCents)}</Table.Td>
                  <Table.Td>{row.reason ?? 'Recorded before reasons were asked'}</Table.Td>
                  <Table.Td>{row.paidOn}</Table.Td>
                </Table.Tr>
              ))}
              {variances.data.length === 0 ? (
                <EmptyRow columns={9} size="sm">
                  Every liquidation so far paid what was open.
                </EmptyRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </Paper>
  )
}
