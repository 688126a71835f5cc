import { Badge, Button, Grid, Paper } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import {
  DatasetChoiceSchema,
  REPORT_TEXT,
  ReportDetailsSchema,
  type Dataset,
  type ReportDefinition,
  type ReportSummary,
} from '@platform/contracts/reports'
import { useQueryClient } from '@tanstack/react-query'
import { History, Save } from 'lucide-react'
import { useRef, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ApiError } from '@/lib/api-client'
import { formMessage } from '@/lib/schema-errors'
import { reportDetailsQuery, useCreateReport, useUpdateReport } from '../../api/reports'
import { toSubmittable } from '../../utils/definition'
import { isReportChanged, reasonOf } from '../../utils/messages'
import { DesignerShell } from './designer-shell'
import { DesignerTabs, type DesignerTab } from './designer-tabs'
import { LivePreview } from './live-preview'
import { ReportDetailsFields, type ReportDetails } from './report-details-fields'
import { SaveReportModal } from './save-report-modal'
import { UpdateConflictAlert } from './update-conflict-alert'
import { VersionHistoryModal } from './version-history-modal'

export interface DesignerWorkspaceProps {
  datasets: readonly Dataset[]
  /** The report being edited, or null for a new one. */
  report: ReportSummary | null
  definition: ReportDefinition
  onClose: () => void
  onCreated: (report: ReportSummary) => void
}

const detailsOf = (report: ReportSummary | null): ReportDetails => ({
  name: report?.REPORT_NAME ?? '',
  description: report?.REPORT_DESCRIPTION ?? '',
})
const sameDetails = (a: ReportDetails, b: ReportDetails) => a.name === b.name && a.description === b.description

/** The designer at work: the tabs that edit the draft, its live preview, and save, history and close. */
export function DesignerWorkspace({ datasets, report: initialReport, definition, onClose, onCreated }: DesignerWorkspaceProps) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(definition)
  const [report, setReport] = useState(initialReport)
  const [details, setDetails] = useState(() => detailsOf(initialReport))
  // What was last saved (or loaded), to tell whether closing would lose changes.
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(definition))
  const [savedDetails, setSavedDetails] = useState(details)
  const [nameError, setNameError] = useState<string | null>(null)
  // Set when Save is pressed before a dataset is chosen; the Dataset field shows it until one is.
  const [datasetError, setDatasetError] = useState<string | null>(null)
  // 'Failed to update report: …' when someone saved the report after it was opened here.
  const [conflict, setConflict] = useState<string | null>(null)
  const [reloading, setReloading] = useState(false)
  const [tab, setTab] = useState<DesignerTab>('data')
  const [dialog, setDialog] = useState<'save' | 'close' | 'history' | 'reload' | null>(null)
  const nameRef = useRef<HTMLInputElement>(null)
  const create = useCreateReport()
  const update = useUpdateReport()
  const dataset = datasets.find((item) => item.id === draft.dataset)
  const unsaved = JSON.stringify(draft) !== savedJson || (report !== null && !sameDetails(details, savedDetails))

  const saved = (next: ReportSummary, sentDetails: ReportDetails) => {
    setReport(next)
    setSavedJson(JSON.stringify(draft))
    setDetails(sentDetails)
    setSavedDetails(sentDetails)
  }

  const onSave = () => {
    const datasetChoice = DatasetChoiceSchema.safeParse(draft.dataset)
    if (!datasetChoice.success) {
      setDatasetError(datasetChoice.error.issues[0]!.message)
      setTab('data')
      return
    }
    if (!report) {
      setDialog('save')
      return
    }
    const sent = { name: details.name.trim(), description: details.description.trim() }
    // The contract's own rule for a name, as the server applies it.
    const checked = ReportDetailsSchema.safeParse(sent)
    const nameProblem = checked.success ? undefined : checked.error.issues.find((issue) => issue.path[0] === 'name')
    if (nameProblem) {
      setNameError(formMessage(nameProblem.message))
      setTab('page')
      // The panel mounts with the tab; focus the name once it is there.
      setTimeout(() => nameRef.current?.focus())
      return
    }
    update.mutate(
      // The version opened here: the server refuses the save (409) if a newer one was saved meanwhile.
      { reportId: report.REPORT_ID, ...sent, definition: toSubmittable(draft), version: report.version },
      {
        onSuccess: (result) => {
          saved(result.report, sent)
          setConflict(null)
          notifications.show({ color: 'teal', message: REPORT_TEXT.updated })
        },
        onError: (error) => {
          if (isReportChanged(error)) setConflict(REPORT_TEXT.updateFailed(reasonOf(error)))
          else notifications.show({ color: 'red', message: REPORT_TEXT.updateFailed(reasonOf(error)), autoClose: false })
        },
      },
    )
  }

  const onCreate = (input: { name: string; description?: string | undefined }) =>
    create.mutate(
      { ...input, definition: toSubmittable(draft) },
      {
        onSuccess: (result) => {
          saved(result.report, detailsOf(result.report))
          setDialog(null)
          notifications.show({ color: 'teal', message: REPORT_TEXT.saved })
          onCreated(result.report)
        },
        onError: (error) => {
          // The server's own dataset rule: answered under the Dataset field, as the designer's check would.
          if (error instanceof ApiError && error.code === 'dataset_required') {
            setDialog(null)
            setDatasetError(error.message)
            setTab('data')
          }
        },
      },
    )

  /** After a restore, or a save refused because of a newer version: the server's current report replaces the draft. */
  const reload = async () => {
    if (!report) return
    setReloading(true)
    try {
      const fresh = await queryClient.fetchQuery({ ...reportDetailsQuery(report.REPORT_ID), staleTime: 0 })
      setDraft(fresh.definition)
      setReport(fresh.report)
      setSavedJson(JSON.stringify(fresh.definition))
      setDetails(detailsOf(fresh.report))
      setSavedDetails(detailsOf(fresh.report))
      setNameError(null)
      setConflict(null)
    } catch (error) {
      notifications.show({ color: 'red', message: REPORT_TEXT.loadOneFailed(reasonOf(error)), autoClose: false })
    } finally {
      setReloading(false)
    }
  }

  // The draft is only replaced once the person agrees to lose it.
  const onReload = () => (unsaved ? setDialog('reload') : void reload())

  const reportDetails = report ? (
    <ReportDetailsFields
      value={details}
      nameError={nameError}
      nameRef={nameRef}
      onChange={(next) => {
        setDetails(next)
        setNameError(null)
      }}
    />
  ) : null

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
      {conflict ? (
        <UpdateConflictAlert message={conflict} reloading={reloading} onReload={onReload} onDismiss={() => setConflict(null)} />
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <DesignerTabs
            tab={tab}
            onTabChange={setTab}
            editorProps={{ definition: draft, dataset, onChange: setDraft }}
            datasets={datasets}
            reportDetails={reportDetails}
            datasetError={datasetError}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Paper
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby="report-preview-heading"
            style={{ position: 'sticky', top: 0 }}
          >
            <LivePreview reportId={report?.REPORT_ID ?? null} definition={draft} dataset={dataset} />
          </Paper>
        </Grid.Col>
      </Grid>

      {dialog === 'save' ? (
        <SaveReportModal
          opened
          saving={create.isPending}
          error={create.error}
          onSave={onCreate}
          onClose={() => {
            create.reset()
            setDialog(null)
          }}
        />
      ) : null}
      {report ? (
        <VersionHistoryModal
          reportId={report.REPORT_ID}
          opened={dialog === 'history'}
          unsaved={unsaved}
          onClose={() => setDialog(null)}
          onRestored={() => void reload()}
        />
      ) : null}
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
      <ConfirmDialog
        opened={dialog === 'reload'}
        title="Reload the report"
        message="Load the version saved most recently? It replaces your unsaved changes in the designer."
        confirmLabel="Reload and discard my changes"
        cancelLabel="Keep my changes"
        danger
        onConfirm={() => {
          setDialog(null)
          void reload()
        }}
        onCancel={() => setDialog(null)}
      />
    </DesignerShell>
  )
}
