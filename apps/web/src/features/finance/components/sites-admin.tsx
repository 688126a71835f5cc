import { Badge, Button, Group, Modal, NumberInput, Paper, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { SITE_KINDS, SiteInputSchema, type Site } from '@platform/contracts/finance'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { Plus } from 'lucide-react'
import { type FormErrors, schemaResolver, useForm } from '@mantine/form'
import { financeSetupLabels } from '@platform/contracts/labels/finance-setup'
import { useState } from 'react'
import { ApiError } from '@/lib/api-client'
import { formMessage } from '@/lib/schema-errors'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useSaveSite, useSites } from '../api/finance'
import { ScrollTable } from '@/components/data/scroll-table'
import { SiteAccountsForm } from './site-accounts-form'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'

const KIND_LABELS: Record<Site['kind'], string> = financeSetupLabels.siteKind

type Editing = { site: Site | null } | null

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

export interface SiteFormValues {
  code: string
  name: string
  kind: Site['kind']
  active: boolean
  depositFrequencyDays: number | string
  /** Dollars as typed; sent in cents. */
  threshold: string
  schoolSegment: string
}

/** What the form sends: the threshold typed in dollars sent in cents, empty optional fields sent as null. */
export function siteInput(values: SiteFormValues) {
  return {
    code: values.code,
    name: values.name,
    kind: values.kind,
    active: values.active,
    depositFrequencyDays: values.depositFrequencyDays === '' ? undefined : Number(values.depositFrequencyDays),
    depositThresholdCents: values.threshold.trim() === '' ? null : parseDollars(values.threshold),
    schoolSegment: values.schoolSegment.trim() === '' ? null : values.schoolSegment,
  }
}

const resolveSite = schemaResolver(SiteInputSchema, { sync: true })

/** The form's errors by field, from the contract's schema; that the threshold reads as dollars is the form's own check. */
export function validateSite(values: SiteFormValues): FormErrors {
  const errors: FormErrors = {}
  for (const [path, message] of Object.entries(resolveSite(siteInput(values)))) {
    if (typeof message !== 'string') continue
    errors[path === 'depositThresholdCents' ? 'threshold' : path] = formMessage(message)
  }
  if (values.threshold.trim() !== '' && parseDollars(values.threshold) === null)
    errors.threshold = 'Enter an amount in dollars and cents, such as 500.00, or leave it empty.'
  return errors
}

/** The server's refusals that concern one field, by their code. */
const FIELD_OF_CODE: Record<string, keyof SiteFormValues> = { duplicate_site_code: 'code', site_code_in_use: 'code' }

function SiteForm({ site, onDone }: { site: Site | null; onDone: () => void }) {
  const save = useSaveSite()
  const form = useForm<SiteFormValues>({
    mode: 'controlled',
    initialValues: {
      code: site?.code ?? '',
      name: site?.name ?? '',
      kind: site?.kind ?? 'SCHOOL',
      active: site?.active ?? true,
      depositFrequencyDays: site?.depositFrequencyDays ?? 7,
      threshold: site?.depositThresholdCents == null ? '' : (site.depositThresholdCents / 100).toFixed(2),
      schoolSegment: site?.schoolSegment ?? '',
    },
    validate: validateSite,
  })
  const fieldRefused = save.error instanceof ApiError && FIELD_OF_CODE[save.error.code] !== undefined

  const onSubmit = form.onSubmit((values) => {
    save.mutate(
      { id: site?.id ?? null, input: SiteInputSchema.parse(siteInput(values)) },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'teal', message: `${result.data.name} was saved.` })
          onDone()
        },
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined
          if (field) form.setFieldError(field, error.message)
        },
      },
    )
  })

  return (
    <form onSubmit={onSubmit} noValidate aria-label={site ? 'Edit site' : 'Add site'}>
      <Stack gap="md">
        <TextInput
          label="Code"
          description="2 to 10 letters or digits, as on receipts (LHS)."
          withAsterisk
          {...form.getInputProps('code')}
          onChange={(event) => form.setFieldValue('code', event.currentTarget.value.toUpperCase())}
          data-autofocus
        />
        <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
        <Select
          label="Kind"
          data={SITE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
          {...form.getInputProps('kind')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label="Deposit at least every (days)"
          description="1 to 30 days, as the county allows. Cash older than this is flagged."
          min={1}
          max={30}
          allowDecimal={false}
          {...form.getInputProps('depositFrequencyDays')}
        />
        <TextInput
          label="Deposit cash above (dollars)"
          description="Optional: undeposited cash above this must go to the bank at once."
          inputMode="decimal"
          {...form.getInputProps('threshold')}
        />
        <TextInput
          label="School-site segment"
          description="3 digits, the last segment of the site's accounts (010). Its collectors credit that segment's revenue."
          inputMode="numeric"
          maxLength={3}
          {...form.getInputProps('schoolSegment')}
        />
        <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
        {save.isError && !fieldRefused ? <FailureAlert title="The site was not saved" error={save.error} /> : null}
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
