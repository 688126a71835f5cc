import { Button, FileButton, List, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { ExemptionMarkInputSchema, type RecordDocument, type RequestDetail } from '@platform/contracts/records'
import { Paperclip } from 'lucide-react'
import { useState } from 'react'
import { ScrollTable } from '@/components/data/scroll-table'
import { errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { downloadRecordsFile, useExemptions, useMarkExemption, useUploadDocument } from '../api/records'
import { Section, StepModal, useContractForm } from './request-parts'
import { TableHeader } from '@/components/data/table-header'

const pages = (from: number, to: number) => (from === to ? `page ${from}` : `pages ${from}–${to}`)

/** The records found: each file with its pages and the exemptions marked on them (page range and citation). */
export function DocumentsSection({ request }: { request: RequestDetail }) {
  const upload = useUploadDocument()
  const [marking, setMarking] = useState<RecordDocument | null>(null)
  const onFile = (file: File | null) => {
    if (!file) return
    upload
      .mutateAsync({ id: request.id, file })
      .then(() => notifications.show({ color: 'teal', message: `${file.name} was added to the records.` }))
      .catch((error: unknown) =>
        notifications.show({ color: 'red', title: 'The file was not added', message: errorMessage(error, 'Try again in a moment.') }),
      )
  }
  return (
    <Section
      title="Documents"
      actions={
        request.actions.upload ? (
          <FileButton onChange={onFile}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<Paperclip size={14} aria-hidden="true" />}
                loading={upload.isPending}
              >
                Upload a record
              </Button>
            )}
          </FileButton>
        ) : null
      }
    >
      {request.documents.length === 0 ? (
        <Text c="dimmed" size="sm">
          No records uploaded yet.
        </Text>
      ) : (
        <ScrollTable minWidth={760} label="Documents" cardsOnPhone>
          <Table>
            <Table.Caption>Documents</Table.Caption>
            <TableHeader columns={['File', 'Pages', 'Exemptions', 'Uploaded', 'Actions']} />
            <Table.Tbody>
              {request.documents.map((document) => (
                <Table.Tr key={document.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() =>
                        void downloadRecordsFile(`/api/finance/attachments/${document.attachmentId}/download`, document.fileName)
                      }
                      aria-label={`Download ${document.fileName}`}
                    >
                      {document.fileName}
                    </Button>
                    <Text size="xs" c="dimmed" ff="monospace">
                      SHA-256 {document.sha256.slice(0, 16)}…
                    </Text>
                  </Table.Td>
                  <Table.Td>{document.pageCount}</Table.Td>
                  <Table.Td>
                    {document.exemptions.length === 0 ? (
                      <Text span c="dimmed" size="sm">
                        None
                      </Text>
                    ) : (
                      <List size="sm" spacing={2}>
                        {document.exemptions.map((exemption) => (
                          <List.Item key={exemption.id}>
                            {pages(exemption.fromPage, exemption.toPage)}: {exemption.citation} ({exemption.title})
                            {exemption.note ? ` · ${exemption.note}` : ''}
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {formatDateTime(document.uploadedAt)}, by {document.uploadedByName}
                  </Table.Td>
                  <Table.Td>
                    {request.actions.markExemption ? (
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => setMarking(document)}
                        aria-label={`Mark an exemption on ${document.fileName}`}
                      >
                        Mark exemption
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {marking ? <MarkExemptionStep request={request} document={marking} onClose={() => setMarking(null)} /> : null}
    </Section>
  )
}

/** The pages and exemption as typed: page numbers may be empty while typing, the exemption a chosen id. */
type MarkValues = { fromPage: number | string; toPage: number | string; exemptionId: string | null; note: string }

function MarkExemptionStep({ request, document, onClose }: { request: RequestDetail; document: RecordDocument; onClose: () => void }) {
  const mark = useMarkExemption()
  const library = useExemptions()
  const markOf = (values: MarkValues) => ({
    fromPage: typeof values.fromPage === 'number' ? values.fromPage : undefined,
    toPage: typeof values.toPage === 'number' ? values.toPage : undefined,
    exemptionId: values.exemptionId === null ? undefined : Number(values.exemptionId),
    note: values.note.trim() || null,
  })
  const { form, check: checkFields } = useContractForm(
    ExemptionMarkInputSchema,
    { fromPage: 1, toPage: document.pageCount, exemptionId: null, note: '' } as MarkValues,
    markOf,
  )
  const { toPage } = form.getValues()
  const input = markOf(form.getValues())
  const check = () => {
    const found = checkFields()
    if (Object.keys(found).length > 0) return found
    // The contract cannot know this document's length (the server checks it too): the form compares with the page count shown.
    if (typeof toPage === 'number' && toPage > document.pageCount) return `The document has pages 1 to ${document.pageCount}.`
    return null
  }
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Mark an exemption on ${document.fileName}`}
      submitLabel="Mark exemption"
      check={check}
      run={() => mark.mutateAsync({ id: request.id, documentId: document.id, input: ExemptionMarkInputSchema.parse(input) })}
      onDone={() => {
        notifications.show({ color: 'teal', message: 'The exemption was marked.' })
        onClose()
      }}
    >
      <Text size="sm" c="dimmed">
        The document has {document.pageCount} {document.pageCount === 1 ? 'page' : 'pages'}.
      </Text>
      <Stack gap="xs">
        <NumberInput
          label="First page"
          min={1}
          max={document.pageCount}
          clampBehavior="none"
          allowDecimal={false}
          {...form.getInputProps('fromPage')}
          required
          w={160}
          data-autofocus
        />
        <NumberInput
          label="Last page"
          min={1}
          max={document.pageCount}
          clampBehavior="none"
          allowDecimal={false}
          {...form.getInputProps('toPage')}
          required
          w={160}
        />
      </Stack>
      <Select
        label="Exemption"
        placeholder="From the exemption library"
        data={(library.data ?? [])
          .filter((exemption) => exemption.active)
          .map((exemption) => ({ value: String(exemption.id), label: `${exemption.citation} · ${exemption.title}` }))}
        {...form.getInputProps('exemptionId')}
        searchable
        required
      />
      <TextInput label="Note (optional)" {...form.getInputProps('note')} />
    </StepModal>
  )
}
