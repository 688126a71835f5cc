import { Button, FileInput, Group, Modal, Progress, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { UploadQuerySchema, type Dataset, type FieldType, type UploadColumn } from '@platform/contracts/reports'
import { FileUp } from 'lucide-react'
import { schemaResolver, useForm } from '@mantine/form'
import { useState } from 'react'
import { useSaveUpload, useUploadPreview } from '../../api/uploads'
import { FailureAlert } from '@/components/failure-alert'
import { nameFromFile, UPLOAD_ACCEPT, UPLOAD_LIMITS_TEXT, uploadFileProblem } from '../../utils/upload-file'
import { UploadColumnsTable } from './upload-columns-table'
import { withoutFieldNames } from '@/lib/schema-errors'

export interface UploadDatasetModalProps {
  /** The uploaded dataset whose rows the file replaces; without it the file becomes a new dataset. */
  replacing?: Dataset
  onClose: () => void
  /** After the answer: the designer selects the dataset. */
  onSaved?: (dataset: Dataset) => void
}

/** The browser reports no progress for a request body sent with fetch, so the bar runs until the answer comes. */
function Working({ label }: { label: string }) {
  return (
    <Stack gap={4}>
      <Progress value={100} striped animated aria-hidden="true" />
      <Text size="sm" role="status">
        {label}
      </Text>
    </Stack>
  )
}

/** The name and description the server checks, checked here by the same schema. */
const resolveDetails = withoutFieldNames(schemaResolver(UploadQuerySchema.pick({ name: true, description: true }), { sync: true }))

const rows = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`

/**
 * Uploads a CSV or XLSX file as a dataset: the server reads it first and proposes a type per column, the person checks
 * them, and only then is the file stored (sent again, with the confirmed types).
 */
export function UploadDatasetModal({ replacing, onClose, onSaved }: UploadDatasetModalProps) {
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: replacing?.label ?? '', description: replacing?.description ?? '' },
    validate: resolveDetails,
  })
  const [columns, setColumns] = useState<UploadColumn[] | null>(null)
  const preview = useUploadPreview()
  const save = useSaveUpload()
  const title = replacing ? `Replace ${replacing.label}` : 'Upload a dataset'

  const onFile = (next: File | null) => {
    setFile(next)
    setColumns(null)
    preview.reset()
    save.reset()
    const problem = next ? uploadFileProblem(next) : null
    setFileError(problem)
    if (!next || problem) return
    // The server wants a name even to read the file; the file's own name does until the person gives one.
    const chosenName = form.values.name.trim() || nameFromFile(next.name)
    if (!form.values.name.trim()) form.setFieldValue('name', chosenName)
    preview.mutate(
      { file: next, name: chosenName },
      { onSuccess: (result) => setColumns(result.columns.map(({ name: id, label, type }) => ({ name: id, label, type }))) },
    )
  }

  const setType = (index: number, type: FieldType) =>
    setColumns((current) => current && current.map((column, i) => (i === index ? { ...column, type } : column)))

  const onSubmit = form.onSubmit(({ name, description }) => {
    if (!file || !columns) return
    save.mutate(
      { file, name: name.trim(), description: description.trim(), columns, replace: replacing?.id },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'teal', message: result.message })
          onSaved?.(result.dataset)
          onClose()
        },
      },
    )
  })

  return (
    <Modal opened onClose={save.isPending ? () => undefined : onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          <Text size="sm">
            {replacing
              ? 'The new file’s rows replace the dataset’s. Reports over it keep working as long as the file still has the columns they use.'
              : 'A CSV file or an Excel workbook whose first row names the columns. Reports can then be designed over it.'}
          </Text>
          <FileInput
            label="File"
            description={`CSV or Excel (.xlsx), ${UPLOAD_LIMITS_TEXT}`}
            placeholder="Choose a file"
            required
            accept={UPLOAD_ACCEPT}
            value={file}
            onChange={onFile}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the file' }}
            leftSection={<FileUp size={16} aria-hidden="true" />}
            error={fileError}
            disabled={save.isPending}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Name" required maxLength={200} disabled={save.isPending} {...form.getInputProps('name')} />
            <Textarea
              label="Description"
              description="Optional"
              autosize
              minRows={1}
              maxLength={1000}
              disabled={save.isPending}
              {...form.getInputProps('description')}
            />
          </SimpleGrid>

          {preview.isPending ? <Working label="Reading the file…" /> : null}
          {preview.isError ? <FailureAlert fallback="Unexpected error" title="The file could not be read" error={preview.error} /> : null}
          {preview.data && columns ? (
            <Stack gap="xs">
              <Text size="sm">
                <strong>{rows(preview.data.rowCount)}</strong> in {columns.length} columns. Check the type each column is stored as: a value
                that does not fit it stops the upload.
              </Text>
              <UploadColumnsTable
                columns={columns}
                samples={preview.data.columns.map((column) => column.samples)}
                disabled={save.isPending}
                onChange={setType}
              />
            </Stack>
          ) : null}

          {save.isPending && file ? <Working label={`Uploading ${file.name}…`} /> : null}
          {save.isError ? (
            <FailureAlert
              fallback="Unexpected error"
              title={replacing ? 'The dataset could not be replaced' : 'The dataset could not be saved'}
              error={save.error}
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              leftSection={<FileUp size={16} aria-hidden="true" />}
              disabled={!columns || preview.isPending}
              loading={save.isPending}
            >
              {replacing ? 'Replace the rows' : 'Upload'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
