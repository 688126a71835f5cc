import { ActionIcon, Anchor, Box, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core'
import { FailureAlert } from '@/components/failure-alert'
import { formatCell } from '@platform/contracts/report-format'
import { districtTimeZone } from '@/lib/district-time'
import { LoadingState } from '@/components/loading-state'
import { REPORT_TEXT, type ReportSummary } from '@platform/contracts/reports'
import { Pencil, Share2, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { reasonOf } from '../utils/messages'
import { reportPath } from '../utils/report-link'

/** The district's day the report was made, whatever the browser's zone. */
function createdOn(value: string): string {
  return formatCell(value, 'date', districtTimeZone())
}

export interface ReportListProps {
  reports: readonly ReportSummary[] | undefined
  loading: boolean
  error: unknown
  onRetry: () => void
  selectedId: number | null
  onEdit: (report: ReportSummary) => void
  onDelete: (report: ReportSummary) => void
  onShare: (report: ReportSummary) => void
}

function ReportListItem({
  report,
  selected,
  onEdit,
  onDelete,
  onShare,
}: { report: ReportSummary; selected: boolean } & Pick<ReportListProps, 'onEdit' | 'onDelete' | 'onShare'>) {
  const name = report.REPORT_NAME
  return (
    <Box
      component="li"
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid ${selected ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-gray-3)'}`,
        backgroundColor: selected ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          {/* A link, so the report opens in place, in a new tab, or from a bookmark alike. */}
          <Anchor component={Link} to={reportPath(report.REPORT_ID)} fw={600} aria-current={selected ? 'page' : undefined}>
            {name}
          </Anchor>
          {report.REPORT_DESCRIPTION ? (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {report.REPORT_DESCRIPTION}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {report.CREATOR_NAME ?? 'Unknown creator'} · {createdOn(report.CREATED_AT)}
          </Text>
        </Stack>
        <Group gap={2} wrap="nowrap">
          {report.canEdit ? (
            <>
              <Tooltip label="Edit" withArrow>
                <ActionIcon variant="subtle" color="blue.8" aria-label={`Edit ${name}`} onClick={() => onEdit(report)}>
                  <Pencil size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete" withArrow>
                <ActionIcon variant="subtle" color="red.8" aria-label={`Delete ${name}`} onClick={() => onDelete(report)}>
                  <Trash2 size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
          <Tooltip label="Copy link" withArrow>
            <ActionIcon variant="subtle" color="blue.8" aria-label={`Share ${name}`} onClick={() => onShare(report)}>
              <Share2 size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Box>
  )
}

/** 'Available Reports': name, description, creator and date, with edit, delete and share. */
export function ReportList({ reports, loading, error, onRetry, selectedId, onEdit, onDelete, onShare }: ReportListProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="available-reports-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="available-reports-heading">
          Available Reports
        </Title>
        {error ? (
          <FailureAlert title={REPORT_TEXT.loadFailed} message={reasonOf(error)} onRetry={onRetry} />
        ) : loading ? (
          <LoadingState label="Loading reports" size="sm" py="lg" />
        ) : !reports || reports.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {REPORT_TEXT.empty}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" aria-labelledby="available-reports-heading" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {reports.map((report) => (
              <ReportListItem
                key={report.REPORT_ID}
                report={report}
                selected={report.REPORT_ID === selectedId}
                onEdit={onEdit}
                onDelete={onDelete}
                onShare={onShare}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}
