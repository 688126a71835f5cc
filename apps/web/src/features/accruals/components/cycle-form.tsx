import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { CycleInputSchema, type Cycle } from '@platform/contracts/accruals'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { FormAlerts } from '@/components/form-alerts'
import { useSaveCycle } from '../api/accruals'
import { withoutFieldNames } from './form-errors'

type CycleValues = ReturnType<typeof defaultsFor>
const resolveCycle = withoutFieldNames(schemaResolver(CycleInputSchema, { sync: true }))
const inputOf = ({ materiality, ...dates }: CycleValues) => ({ ...dates, materialityCents: parseDollars(materiality) ?? 0 })

/** Plausible dates for the fiscal year that ends next June 30 (or this one, before July): Ed Code 42100's calendar. */
function defaultsFor(today: Date) {
  const endYear = today.getMonth() >= 6 ? today.getFullYear() + 1 : today.getFullYear()
  return {
    fiscalYear: `${endYear - 1}-${String(endYear % 100).padStart(2, '0')}`,
    cutoffOn: `${endYear}-06-30`,
    submitBy: `${endYear}-07-15`,
    lockOn: `${endYear}-08-15`,
    boardOn: `${endYear}-09-15`,
    countyOn: `${endYear}-10-15`,
    materiality: '5000.00',
  }
}

/** Sets up or edits a close cycle (a controller); the server checks the order of the dates again. */
export function CycleForm({ cycle, onDone }: { cycle: Cycle | null; onDone: (saved: Cycle) => void }) {
  const save = useSaveCycle()
  const form = useForm({
    mode: 'controlled',
    initialValues: cycle
      ? {
          fiscalYear: cycle.fiscalYear,
          cutoffOn: cycle.cutoffOn,
          submitBy: cycle.submitBy,
          lockOn: cycle.lockOn,
          boardOn: cycle.boardOn,
          countyOn: cycle.countyOn,
          materiality: formatCents(cycle.materialityCents).replace(/[$,]/g, ''),
        }
      : defaultsFor(new Date()),
    validate: (values) => {
      const errors = resolveCycle(inputOf(values))
      // The threshold is typed in dollars: the contract's message on cents is said under it, as is one that does not read.
      if (errors.materialityCents) errors.materiality = errors.materialityCents
      delete errors.materialityCents
      if (parseDollars(values.materiality) === null) errors.materiality = 'Enter the materiality threshold in dollars, such as 5000.00.'
      return errors
    },
  })

  const onSubmit = form.onSubmit((values) => {
    void save
      .mutateAsync({ id: cycle?.id ?? null, input: CycleInputSchema.parse(inputOf(values)) })
      .then((result) => {
        notifications.show({ color: 'teal', message: `The ${result.data.fiscalYear} cycle was saved.` })
        onDone(result.data)
      })
      .catch(() => undefined)
  })

  const fixed = cycle?.datesFixed ?? false
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Fiscal year" description="Such as 2025-26" {...form.getInputProps('fiscalYear')} required data-autofocus />
        {fixed ? (
          <Alert color="blue" role="status">
            A journal was posted from this cycle and is dated by it: its dates no longer change. Its materiality threshold may.
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput type="date" label="Cut-off date (accrual date)" {...form.getInputProps('cutoffOn')} required disabled={fixed} />
          <TextInput type="date" label="Sites submit by" {...form.getInputProps('submitBy')} required disabled={fixed} />
          <TextInput
            type="date"
            label="Lock date"
            description="After it only a controller may add or change"
            {...form.getInputProps('lockOn')}
            required
            disabled={fixed}
          />
          <TextInput type="date" label="Board approval" {...form.getInputProps('boardOn')} required disabled={fixed} />
          <TextInput type="date" label="County verification" {...form.getInputProps('countyOn')} required disabled={fixed} />
          <TextInput label="Materiality threshold ($)" inputMode="decimal" {...form.getInputProps('materiality')} required />
        </SimpleGrid>
        <FormAlerts mutation={save} failedTitle="The cycle was not saved" />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save cycle
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
