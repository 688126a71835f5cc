import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { z } from 'zod'
import { errorMessage } from '@/lib/api-client'
import { withoutFieldNames } from '@/lib/schema-errors'
import { FailureAlert } from '@/components/failure-alert'

/**
 * One part of the request page: a bordered box with its heading (and a badge beside it) and, on the right, what may be
 * done. `anchor` is the id a link elsewhere opens the page at (My queue's `#messages`).
 */
export function Section({
  title,
  badge,
  actions,
  anchor,
  children,
}: {
  title: string
  badge?: ReactNode
  actions?: ReactNode
  anchor?: string
  children: ReactNode
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} id={anchor} style={{ scrollMarginTop: 16 }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Title order={3} size="h4" id={id}>
              {title}
            </Title>
            {badge}
          </Group>
          {actions ? <Group gap="xs">{actions}</Group> : null}
        </Group>
        {children}
      </Stack>
    </Paper>
  )
}

/** A labelled fact ("Channel", "E-mail"). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  )
}

/**
 * What a step's check found: a problem to show above the button, the problems of fields (the step's form shows them
 * beside each field, from the contract's schema; none found lets the step go on), or null when the step may be asked for.
 */
export type StepProblems = string | Readonly<Partial<Record<string, string>>> | null

/**
 * A form on @mantine/form checked by the contract's schema the server applies: its messages show under each field
 * (without the API's field name), and `check` is what a StepModal's `check` returns.
 */
export function useContractForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
  /** What the step sends, from what is typed (a chosen id as a number, an empty note as null); the same names. */
  toInput: (values: Values) => unknown = (values) => values,
) {
  const resolve = schemaResolver(schema, { sync: true })
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: withoutFieldNames((values: Values) => resolve(toInput(values) as Values)),
  })
  const check = (): Record<string, string> => {
    const { errors } = form.validate()
    return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, String(message)]))
  }
  return { form, check }
}

/** Whether a check found anything that holds the step back. */
const holdsBack = (found: StepProblems): boolean =>
  typeof found === 'string' ? found.length > 0 : found !== null && Object.values(found).some(Boolean)

export interface StepModalProps {
  opened: boolean
  onClose: () => void
  title: string
  /** The fields of the step. */
  children: ReactNode
  /** Checks the fields (see StepProblems). */
  check: () => StepProblems
  /** What the confirmation asks, in full; without it the step runs at once (nothing final about it). */
  confirmation?: () => string
  submitLabel: string
  confirmLabel?: string
  danger?: boolean
  /** Runs the step; a refusal is shown in the dialog and the dialog stays open. */
  run: () => Promise<unknown>
  /** After the step succeeded (the dialog closes). */
  onDone: () => void
}

/**
 * The dialog of a step on the request: its fields, then (for anything final) a confirmation that says exactly what
 * will happen, then the server's answer. Uses mutateAsync so a success notice survives the page's refetch.
 */
export function StepModal({
  opened,
  onClose,
  title,
  children,
  check,
  confirmation,
  submitLabel,
  confirmLabel,
  danger,
  run,
  onDone,
}: StepModalProps) {
  const [problem, setProblem] = useState<string | null>(null)
  const [asking, setAsking] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const close = () => {
    setAsking(null)
    setProblem(null)
    setRefusal(null)
    onClose()
  }
  const go = () => {
    setPending(true)
    setRefusal(null)
    run()
      .then(() => {
        setAsking(null)
        onDone()
      })
      .catch((error: unknown) => {
        setAsking(null)
        setRefusal(errorMessage(error, 'The step could not be taken. Try again in a moment.'))
      })
      .finally(() => setPending(false))
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const found = check()
    setProblem(typeof found === 'string' && found ? found : null)
    if (holdsBack(found)) return
    if (confirmation) setAsking(confirmation())
    else go()
  }

  return (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={{ 'aria-label': 'Close' }} size="lg">
      {asking ? (
        <Stack gap="lg">
          <Text>{asking}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(null)} data-autofocus disabled={pending}>
              Back
            </Button>
            <Button color={danger ? 'red.8' : undefined} onClick={go} loading={pending}>
              {confirmLabel ?? submitLabel}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {children}
            {problem ? (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            ) : null}
            {refusal ? <FailureAlert title="Refused" message={refusal} /> : null}
            <Group justify="flex-end">
              <Button type="submit" color={danger ? 'red.8' : undefined} loading={pending}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
