import { Button, FileButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { AttachmentListResponseSchema, AttachmentResponseSchema, type Attachment } from '@platform/contracts/finance'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Paperclip } from 'lucide-react'
import type { ReactNode } from 'react'
import { api, errorMessage, requestFile } from '@/lib/api-client'
import { saveBlob } from '@/lib/download'
import { formatDateTime } from '@/lib/format'
import { ScrollTable } from './data/scroll-table'
import { TableHeader, type HeaderColumn } from './data/table-header'
import { FailureAlert } from './failure-alert'

/** Where a fiscal record's files live: `/api/finance/attachments/{appCode}/{recordType}/{recordId}`. */
export const attachmentsUrl = (appCode: string, recordType: string, recordId: number | string) =>
  `/api/finance/attachments/${appCode}/${recordType}/${recordId}`

/** Where one stored file is downloaded from, whichever application's record holds it. */
export const attachmentDownloadUrl = (attachmentId: number) => `/api/finance/attachments/${attachmentId}/download`

/** The query key of a record's files, for a screen that must read them again after a change of its own. */
export const attachmentsKey = (recordUrl: string) => ['attachments', recordUrl] as const

/** What the panel shows of every file, whatever else an application keeps about it. */
export interface PanelFile {
  id: number
  fileName: string
  sha256: string
  uploadedByName: string
  uploadedAt: string
}

/** A column an application adds to each file's row: its heading and what each file shows in it. */
export interface PanelColumn<F> {
  header: HeaderColumn
  cell: (file: F) => ReactNode
}

/**
 * Where the files come from and go to. A fiscal record's files are read from and added to its attachments address;
 * an application whose uploads do more (count pages, refuse a closed record) lists the files itself and adds them with
 * its own `upload`.
 */
type FileSource<F extends PanelFile> =
  | {
      /** The record's attachments address (`attachmentsUrl(appCode, recordType, recordId)`). */
      recordUrl: string
      /** The files when the record's own answer already lists them; without them the panel reads `recordUrl`. */
      files?: readonly F[]
      /** How a chosen file is added; by default it is posted to `recordUrl`. */
      upload?: (file: File) => Promise<unknown>
    }
  | { recordUrl?: undefined; files: readonly F[]; upload: (file: File) => Promise<unknown> }

export type AttachmentsPanelProps<F extends PanelFile> = FileSource<F> & {
  /** Whether the person may add a file to the record (the server checks again). */
  canAdd: boolean
  /** After a file is added: e.g. read the record again when it carries its files. */
  onAdded?: () => void
  /** Where a file is downloaded from; by default the attachments API's download of the file's id. */
  downloadUrl?: (file: F) => string
  /** Columns an application adds after the file's name (a records document's pages and exemptions). */
  columns?: readonly PanelColumn<F>[]
  /** The buttons of a file's row (mark an exemption); given, the table gets an Actions column. */
  actions?: (file: F) => ReactNode
  /** The panel's heading ('Attachments'), which also names the table of files, and its level in the page's outline. */
  title?: string
  headingOrder?: 2 | 3
  /** The add button's words ('Attach a file'). */
  addLabel?: string
  /** What the person is told when a file was added ('acme.pdf was attached.'). */
  addedText?: (fileName: string) => string
  /** What an empty list says ('No files.'). */
  emptyText?: string
  /** What the files are, under the heading ('Check images, bank slips'). */
  description?: ReactNode
  /** Shown under the list: a step opened from a row's action. */
  children?: ReactNode
}

/**
 * A record's files: each with who added it and when, its SHA-256 and a download, plus any columns and buttons its
 * application adds, and adding a file for those who may. Payment Receipts, Accruals and Public Information show their
 * records' files with it.
 */
export function AttachmentsPanel<F extends PanelFile = Attachment>({
  recordUrl,
  files,
  upload,
  canAdd,
  onAdded,
  downloadUrl = (file) => attachmentDownloadUrl(file.id),
  columns = [],
  actions,
  title = 'Attachments',
  headingOrder = 2,
  addLabel = 'Attach a file',
  addedText = (fileName) => `${fileName} was attached.`,
  emptyText = 'No files.',
  description,
  children,
}: AttachmentsPanelProps<F>) {
  const client = useQueryClient()
  const listed = useQuery({
    queryKey: attachmentsKey(recordUrl ?? ''),
    queryFn: ({ signal }) => api.get(recordUrl!, AttachmentListResponseSchema, { signal }),
    select: (answer) => answer.data,
    enabled: files === undefined && recordUrl !== undefined,
  })
  const add = useMutation({
    mutationFn: (file: File) =>
      upload
        ? upload(file)
        : api.post(recordUrl!, AttachmentResponseSchema, undefined, {
            rawBody: file,
            contentType: 'application/octet-stream',
            query: { fileName: file.name },
          }),
    onSuccess: async (_answer, file) => {
      notifications.show({ color: 'teal', message: addedText(file.name) })
      if (recordUrl !== undefined) await client.invalidateQueries({ queryKey: attachmentsKey(recordUrl) })
      onAdded?.()
    },
  })
  const download = (file: F) =>
    requestFile(downloadUrl(file))
      .then((answer) => saveBlob(answer.blob, answer.filename ?? file.fileName))
      .catch((error: unknown) =>
        notifications.show({ color: 'red', title: `${file.fileName} was not downloaded`, message: errorMessage(error) }),
      )
  // Read from the attachments address only when no files were given: a fiscal record's files are Attachments.
  const shown = files ?? (listed.data as readonly F[] | undefined)
  const header: (HeaderColumn | false)[] = [
    'File',
    ...columns.map((column) => column.header),
    { label: 'Added', miw: 160 },
    actions ? { label: 'Actions', visuallyHidden: true } : false,
  ]
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={headingOrder} size="h4">
            {title}
          </Title>
          {canAdd ? (
            <FileButton onChange={(file) => file && add.mutate(file)}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<Paperclip size={14} aria-hidden="true" />}
                  loading={add.isPending}
                >
                  {addLabel}
                </Button>
              )}
            </FileButton>
          ) : null}
        </Group>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {listed.isError ? <FailureAlert title="The files could not be loaded" error={listed.error} /> : null}
        {add.isError ? <FailureAlert title="The file was not added" error={add.error} /> : null}
        {shown && shown.length === 0 ? (
          <Text c="dimmed" size="sm">
            {emptyText}
          </Text>
        ) : null}
        {shown && shown.length > 0 ? (
          <ScrollTable minWidth={420 + columns.length * 120 + (actions ? 140 : 0)} label={title} cardsOnPhone>
            <Table verticalSpacing={6}>
              <Table.Caption className="visually-hidden">{title}</Table.Caption>
              <TableHeader columns={header} />
              <Table.Tbody>
                {shown.map((file) => (
                  <Table.Tr key={file.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => void download(file)}
                        aria-label={`Download ${file.fileName}`}
                        style={{ whiteSpace: 'normal', height: 'auto' }}
                      >
                        <span style={{ overflowWrap: 'anywhere' }}>{file.fileName}</span>
                      </Button>
                      <Text size="xs" c="dimmed" ff="monospace" title={file.sha256}>
                        SHA-256 {file.sha256.slice(0, 16)}…
                      </Text>
                    </Table.Td>
                    {columns.map((column, index) => (
                      <Table.Td key={index}>{column.cell(file)}</Table.Td>
                    ))}
                    <Table.Td>
                      {formatDateTime(file.uploadedAt)}, by {file.uploadedByName}
                    </Table.Td>
                    {actions ? <Table.Td>{actions(file)}</Table.Td> : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ) : null}
        {children}
      </Stack>
    </Paper>
  )
}
