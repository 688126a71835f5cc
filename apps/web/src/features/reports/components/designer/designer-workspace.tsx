import { Badge, Button, Grid, Paper, Tabs } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { REPORT_TEXT, type Dataset, type ReportDefinition, type ReportSummary } from '@platform/contracts/reports'
import { useQueryClient } from '@tanstack/react-query'
import { History, Save } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { reportDetailsQuery, useCreateReport, useUpdateReport } from '../../api/reports'
import { toSubmittable } from '../../utils/definition'
import { reasonOf } from '../../utils/messages'
import { CalculationsTab } from './calculations-tab'
import { ChartTab } from './chart-tab'
import { ColumnsTab } from './columns-tab'
import { DataTab } from './data-tab'
import { DesignerShell } from './designer-shell'
import { FiltersTab } from './filters-tab'
import { FormattingTab } from './formatting-tab'
import { GroupsTab } from './groups-tab'
import { LivePreview } from './live-preview'
import { PageSetupTab } from './page-setup-tab'
import { ParametersTab } from './parameters-tab'
import { SaveReportModal } from './save-report-modal'
import { VersionHistoryModal } from './version-history-modal'

const TABS = [
  { value: 'data', label: 'Data', Editor: null },
  { value: 'parameters', label: 'Parameters', Editor: ParametersTab },
  { value: 'filters', label: 'Filters', Editor: FiltersTab },
  { value: 'columns', label: 'Columns', Editor: ColumnsTab },
  { value: 'groups', label: 'Groups and totals', Editor: GroupsTab },
  { value: 'calculations', label: 'Calculations', Editor: CalculationsTab },
  { value: 'formatting', label: 'Formatting', Editor: FormattingTab },
  { value: 'chart', label: 'Chart', Editor: ChartTab },
  { value: 'page', label: 'Page setup', Editor: PageSetupTab },
] as const

export interface DesignerWorkspaceProps {
  datasets: readonly Dataset[]
  /** The report being edited, or null for a new one. */
  report: ReportSummary | null
  definition: ReportDefinition
  onClose: () => void
  onCreated: (report: ReportSummary) => void
}

/** The designer at work: the tabs that edit the draft, its live preview, and save, history and close. */
export function DesignerWorkspace({ datasets, report: initialReport, definition, onClose, onCreated }: DesignerWorkspaceProps) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(definition)
  const [report, setReport] = useState(initialReport)
  // What was last saved (or loaded), to tell whether closing would lose changes.
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(definition))
  const [tab, setTab] = useState<string | null>('data')
  const [dialog, setDialog] = useState<'save' | 'close' | 'history' | null>(null)
  const create = useCreateReport()
  const update = useUpdateReport()
  const dataset = datasets.find((item) => item.id === draft.dataset)
  const unsaved = JSON.stringify(draft) !== savedJson

  const saved = (next: ReportSummary) => {
    setReport(next)
    setSavedJson(JSON.stringify(draft))
  }

  const onSave = () => {
    if (!report) {
      setDialog('save')
      return
    }
    update.mutate(
      { reportId: report.REPORT_ID, definition: toSubmittable(draft) },
      {
        onSuccess: (result) => {
          saved(result.report)
          notifications.show({ color: 'teal', message: REPORT_TEXT.updated })
        },
        onError: (error) => notifications.show({ color: 'red', message: REPORT_TEXT.updateFailed(reasonOf(error)), autoClose: false }),
      },
    )
  }

  const onCreate = (input: { name: string; description?: string }) =>
    create.mutate(
      { ...input, definition: toSubmittable(draft) },
      {
        onSuccess: (result) => {
          saved(result.report)
          setDialog(null)
          notifications.show({ color: 'teal', message: REPORT_TEXT.saved })
          onCreated(result.report)
        },
        onError: (error) => notifications.show({ color: 'red', message: REPORT_TEXT.saveFailed(reasonOf(error)), autoClose: false }),
      },
    )

  /** After a restore the server holds a new current definition: show it. */
  const reload = async () => {
    if (!report) return
    try {
      const fresh = await queryClient.fetchQuery({ ...reportDetailsQuery(report.REPORT_ID), staleTime: 0 })
      setDraft(fresh.definition)
      setReport(fresh.report)
      setSavedJson(JSON.stringify(fresh.definition))
    } catch (error) {
      notifications.show({ color: 'red', message: REPORT_TEXT.loadOneFailed(reasonOf(error)), autoClose: false })
    }
  }

  const editorProps = { definition: draft, dataset, onChange: setDraft }
  return (
    <DesignerShell
      title={report ? `Edit report: ${report.REPORT_NAME}` : 'New Report'}
      onClose={() => (unsaved ? setDialog('close') : onClose())}
      actions={
        <>
          {unsaved ? (
            <Badge variant="light" color="yellow.9">
              Unsaved changes
            </Badge>
          ) : null}
          {report ? (
            <Button variant="default" leftSection={<History size={16} aria-hidden="true" />} onClick={() => setDialog('history')}>
              History
            </Button>
          ) : null}
          <Button leftSection={<Save size={16} aria-hidden="true" />} onClick={onSave} loading={update.isPending || create.isPending}>
            Save
          </Button>
        </>
      }
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List aria-label="Report design">
              {TABS.map(({ value, label }) => (
                <Tabs.Tab key={value} value={value}>
                  {label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map(({ value, Editor }) => (
              <Tabs.Panel key={value} value={value} pt="md">
                {Editor ? <Editor {...editorProps} /> : <DataTab {...editorProps} datasets={datasets} />}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="report-preview-heading" style={{ position: 'sticky', top: 0 }}>
            <LivePreview definition={draft} dataset={dataset} />
          </Paper>
        </Grid.Col>
      </Grid>

      {dialog === 'save' ? <SaveReportModal opened saving={create.isPending} onSave={onCreate} onClose={() => setDialog(null)} /> : null}
      {report ? <VersionHistoryModal reportId={report.REPORT_ID} opened={dialog === 'history'} unsaved={unsaved} onClose={() => setDialog(null)} onRestored={() => void reload()} /> : null}
      <ConfirmDialog
        opened={dialog === 'close'}
        title="Close the designer"
        message="Your changes are not saved. Close the designer and lose them?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        danger
        onConfirm={onClose}
        onCancel={() => setDialog(null)}
      />
    </DesignerShell>
  )
}
