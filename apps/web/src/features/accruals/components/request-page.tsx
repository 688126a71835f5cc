import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { AccrualDetail } from '@platform/contracts/accruals'
import { formatCents } from '@platform/contracts/finance-money'
import { Pencil } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { ScrollTable } from '@/components/data/scroll-table'
import { StepNotOffered } from '@/components/step-not-offered'
import { formatDateTime } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useAccrual } from '../api/accruals'
import { AccrualStateBadge, BASIS_LABELS, CLEARING_LABELS, Fact, FlagBadges, HistoryList, TYPE_LABELS } from './accrual-parts'
import { AttachmentsPanel, attachmentsUrl } from '@/components/attachments-panel'
import { LiquidationsPanel } from './liquidations-panel'
import { editRequestPath, requestPath } from './paths'
import { HandOverPanel } from './hand-over-panel'
import { StepButtons } from './step-buttons'
import { VersionsPanel } from './versions-panel'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'

/** One request: its facts and lines, the steps the person may take, files, liquidations, versions and history. */
export function RequestPage() {
  const id = Number(useParams().id)
  const accrual = useAccrual(id)
  useDocumentTitle(`Accrual ${Number.isInteger(id) ? id : ''}`)
  if (!Number.isInteger(id) || id <= 0)
    return (
      <Alert color="blue" role="status" title="Page not found">
        There is no accrual request at this address.
      </Alert>
    )
  if (accrual.isError) return <FailureAlert title="The request could not be loaded" error={accrual.error} />
  if (!accrual.data) return <LoadingState label="Loading the request" query={accrual} />
  const data = accrual.data

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Title order={2}>Accrual {data.id}</Title>
          <AccrualStateBadge state={data.state} />
          <FlagBadges flags={data.flags} />
        </Group>
        {data.actions.edit ? (
          <Button component={Link} to={editRequestPath(data.id)} variant="default" leftSection={<Pencil size={16} aria-hidden="true" />}>
            Edit request
          </Button>
        ) : data.stepReasons.edit ? (
          <StepNotOffered label="Edit request" reason={data.stepReasons.edit} />
        ) : null}
      </Group>
      {data.lastReason && ['RETURNED', 'REJECTED', 'WRITTEN_OFF'].includes(data.state) ? (
        <Alert
          color={data.state === 'RETURNED' ? 'orange' : 'red'}
          title={
            data.state === 'RETURNED'
              ? 'Returned with this reason'
              : data.state === 'REJECTED'
                ? 'Rejected with this reason'
                : 'Written off with this reason'
          }
        >
          {data.lastReason}
        </Alert>
      ) : null}
      <StepButtons accrual={data} />
      {data.actions.handOver ? <HandOverPanel accrual={data} /> : null}
      <Facts data={data} />
      <Lines data={data} />
      <LiquidationsPanel accrual={data} />
      <AttachmentsPanel
        recordUrl={attachmentsUrl('ACCRUALS', 'accrual', data.id)}
        files={data.attachments}
        onAdded={() => void accrual.refetch()}
        canAdd={data.actions.attach}
        headingOrder={3}
        description="Invoices, packing slips, grant awards."
      />
      {data.duplicates.length > 0 ? <Duplicates data={data} /> : null}
      <VersionsPanel versions={data.versions} />
      <HistoryList entries={data.history} />
    </Stack>
  )
}

function Facts({ data }: { data: AccrualDetail }) {
  const payer = data.type === 'RECEIVABLE' || data.type === 'UNEARNED_REVENUE'
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Fact label="Fiscal year">{data.fiscalYear}</Fact>
        <Fact label="Site">{data.siteCode}</Fact>
        <Fact label="Type">
          {TYPE_LABELS[data.type]}
          {data.type === 'PAYABLE' && data.forGoods ? ' (goods)' : ''}
        </Fact>
        <Fact label={payer ? 'Payer' : 'Vendor'}>{data.vendor}</Fact>
        <Fact label="Amount">{formatCents(data.amountCents)}</Fact>
        <Fact label="Clearing">{CLEARING_LABELS[data.clearing]}</Fact>
        <Fact label="Description">{data.description}</Fact>
        <Fact label="PO number">{data.poNumber ?? '—'}</Fact>
        <Fact label="Invoice number">{data.invoiceNumber ?? '—'}</Fact>
        <Fact label="Received on">{data.receivedOn ?? '—'}</Fact>
        <Fact label="Service period">
          {data.servicePeriodFrom || data.servicePeriodTo ? `${data.servicePeriodFrom ?? '…'} to ${data.servicePeriodTo ?? '…'}` : '—'}
        </Fact>
        <Fact label="Basis">
          {BASIS_LABELS[data.basis]}
          {data.basisNote ? `: ${data.basisNote}` : ''}
        </Fact>
        <Fact label="Accrual account">{data.accrualAccount ?? 'From the district settings'}</Fact>
        <Fact label="Requested by">{data.requesterName}</Fact>
        {data.holderId !== data.requesterId ? <Fact label="Now held by">{data.holderName}</Fact> : null}
        <Fact label="Version">{data.version}</Fact>
        {data.siteApproverName ? <Fact label="Site approval">{data.siteApproverName}</Fact> : null}
        {data.approverName ? <Fact label="Approved by">{data.approverName}</Fact> : null}
        {data.journalReference ? (
          <Fact label="Journal">{`${data.journalReference}${data.postedAt ? ` (${formatDateTime(data.postedAt)})` : ''}`}</Fact>
        ) : null}
        {data.duplicateNote ? <Fact label="Not a duplicate because">{data.duplicateNote}</Fact> : null}
        {data.restrictedJustification ? <Fact label="Restricted resource justification">{data.restrictedJustification}</Fact> : null}
      </SimpleGrid>
    </Paper>
  )
}

function Lines({ data }: { data: AccrualDetail }) {
  return (
    <Paper withBorder radius="md">
      <ScrollTable minWidth={420} label="Lines">
        <Table aria-label="Lines">
          <Table.Caption>Lines</Table.Caption>
          <TableHeader columns={['Account', { label: 'Amount', ta: 'right' }]} />
          <Table.Tbody>
            {data.lines.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td ff="monospace">{line.account}</Table.Td>
                <Table.Td ta="right">{formatCents(line.amountCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  )
}

function Duplicates({ data }: { data: AccrualDetail }) {
  return (
    <Alert color="orange" title="Possible duplicates in this cycle">
      <Stack gap={4}>
        {data.duplicates.map((other) => (
          <Text key={other.id} size="sm">
            <Anchor component={Link} to={requestPath(other.id)}>
              Accrual {other.id}
            </Anchor>{' '}
            · {other.vendor} · {formatCents(other.amountCents)} ·{' '}
            {other.reason === 'po_invoice' ? 'same PO and invoice' : 'same vendor and amount'}
          </Text>
        ))}
      </Stack>
    </Alert>
  )
}
