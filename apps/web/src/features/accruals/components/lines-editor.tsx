import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { Plus, Trash2 } from 'lucide-react'
import { AccountPicker } from '@/features/finance'

export type LineDraft = { key: number; account: string; amount: string }

/** The accrual's lines on accounts, with the live difference from the amount (they must add up to it). */
export function LinesEditor({
  lines,
  onChange,
  amountCents,
  newKey,
}: {
  lines: LineDraft[]
  onChange: (lines: LineDraft[]) => void
  amountCents: number | null
  newKey: () => number
}) {
  const total = lines.reduce((sum, line) => sum + (parseDollars(line.amount) ?? 0), 0)
  const difference = amountCents === null ? null : amountCents - total
  const update = (key: number, change: Partial<LineDraft>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...change } : line)))
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600}>
        Lines
      </Text>
      {lines.map((line, index) => (
        <Group key={line.key} align="flex-end" wrap="wrap">
          <div style={{ flex: '1 1 300px', minWidth: 0 }}>
            <AccountPicker
              label={`Line ${index + 1} account`}
              value={line.account}
              onChange={(account) => update(line.key, { account })}
              required
            />
          </div>
          <TextInput
            label={`Line ${index + 1} amount ($)`}
            value={line.amount}
            onChange={(event) => update(line.key, { amount: event.currentTarget.value })}
            inputMode="decimal"
            w={160}
          />
          {lines.length > 1 ? (
            <ActionIcon
              variant="subtle"
              color="red.8"
              aria-label={`Remove line ${index + 1}`}
              onClick={() => onChange(lines.filter((entry) => entry.key !== line.key))}
              mb={4}
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
          onClick={() => onChange([...lines, { key: newKey(), account: '', amount: '' }])}
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
    </Stack>
  )
}
