import { labelOf } from '@platform/contracts/labels'
import { reportsLabels } from '@platform/contracts/labels/reports'
import { Alert, Button, Group, NativeSelect, Radio, Stack, Table, Text } from '@mantine/core'
import type { Dataset } from '@platform/contracts/reports'
import { FileUp, Info, Upload } from 'lucide-react'
import { useState } from 'react'
import { withCurrent, withDataset } from '../../utils/definition'
import { FIELD_TYPE_NAMES } from '../../utils/field-types'
import { UploadDatasetModal } from '../datasets/upload-dataset-modal'
import { useMayUploadDatasets } from '../datasets/use-may-upload'
import type { EditorProps } from './editor-props'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'

/** Upload a new dataset, or new rows for the uploaded one the report reads; the answer's dataset is then the report's. */
function UploadButtons({ dataset, onUploaded }: { dataset: Dataset | undefined; onUploaded: (dataset: Dataset) => void }) {
  // null: no upload form; { replacing: undefined }: a new dataset; { replacing }: new rows for that one.
  const [upload, setUpload] = useState<{ replacing?: Dataset } | null>(null)
  return (
    <Group gap="sm">
      <Button variant="default" size="xs" leftSection={<Upload size={14} aria-hidden="true" />} onClick={() => setUpload({})}>
        Upload a dataset…
      </Button>
      {dataset?.kind === 'upload' && dataset.canManage ? (
        <Button
          variant="default"
          size="xs"
          leftSection={<FileUp size={14} aria-hidden="true" />}
          onClick={() => setUpload({ replacing: dataset })}
        >
          Replace with a new file…
        </Button>
      ) : null}
      {upload ? <UploadDatasetModal replacing={upload.replacing} onClose={() => setUpload(null)} onSaved={onUploaded} /> : null}
    </Group>
  )
}

/** Data: which dataset the report reads, and whether its rows are records or summaries. */
export function DataTab({
  definition,
  dataset,
  onChange,
  datasets,
  datasetError,
}: EditorProps & { datasets: readonly Dataset[]; datasetError?: string | null | undefined }) {
  const mayUpload = useMayUploadDatasets()
  const uploadButtons = mayUpload ? (
    <UploadButtons dataset={dataset} onUploaded={(next) => onChange(withDataset(definition, next))} />
  ) : null
  if (datasets.length === 0) {
    return (
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<Info size={18} aria-hidden="true" />}>
          You may not read any dataset yet, so there is nothing to report on. {mayUpload ? 'Upload a file to report on it, or ask' : 'Ask'}{' '}
          an administrator for access to the data you need.
        </Alert>
        {uploadButtons}
      </Stack>
    )
  }
  const options = withCurrent(
    datasets.map((item) => ({ value: item.id, label: item.kind === 'upload' ? `${item.label} (uploaded)` : item.label })),
    definition.dataset,
    (id) => `${id} (you may not read it)`,
  )
  return (
    <Stack gap="md">
      <NativeSelect
        label="Dataset"
        description="Changing the dataset clears the filters, columns, groups and calculations, which name its fields."
        required
        value={definition.dataset}
        data={[{ value: '', label: 'Choose a dataset…', disabled: true }, ...options]}
        // Shown until a dataset is chosen: choosing one answers it.
        error={definition.dataset ? undefined : datasetError}
        onChange={(event) => {
          const next = datasets.find((item) => item.id === event.currentTarget.value)
          if (next) onChange(withDataset(definition, next))
        }}
      />
      {definition.dataset && !dataset ? (
        <Alert color="yellow" variant="light" icon={<Info size={18} aria-hidden="true" />}>
          This report reads the dataset &apos;{definition.dataset}&apos;, which you may not read. Choose another dataset to edit it.
        </Alert>
      ) : null}
      {uploadButtons}
      {dataset ? <Text size="sm">{dataset.description}</Text> : null}

      <Radio.Group
        label="Rows"
        value={definition.rows.mode}
        onChange={(mode) => onChange({ ...definition, rows: { mode: mode === 'summary' ? 'summary' : 'detail' } })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="detail" label="Detail: one row per record; groups add a header and a subtotal" />
          <Radio value="summary" label="Summary: one row per group; columns without an aggregate group the rows further" />
        </Stack>
      </Radio.Group>

      {dataset ? (
        <ScrollTable minWidth={480} label={`Fields of ${dataset.label}`}>
          <Table aria-label={`Fields of ${dataset.label}`} verticalSpacing={4} withTableBorder>
            <TableHeader columns={['Field', 'Name in formulas', 'Type', 'Aggregates']} />
            <Table.Tbody>
              {dataset.fields.map((field) => (
                <Table.Tr key={field.name}>
                  <Table.Td>{field.label}</Table.Td>
                  <Table.Td>
                    <Text component="code" size="sm" ff="monospace">
                      {field.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{FIELD_TYPE_NAMES[field.type]}</Table.Td>
                  <Table.Td>{field.aggregates.map((agg) => labelOf(reportsLabels.aggregate, agg)).join(', ') || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : null}
    </Stack>
  )
}
