import { Badge, Button, Group, Modal, NumberInput, Paper, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { SITE_KINDS, SiteInputSchema, type Site } from '@platform/contracts/finance'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { Plus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { schemaErrors } from '@/lib/schema-errors'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useSaveSite, useSites } from '../api/finance'
import { ScrollTable } from '@/components/data/scroll-table'
import { SiteAccountsForm } from './site-accounts-form'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'

const KIND_LABELS: Record<Site['kind'], string> = { SCHOOL: 'School', OFFICE: 'Office', OTHER: 'Other' }

type Editing = { site: Site | null } | null

const FIELDS = ['code', 'name', 'kind', 'depositFrequencyDays', 'depositThresholdCents', 'schoolSegment'] as const
type Field = (typeof FIELDS)[number]

/** Administration → Sites: the district's schools and offices, with how long cash may wait before it is deposited. */
export function SitesAdmin() {
  useDocumentTitle('Sites')
  const sites = useSites()
  const [editing, setEditing] = useState<Editing>(null)

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Sites</Title>
          <Text c="dimmed">The schools and offices the fiscal applications work with. Duties are granted per site in User Management.</Text>
        </Stack>
        <Button leftSection={<Plus size={16} aria-hidden="true" />} onClick={() => setEditing({ site: null })}>
          Add site
        </Button>
      </Group>
      {sites.isError ? <FailureAlert title="The sites could not be loaded" error={sites.error} /> : null}
      <Paper withBorder radius="md">
        <ScrollTable minWidth={760} label="Sites" cardsOnPhone>
          <Table striped highlightOnHover>
            <Table.Caption>Sites</Table.Caption>
            <TableHeader
              columns={[
                'Code',
                'Name',
                'Kind',
                'School segment',
                'Status',
                'Deposit at least every',
                'Deposit cash above',
                { label: 'Actions', visuallyHidden: true },
              ]}
            />
            <Table.Tbody>
              {(sites.data ?? []).map((site) => (
                <Table.Tr key={site.id}>
                  <Table.Td ff="monospace">{site.code}</Table.Td>
                  <Table.Td>{site.name}</Table.Td>
                  <Table.Td>{KIND_LABELS[site.kind]}</Table.Td>
                  <Table.Td ff="monospace">{site.schoolSegment ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={site.active ? 'teal.9' : 'gray.7'} variant="filled" tt="none">
                      {site.active ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{site.depositFrequencyDays === 1 ? '1 day' : `${site.depositFrequencyDays} days`}</Table.Td>
                  <Table.Td>{site.depositThresholdCents === null ? '—' : formatCents(site.depositThresholdCents)}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" onClick={() => setEditing({ site })} aria-label={`Edit ${site.name}`}>
                      Edit
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {sites.isSuccess && sites.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Text c="dimmed">No sites yet. Add the district's schools and offices.</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.site ? `Edit ${editing.site.name}` : 'Add site'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing ? <SiteForm key={editing.site?.id ?? 'new'} site={editing.site} onDone={() => setEditing(null)} /> : null}
        {editing?.site ? <SiteAccountsForm siteId={editing.site.id} siteName={editing.site.name} /> : null}
      </Modal>
    </Stack>
  )
}

function SiteForm({ site, onDone }: { site: Site | null; onDone: () => void }) {
  const save = useSaveSite()
  const [code, setCode] = useState(site?.code ?? '')
  const [name, setName] = useState(site?.name ?? '')
  const [kind, setKind] = useState<Site['kind']>(site?.kind ?? 'SCHOOL')
  const [active, setActive] = useState(site?.active ?? true)
  const [frequency, setFrequency] = useState<number | string>(site?.depositFrequencyDays ?? 7)
  const [threshold, setThreshold] = useState(site?.depositThresholdCents == null ? '' : (site.depositThresholdCents / 100).toFixed(2))
  const [segment, setSegment] = useState(site?.schoolSegment ?? '')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    // The threshold is typed in dollars and sent in cents: that it reads as an amount is the form's own check.
    const cents = threshold.trim() === '' ? null : parseDollars(threshold)
    const input = {
      code,
      name,
      kind,
      active,
      depositFrequencyDays: frequency === '' ? undefined : Number(frequency),
      depositThresholdCents: cents,
      schoolSegment: segment.trim() === '' ? null : segment,
    }
    const found = schemaErrors(SiteInputSchema, input, FIELDS)
    if (threshold.trim() !== '' && cents === null)
      found.depositThresholdCents = 'Enter an amount in dollars and cents, such as 500.00, or leave it empty.'
    setErrors(found)
    if (Object.keys(found).length > 0) return
    save.mutate(
      { id: site?.id ?? null, input: SiteInputSchema.parse(input) },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'teal', message: `${result.data.name} was saved.` })
          onDone()
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={site ? 'Edit site' : 'Add site'}>
      <Stack gap="md">
        <TextInput
          label="Code"
          description="2 to 10 letters or digits, as on receipts (LHS)."
          withAsterisk
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
          error={errors.code}
          data-autofocus
        />
        <TextInput label="Name" withAsterisk value={name} onChange={(event) => setName(event.currentTarget.value)} error={errors.name} />
        <Select
          label="Kind"
          data={SITE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
          value={kind}
          onChange={(value) => setKind((value ?? 'SCHOOL') as Site['kind'])}
          error={errors.kind}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label="Deposit at least every (days)"
          description="1 to 30 days, as the county allows. Cash older than this is flagged."
          min={1}
          max={30}
          allowDecimal={false}
          value={frequency}
          onChange={setFrequency}
          error={errors.depositFrequencyDays}
        />
        <TextInput
          label="Deposit cash above (dollars)"
          description="Optional: undeposited cash above this must go to the bank at once."
          inputMode="decimal"
          value={threshold}
          error={errors.depositThresholdCents}
          onChange={(event) => setThreshold(event.currentTarget.value)}
        />
        <TextInput
          label="School-site segment"
          description="3 digits, the last segment of the site's accounts (010). Its collectors credit that segment's revenue."
          inputMode="numeric"
          maxLength={3}
          value={segment}
          error={errors.schoolSegment}
          onChange={(event) => setSegment(event.currentTarget.value)}
        />
        <Switch label="Active" checked={active} onChange={(event) => setActive(event.currentTarget.checked)} />
        {save.isError ? <FailureAlert title="The site was not saved" error={save.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save site
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
