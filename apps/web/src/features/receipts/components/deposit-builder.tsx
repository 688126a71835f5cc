import { receiptsLabels } from '@platform/contracts/labels/receipts'
import { Button, Checkbox, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { formatCents } from '@platform/contracts/finance-money'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useSites } from '@/features/finance'
import { useGatherDeposit, useReceipts } from '../api/receipts'
import { useDuties } from './use-duties'
import { ONE_LINE } from '@/components/data/one-line'
import { ScrollTable } from '@/components/data/scroll-table'
import { FailureAlert } from '@/components/failure-alert'

/** The deposit builder: a collector chooses a site's undeposited receipts and sees them and their total before saving. */
export function DepositBuilder() {
  useDocumentTitle('New deposit')
  const navigate = useNavigate()
  const duties = useDuties()
  const sites = useSites()
  const collectorSites = (sites.data ?? []).filter((site) => duties.has('COLLECTOR', site.id))
  const [siteId, setSiteId] = useState<string | null>(null)
  const chosenSite = siteId ?? (collectorSites.length === 1 ? String(collectorSites[0]!.id) : null)
  const receipts = useReceipts({ siteId: chosenSite ?? -1, undeposited: 'true', limit: 200, offset: 0 })
  const [chosen, setChosen] = useState<Set<number>>(new Set())
  const gather = useGatherDeposit()
  const rows = chosenSite ? (receipts.data?.data ?? []) : []
  const total = rows.filter((row) => chosen.has(row.id)).reduce((sum, row) => sum + (row.amountCents ?? 0), 0)
  const toggle = (id: number) =>
    setChosen((all) => {
      const next = new Set(all)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <Stack gap="md">
      <Title order={2}>New deposit</Title>
      <Select
        label="Site"
        data={collectorSites.map((site) => ({ value: String(site.id), label: `${site.code} · ${site.name}` }))}
        value={chosenSite}
        onChange={(value) => {
          setSiteId(value)
          setChosen(new Set())
        }}
        w={320}
      />
      <Paper withBorder radius="md">
        <ScrollTable minWidth={560} label="Undeposited receipts">
          <Table striped>
            <Table.Caption>Undeposited receipts</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <Checkbox
                    aria-label="Choose every receipt"
                    checked={rows.length > 0 && chosen.size === rows.length}
                    onChange={(event) => setChosen(event.currentTarget.checked ? new Set(rows.map((row) => row.id)) : new Set())}
                  />
                </Table.Th>
                <Table.Th scope="col">Number</Table.Th>
                <Table.Th scope="col">Payer</Table.Th>
                <Table.Th scope="col">Tender</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Checkbox aria-label={`Choose ${row.number}`} checked={chosen.has(row.id)} onChange={() => toggle(row.id)} />
                  </Table.Td>
                  <Table.Td ff="monospace" style={ONE_LINE}>
                    {row.number}
                  </Table.Td>
                  <Table.Td>{row.payer}</Table.Td>
                  <Table.Td>{receiptsLabels.tender[row.tender]}</Table.Td>
                  <Table.Td>{row.amountCents === null ? '—' : formatCents(row.amountCents)}</Table.Td>
                </Table.Tr>
              ))}
              {chosenSite && receipts.isSuccess && rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed">No undeposited receipts at this site.</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      <Group justify="space-between">
        <Text fw={600} aria-live="polite">
          {chosen.size} {chosen.size === 1 ? 'receipt' : 'receipts'} chosen, total {formatCents(total)}
        </Text>
        <Button
          disabled={chosen.size === 0 || !chosenSite}
          loading={gather.isPending}
          onClick={() =>
            gather.mutate(
              { siteId: Number(chosenSite), receiptIds: [...chosen] },
              {
                onSuccess: (result) => {
                  notifications.show({ color: 'teal', message: `Deposit ${result.data.label} was gathered.` })
                  void navigate(`/apps/payment-receipts/deposits/${result.data.id}`)
                },
              },
            )
          }
        >
          Gather into a deposit
        </Button>
      </Group>
      {gather.isError ? <FailureAlert title="The deposit was not gathered" error={gather.error} /> : null}
    </Stack>
  )
}
