import { Button, Group, List, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { ExemptionMarkInputSchema, type RecordDocument, type RequestDetail } from '@platform/contracts/records'
import { useState } from 'react'
import { AttachmentsPanel, attachmentDownloadUrl } from '@/components/attachments-panel'
import { useExemptions, useMarkExemption, useUploadDocument } from '../api/records'
import { ReleaseMark, ReleaseStep, type Releasing } from './document-release'
import { StepModal, useContractForm } from './request-parts'

const pages = (from: number, to: number) => (from === to ? `page ${from}` : `pages ${from}–${to}`)

/** The records found: each file with its pages and the exemptions marked on them (page range and citation). */
export function DocumentsSection({ request }: { request: RequestDetail }) {
  const upload = useUploadDocument()
  const [marking, setMarking] = useState<RecordDocument | null>(null)
  const [releasing, setReleasing] = useState<Releasing | null>(null)
  const { markExemption, release } = request.actions
  return (
    <AttachmentsPanel
      title="Documents"
      headingOrder={3}
      files={request.documents}
      // A record is uploaded through its request, which counts the PDF's pages, keeps the audit trail and refuses a closed request.
      upload={(file) => upload.mutateAsync({ id: request.id, file })}
      canAdd={request.actions.upload}
      addLabel="Upload a record"
      addedText={(fileName) => `${fileName} was added to the records.`}
      emptyText="No records uploaded yet."
      // Those who release documents learn why none can go yet (before a disclosing determination), in the server's words.
      description={request.stepReasons.release ? `Not released to the requester yet: ${request.stepReasons.release}` : undefined}
      downloadUrl={(document) => attachmentDownloadUrl(document.attachmentId)}
      columns={[
        { header: 'Pages', cell: (document) => document.pageCount },
        { header: { label: 'Exemptions', miw: 220 }, cell: (document) => <ExemptionMarks document={document} /> },
        { header: { label: 'To the requester', miw: 170 }, cell: (document) => <ReleaseMark document={document} /> },
      ]}
      actions={
        markExemption || release
          ? (document) => (
              <Group gap="xs">
                {markExemption ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => setMarking(document)}
                    aria-label={`Mark an exemption on ${document.fileName}`}
                  >
                    Mark exemption
                  </Button>
                ) : null}
                {release ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => setReleasing({ document, released: document.releasedAt === null })}
                    aria-label={`${document.releasedAt === null ? 'Release' : 'Withdraw'} ${document.fileName}`}
                  >
                    {document.releasedAt === null ? 'Release' : 'Withdraw'}
                  </Button>
                ) : null}
              </Group>
            )
          : undefined
      }
    >
      {marking ? <MarkExemptionStep request={request} document={marking} onClose={() => setMarking(null)} /> : null}
      <ReleaseStep request={request} releasing={releasing} onClose={() => setReleasing(null)} />
    </AttachmentsPanel>
  )
}

/** The exemptions marked on a document: each page range with its citation, or None. */
function ExemptionMarks({ document }: { document: RecordDocument }) {
  if (document.exemptions.length === 0)
    return (
      <Text span c="dimmed" size="sm">
        None
      </Text>
    )
  return (
    <List size="sm" spacing={2}>
      {document.exemptions.map((exemption) => (
        <List.Item key={exemption.id}>
          {pages(exemption.fromPage, exemption.toPage)}: {exemption.citation} ({exemption.title})
          {exemption.note ? ` · ${exemption.note}` : ''}
        </List.Item>
      ))}
    </List>
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
