import { Button, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { REPORT_TEXT, type ReportSummary } from '@platform/contracts/reports'
import { Database, FileBarChart, Plus } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDeleteReport, useReportList } from '../api/reports'
import { reasonOf } from '../utils/messages'
import { REPORT_PARAM, reportLink, selectedReportId } from '../utils/report-link'
import { DatasetsModal } from './datasets/datasets-modal'
import { useMayUploadDatasets } from './datasets/use-may-upload'
import { ReportDesigner } from './designer/report-designer'
import { ExportsList } from './exports/exports-list'
import { ReportList } from './report-list'
import { selectedSubscriptionId } from './subscriptions/subscription-link'
import { SubscriptionsList } from './subscriptions/subscriptions-list'
import { ReportViewer } from './viewer/report-viewer'

/** Copies the report's link; where the browser refuses (no permission, not https), shows it to copy by hand. */
async function shareReport(report: ReportSummary) {
  const link = reportLink(window.location.origin, report.REPORT_ID)
  try {
    if (!navigator.clipboard) throw new Error('no clipboard')
    await navigator.clipboard.writeText(link)
    notifications.show({ color: 'teal', message: REPORT_TEXT.linkCopied })
  } catch {
    notifications.show({ color: 'yellow', title: 'The link could not be copied', message: link, autoClose: false })
  }
}

function SelectPrompt() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
          <FileBarChart size={26} />
        </ThemeIcon>
        <Text fw={600}>{REPORT_TEXT.selectPrompt}</Text>
      </Stack>
    </Paper>
  )
}

/** Reports Studio: the list, the viewer of the report in `?report=<id>`, and the designer. */
export function ReportsStudio() {
  useDocumentTitle('Reports Studio')
  const [searchParams, setSearchParams] = useSearchParams()
  const selectedId = selectedReportId(searchParams)
  const list = useReportList()
  const remove = useDeleteReport()
  // null: closed; { reportId: null }: a new report; { reportId }: editing that report.
  const [designer, setDesigner] = useState<{ reportId: number | null } | null>(null)
  const [toDelete, setToDelete] = useState<ReportSummary | null>(null)
  const [managingDatasets, setManagingDatasets] = useState(false)
  const mayUpload = useMayUploadDatasets()

  const select = (reportId: number | null) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params)
      if (reportId === null) next.delete(REPORT_PARAM)
      else next.set(REPORT_PARAM, String(reportId))
      return next
    })

  const onConfirmDelete = () => {
    if (!toDelete) return
    const { REPORT_ID: reportId, REPORT_NAME: name } = toDelete
    remove.mutate(reportId, {
      onSuccess: (result) => {
        notifications.show({ color: 'teal', message: result.message ?? `The report '${name}' was deleted.` })
        if (selectedId === reportId) select(null)
      },
      onError: (error) => notifications.show({ color: 'red', message: REPORT_TEXT.deleteFailed(reasonOf(error)), autoClose: false }),
      onSettled: () => setToDelete(null),
    })
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>Reports Studio</Title>
          <Text c="dimmed">Run the district&apos;s reports, export them and share a link to them.</Text>
        </Stack>
        <Group gap="sm">
          {mayUpload ? (
            <Button variant="default" leftSection={<Database size={16} aria-hidden="true" />} onClick={() => setManagingDatasets(true)}>
              Datasets
            </Button>
          ) : null}
          {list.data?.canCreate ? (
            <Button leftSection={<Plus size={16} aria-hidden="true" />} onClick={() => setDesigner({ reportId: null })}>
              New Report
            </Button>
          ) : null}
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <ReportList
              reports={list.data?.reports}
              loading={list.isPending}
              error={list.isError ? list.error : null}
              onRetry={() => void list.refetch()}
              selectedId={selectedId}
              onEdit={(report) => setDesigner({ reportId: report.REPORT_ID })}
              onDelete={setToDelete}
              onShare={(report) => void shareReport(report)}
            />
            <ExportsList />
            <SubscriptionsList reportId={null} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selectedId === null ? (
            <SelectPrompt />
          ) : (
            <ReportViewer
              key={selectedId}
              reportId={selectedId}
              subscriptionId={selectedSubscriptionId(searchParams)}
              onEdit={(report) => setDesigner({ reportId: report.REPORT_ID })}
            />
          )}
        </Grid.Col>
      </Grid>

      {designer ? (
        <ReportDesigner
          key={designer.reportId ?? 'new'}
          reportId={designer.reportId}
          onClose={() => setDesigner(null)}
          onCreated={(report) => select(report.REPORT_ID)}
        />
      ) : null}

      {managingDatasets ? <DatasetsModal onClose={() => setManagingDatasets(false)} /> : null}

      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete report"
        message={
          toDelete ? `Delete the report '${toDelete.REPORT_NAME}'? Its versions are deleted with it, and links to it stop working.` : ''
        }
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  )
}
