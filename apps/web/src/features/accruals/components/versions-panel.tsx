import { Accordion, Code, Paper, Stack, Text, Title } from '@mantine/core'
import type { AccrualVersion } from '@platform/contracts/accruals'
import { formatCents } from '@platform/contracts/finance-money'
import { formatDateTime } from '@/lib/format'

/** One saved value as a person reads it: cents as dollars, lines one per row. */
function readable(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'number' && /Cents$/.test(key)) return formatCents(value)
  if (Array.isArray(value))
    return value
      .map((entry) =>
        entry && typeof entry === 'object' && 'account' in entry
          ? `${String(entry.account)} ${formatCents(Number((entry as { amountCents?: unknown }).amountCents ?? 0))}`
          : JSON.stringify(entry),
      )
      .join('; ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Every saved version of the request (a returned request edited again keeps the earlier ones), newest first. */
export function VersionsPanel({ versions }: { versions: AccrualVersion[] }) {
  if (versions.length === 0) return null
  const newestFirst = [...versions].sort((a, b) => b.version - a.version)
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Versions
        </Title>
        <Accordion variant="separated" chevronPosition="left">
          {newestFirst.map((version) => (
            <Accordion.Item key={version.version} value={String(version.version)}>
              <Accordion.Control>
                Version {version.version} · saved by {version.savedByName} · {formatDateTime(version.savedAt)}
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap={2}>
                  {Object.entries(version.content).map(([key, value]) => (
                    <Text key={key} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <Code>{key}</Code> {readable(key, value)}
                    </Text>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Paper>
  )
}
