import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { notifications } from '@mantine/notifications'
import type { Dataset } from '@platform/contracts/reports'
import { FileUp, Trash2, Upload } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { useDatasets } from '../../api/reports'
import { useDeleteUpload } from '../../api/uploads'
import { reasonOf } from '../../utils/messages'
import { UploadDatasetModal } from './upload-dataset-modal'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'

/** The columns a person uploaded: the server adds row_id to every uploaded dataset. */
const uploadedColumns = (dataset: Dataset) => dataset.fields.filter((field) => field.name !== 'row_id').length

function UploadsTable({
  uploads,
  onReplace,
  onDelete,
}: {
  uploads: readonly Dataset[]
  onReplace: (dataset: Dataset) => void
  onDelete: (dataset: Dataset) => void
}) {
  if (uploads.length === 0) return <Text c="dimmed">No datasets have been uploaded yet.</Text>
  return (
    <ScrollTable minWidth={560} label="Uploaded datasets" cardsOnPhone>
      <Table aria-label="Uploaded datasets" verticalSpacing="xs">
        <TableHeader columns={['Dataset', 'Rows', 'Columns', { label: 'Actions', visuallyHidden: true }]} />
        <Table.Tbody>
          {uploads.map((dataset) => (
            <Table.Tr key={dataset.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {dataset.label}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {dataset.description}
                </Text>
              </Table.Td>
              <Table.Td>{dataset.rowCount?.toLocaleString('en-US') ?? '—'}</Table.Td>
              <Table.Td>{uploadedColumns(dataset)}</Table.Td>
              <Table.Td>
                {/* Only whoever uploaded it, or an administrator, may replace or delete it (the server says the same). */}
                <Group gap="xs" justify="flex-end" wrap="nowrap" display={dataset.canManage ? undefined : 'none'}>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<FileUp size={14} aria-hidden="true" />}
                    aria-label={`Replace with a new file… (${dataset.label})`}
                    onClick={() => onReplace(dataset)}
                  >
                    Replace with a new file…
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red.8"
                    leftSection={<Trash2 size={14} aria-hidden="true" />}
                    aria-label={`Delete ${dataset.label}`}
                    onClick={() => onDelete(dataset)}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}

/** 'Datasets' beside 'New Report': the uploaded datasets, to upload another, replace one's rows or delete one. */
export function DatasetsModal({ onClose }: { onClose: () => void }) {
  const datasets = useDatasets()
  const remove = useDeleteUpload()
  // null: no upload form; { replacing: undefined }: a new dataset; { replacing }: new rows for that one.
  const [upload, setUpload] = useState<{ replacing?: Dataset } | null>(null)
  const [toDelete, setToDelete] = useState<Dataset | null>(null)

  const onConfirmDelete = () => {
    if (!toDelete) return
    remove.mutate(toDelete.id, {
      onSuccess: (result) =>
        notifications.show({ color: 'teal', message: result.message ?? `The dataset '${toDelete.label}' was deleted.` }),
      onError: (error) => notifications.show({ color: 'red', message: `Failed to delete dataset: ${reasonOf(error)}`, autoClose: false }),
      onSettled: () => setToDelete(null),
    })
  }

  return (
    <>
      <Modal opened onClose={onClose} title="Datasets" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Text size="sm" maw={520}>
              Upload a CSV file or an Excel workbook to report on data the built-in datasets do not hold. Replacing a file keeps the reports
              over it.
            </Text>
            <Button leftSection={<Upload size={16} aria-hidden="true" />} onClick={() => setUpload({})}>
              Upload a dataset…
            </Button>
          </Group>
          {datasets.isError ? (
            <FailureAlert title="The datasets could not be loaded" error={datasets.error} />
          ) : datasets.isPending ? (
            <LoadingState label="Loading the datasets" query={datasets} size="sm" py="lg" />
          ) : (
            <UploadsTable
              uploads={datasets.data.filter((dataset) => dataset.kind === 'upload')}
              onReplace={(replacing) => setUpload({ replacing })}
              onDelete={setToDelete}
            />
          )}
        </Stack>
      </Modal>
      {upload ? <UploadDatasetModal replacing={upload.replacing} onClose={() => setUpload(null)} /> : null}
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete dataset"
        message={toDelete ? `Delete the dataset '${toDelete.label}' and its rows? Reports over it stop working.` : ''}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  )
}
