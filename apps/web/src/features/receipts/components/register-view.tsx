import { Alert, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useSites } from '@/features/finance'
import { useRegister } from '../api/receipts'
import { Amount, ReceiptStateBadge } from './receipt-parts'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'
import { RecordLinkCell } from '@/components/data/record-link-cell'
import { FailureAlert } from '@/components/failure-alert'

/** The fiscal year a date falls in, July to June: 2026-03-02 → 2025-26. */
function currentFiscalYear(today = new Date()): string {
  const start = today.getMonth() >= 6 ? today.getFullYear() : today.getFullYear() - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

/** The receipt register of a site's fiscal year: every number, voided ones included, and whether any is missing. */
export function RegisterView() {
  useDocumentTitle('Receipt register')
  const sites = useSites()
  const [siteId, setSiteId] = useState<string | null>(null)
  const [fiscalYear, setFiscalYear] = useState(currentFiscalYear())
  const chosen = siteId ?? (sites.data?.[0] ? String(sites.data[0].id) : null)
  const register = useRegister(chosen === null ? null : Number(chosen), fiscalYear)
  const data = register.data

  return (
    <Stack gap="md">
      <Title order={2}>Receipt register</Title>
      <Group align="flex-end">
        <Select
          label="Site"
          data={(sites.data ?? []).map((site) => ({ value: String(site.id), label: `${site.code} · ${site.name}` }))}
          value={chosen}
          onChange={setSiteId}
          w={280}
          allowDeselect={false}
        />
        <TextInput
          label="Fiscal year"
          value={fiscalYear}
          onChange={(event) => setFiscalYear(event.currentTarget.value)}
          w={140}
          description="Such as 2025-26"
        />
      </Group>
      {register.isError ? <FailureAlert title="The register could not be loaded" error={register.error} /> : null}
      {data ? (
        data.gaps.length === 0 ? (
          <Alert color="teal.9" variant="filled" title="No gap">
            Numbers 1 to {data.lastSequence} are all present ({data.voidedCount} voided).
          </Alert>
        ) : (
          <Alert color="red.9" variant="filled" title="Numbers are missing">
            Missing sequence numbers: {data.gaps.join(', ')}.
          </Alert>
        )
      ) : null}
      <Paper withBorder radius="md">
        <ScrollTable minWidth={600} label="Register" cardsOnPhone>
          <Table striped>
            <Table.Caption>Register</Table.Caption>
            <TableHeader columns={['Number', 'Date', 'Payer', 'Amount', 'State']} />
            <Table.Tbody>
              {(data?.entries ?? []).map((entry) => (
                <Table.Tr key={entry.id}>
                  <RecordLinkCell to={`/apps/payment-receipts/receipts/${entry.id}`}>{entry.number}</RecordLinkCell>
                  <Table.Td>{entry.issuedOn}</Table.Td>
                  <Table.Td>{entry.payer}</Table.Td>
                  <Table.Td>
                    <Amount cents={entry.amountCents} />
                  </Table.Td>
                  <Table.Td>
                    <ReceiptStateBadge state={entry.state} />
                  </Table.Td>
                </Table.Tr>
              ))}
              {data && data.entries.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed">No receipts in this fiscal year.</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </Stack>
  )
}
