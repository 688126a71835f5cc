import { Button, FileButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { AttachmentListResponseSchema, AttachmentResponseSchema, type Attachment } from '@platform/contracts/finance'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Paperclip } from 'lucide-react'
import type { ReactNode } from 'react'
import { api, errorMessage, requestFile } from '@/lib/api-client'
import { saveBlob } from '@/lib/download'
import { formatDateTime } from '@/lib/format'
import { FailureAlert } from './failure-alert'

/** Where a fiscal record's files live: `/api/finance/attachments/{appCode}/{recordType}/{recordId}`. */
export const attachmentsUrl = (appCode: string, recordType: string, recordId: number | string) =>
  `/api/finance/attachments/${appCode}/${recordType}/${recordId}`

/** The query key of a record's files, for a screen that must read them again after a change of its own. */
export const attachmentsKey = (recordUrl: string) => ['attachments', recordUrl] as const

export interface AttachmentsPanelProps {
  /** The record's attachments address (`attachmentsUrl(appCode, recordType, recordId)`): files are read from and added to it. */
  recordUrl: string
  /** Whether the person may add a file to the record (the server checks again). */
  canAdd: boolean
  /** The files when the record's own answer already lists them; without them the panel reads `recordUrl`. */
  files?: readonly Attachment[]
  /** After a file is added: e.g. read the record again when it carries its files. */
  onAdded?: (file: Attachment) => void
  /** The panel's heading ('Attachments'), and its level in the page's outline. */
  title?: string
  headingOrder?: 2 | 3
  /** The add button's words ('Attach a file'). */
  addLabel?: string
  /** What an empty list says ('No files.'). */
  emptyText?: string
  /** What the files are, under the heading ('Check images, bank slips'). */
  description?: ReactNode
}

/**
 * A fiscal record's files over the one attachments API: each with who added it and when, its SHA-256, a download, and
 * adding a file for those who may. Payment Receipts, Accruals and Public Information show their records' files with it.
 */
export function AttachmentsPanel({
  recordUrl,
  canAdd,
  files,
  onAdded,
  title = 'Attachments',
  headingOrder = 2,
  addLabel = 'Attach a file',
  emptyText = 'No files.',
  description,
}: AttachmentsPanelProps) {
  const client = useQueryClient()
  const listed = useQuery({
    queryKey: attachmentsKey(recordUrl),
    queryFn: ({ signal }) => api.get(recordUrl, AttachmentListResponseSchema, { signal }),
    select: (answer) => answer.data,
    enabled: files === undefined,
  })
  const upload = useMutation({
    mutationFn: (file: File) =>
      api.post(recordUrl, AttachmentResponseSchema, undefined, {
        rawBody: file,
        contentType: 'application/octet-stream',
        query: { fileName: file.name },
      }),
    onSuccess: async (answer) => {
      notifications.show({ color: 'teal', message: `${answer.data.fileName} was attached.` })
      await client.invalidateQueries({ queryKey: attachmentsKey(recordUrl) })
      onAdded?.(answer.data)
    },
  })
  const download = (file: Attachment) =>
    requestFile(`/api/finance/attachments/${file.id}/download`)
      .then((answer) => saveBlob(answer.blob, answer.filename ?? file.fileName))
      .catch((error: unknown) =>
        notifications.show({ color: 'red', title: `${file.fileName} was not downloaded`, message: errorMessage(error) }),
      )
  const shown = files ?? listed.data
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={headingOrder} size="h4">
            {title}
          </Title>
          {canAdd ? (
            <FileButton onChange={(file) => file && upload.mutate(file)}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<Paperclip size={14} aria-hidden="true" />}
                  loading={upload.isPending}
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
        {upload.isError ? <FailureAlert title="The file was not attached" error={upload.error} /> : null}
        {shown && shown.length === 0 ? (
          <Text c="dimmed" size="sm">
            {emptyText}
          </Text>
        ) : null}
        <List size="sm" spacing={6} listStyleType="none" pl={0}>
          {(shown ?? []).map((file) => (
            <List.Item key={file.id}>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => void download(file)}
                style={{ whiteSpace: 'normal', height: 'auto' }}
              >
                <span style={{ overflowWrap: 'anywhere' }}>{file.fileName}</span>
              </Button>
              <Text size="xs" c="dimmed">
                Added by {file.uploadedByName}, {formatDateTime(file.uploadedAt)} ·{' '}
                <Text span ff="monospace" title={file.sha256}>
                  SHA-256 {file.sha256.slice(0, 16)}…
                </Text>
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  )
}
