import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { Plus, Trash2 } from 'lucide-react'
import { AccountPicker } from '@/features/finance'
import { fieldError, newLineKey, type RequestFormValues } from './request-form-values'

/** The accrual's lines on accounts, with the live difference from the amount (they must add up to it). */
export function LinesEditor({ form }: { form: UseFormReturnType<RequestFormValues> }) {
  const { lines, amount } = form.getValues()
  const amountCents = parseDollars(amount)
  const total = lines.reduce((sum, line) => sum + (parseDollars(line.amount) ?? 0), 0)
  const difference = amountCents === null ? null : amountCents - total
  const linesError = form.errors.lines
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600}>
        Lines
      </Text>
      {lines.map((line, index) => (
        <Group key={line.key} align="flex-start" wrap="wrap">
          <div style={{ flex: '1 1 300px', minWidth: 0 }}>
            <AccountPicker
              label={`Line ${index + 1} account`}
              value={line.account}
              onChange={(account) => form.setFieldValue(`lines.${index}.account`, account)}
              error={fieldError(form.errors[`lines.${index}.account`])}
              required
            />
          </div>
          <TextInput label={`Line ${index + 1} amount ($)`} {...form.getInputProps(`lines.${index}.amount`)} inputMode="decimal" w={160} />
          {lines.length > 1 ? (
            <ActionIcon
              variant="subtle"
              color="red.8"
              aria-label={`Remove line ${index + 1}`}
              onClick={() => form.removeListItem('lines', index)}
              mt={28}
            >
              <Trash2 size={16} aria-hidden="true" />
            </ActionIcon>
          ) : null}
        </Group>
      ))}
      <Group justify="space-between" wrap="wrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<Plus size={14} aria-hidden="true" />}
          onClick={() => form.insertListItem('lines', { key: newLineKey(), account: '', amount: '' })}
        >
          Add a line
        </Button>
        <Text aria-live="polite" c={difference !== null && difference !== 0 ? 'red.8' : undefined} fw={600}>
          Lines total {formatCents(total)}
          {amountCents !== null ? ` of ${formatCents(amountCents)}` : ''}
          {difference !== null && difference !== 0
            ? `: ${formatCents(Math.abs(difference))} ${difference > 0 ? 'still to spread' : 'too much'}`
            : ''}
          {difference === 0 ? ': they add up' : ''}
        </Text>
      </Group>
      {linesError ? (
        <Text c="red.8" size="sm" role="alert">
          {linesError}
        </Text>
      ) : null}
    </Stack>
  )
}
