import { Badge, FileInput, Group, Paper, Stack, Title } from '@mantine/core'
import { CheckCircle2, FileUp } from 'lucide-react'
import { labelOf, type LabelGroup } from '@platform/contracts/labels'
import { financeLabels } from '@platform/contracts/labels/finance'
import type { ReactNode } from 'react'

// The pieces every CSV import of the administration screens shares (the chart of accounts, users): the file input with
// its checks, the outcome badge of a row, and the panel an applied import ends with.

/** What an import does with one row of the file. */
export type ImportAction = 'create' | 'update' | 'unchanged' | 'reject'

const ACTION_COLORS: Record<ImportAction, string> = { create: 'teal.9', update: 'blue.9', unchanged: 'gray.7', reject: 'red.9' }

/**
 * The outcome of a row in words, in the same colour in every import. The words default to the chart of accounts
 * import's; an import whose rows are other things (people, requests) passes its own.
 */
export function ImportActionBadge({ action, words = financeLabels.chartImportAction }: { action: ImportAction; words?: LabelGroup }) {
  return (
    <Badge color={ACTION_COLORS[action]} variant="filled" tt="none">
      {labelOf(words, action)}
    </Badge>
  )
}

/** Why a chosen file will not be sent (larger than the server takes, or not a .csv), or null. */
export function csvFileError(file: File | null, maxBytes: number): string | null {
  if (file && file.size > maxBytes) return `The file is larger than ${maxBytes / 1024 / 1024} MB.`
  if (file && !/\.csv$/i.test(file.name)) return 'Choose a .csv file.'
  return null
}

/** The file input of an import: one .csv file, which can be removed again. */
export function CsvFileInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string
  value: File | null
  onChange: (file: File | null) => void
  error: string | null
}) {
  return (
    <FileInput
      label={label}
      placeholder="Choose a .csv file"
      accept=".csv,text/csv"
      value={value}
      onChange={onChange}
      clearable
      clearButtonProps={{ 'aria-label': 'Remove the file' }}
      leftSection={<FileUp size={16} aria-hidden="true" />}
      error={error}
      maw={480}
    />
  )
}

/** The panel an applied import ends with: "Import applied", then what it did (`children`). */
export function ImportAppliedPanel({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group gap="xs">
          <CheckCircle2 size={20} aria-hidden="true" color="var(--mantine-color-teal-9)" />
          <Title order={2} size="h4">
            Import applied
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  )
}
