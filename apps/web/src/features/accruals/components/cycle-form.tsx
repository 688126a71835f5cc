import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { CycleInputSchema, type Cycle } from '@platform/contracts/accruals'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { useState, type FormEvent } from 'react'
import { FormAlerts } from '@/components/form-alerts'
import { useSaveCycle } from '../api/accruals'
import { formMessage } from '@/lib/schema-errors'

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

/** Sets up or edits a close cycle (CONTROLLER); the server checks the order of the dates again. */
export function CycleForm({ cycle, onDone }: { cycle: Cycle | null; onDone: (saved: Cycle) => void }) {
  const save = useSaveCycle()
  const [values, setValues] = useState(() =>
    cycle
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
  )
  const [problem, setProblem] = useState<string | null>(null)
  const set = (name: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value
    setValues((all) => ({ ...all, [name]: value }))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const materialityCents = parseDollars(values.materiality)
    if (materialityCents === null) return setProblem('Enter the materiality threshold in dollars, such as 5000.00.')
    const parsed = CycleInputSchema.safeParse({ ...values, materialityCents })
    if (!parsed.success) return setProblem(parsed.error.issues.map((issue) => formMessage(issue.message)).join('; '))
    setProblem(null)
    void save
      .mutateAsync({ id: cycle?.id ?? null, input: parsed.data })
      .then((result) => {
        notifications.show({ color: 'teal', message: `The ${result.data.fiscalYear} cycle was saved.` })
        onDone(result.data)
      })
      .catch(() => undefined)
  }

  const fixed = cycle?.datesFixed ?? false
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Fiscal year"
          description="Such as 2025-26"
          value={values.fiscalYear}
          onChange={set('fiscalYear')}
          required
          data-autofocus
        />
        {fixed ? (
          <Alert color="blue" role="status">
            A journal was posted from this cycle and is dated by it: its dates no longer change. Its materiality threshold may.
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="date"
            label="Cut-off date (accrual date)"
            value={values.cutoffOn}
            onChange={set('cutoffOn')}
            required
            disabled={fixed}
          />
          <TextInput type="date" label="Sites submit by" value={values.submitBy} onChange={set('submitBy')} required disabled={fixed} />
          <TextInput
            type="date"
            label="Lock date"
            description="After it only a controller may add or change"
            value={values.lockOn}
            onChange={set('lockOn')}
            required
            disabled={fixed}
          />
          <TextInput type="date" label="Board approval" value={values.boardOn} onChange={set('boardOn')} required disabled={fixed} />
          <TextInput type="date" label="County verification" value={values.countyOn} onChange={set('countyOn')} required disabled={fixed} />
          <TextInput
            label="Materiality threshold ($)"
            inputMode="decimal"
            value={values.materiality}
            onChange={set('materiality')}
            required
          />
        </SimpleGrid>
        <FormAlerts problem={problem} mutation={save} failedTitle="The cycle was not saved" />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save cycle
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
