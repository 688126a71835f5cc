import { Button, FileButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Paperclip } from 'lucide-react'
import { errorMessage } from '@/lib/api-client'
import { downloadFile, useAttachments, useUploadAttachment } from '../api/receipts'

/** A record's files (check images, bank slips), with their SHA-256; adding is offered only to those who may. */
export function AttachmentsPanel({ recordType, id, canAdd }: { recordType: 'receipt' | 'deposit'; id: number; canAdd: boolean }) {
  const files = useAttachments(recordType, id)
  const upload = useUploadAttachment(recordType, id)
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Attachments
          </Title>
          {canAdd ? (
            <FileButton
              onChange={(file) =>
                file &&
                upload.mutate(file, {
                  onSuccess: () => notifications.show({ color: 'teal', message: `${file.name} was attached.` }),
                  onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, 'The file could not be attached.') }),
                })
              }
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<Paperclip size={14} aria-hidden="true" />}
                  loading={upload.isPending}
                >
                  Attach a file
                </Button>
              )}
            </FileButton>
          ) : null}
        </Group>
        {files.data && files.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No files.
          </Text>
        ) : null}
        <List size="sm" spacing={4}>
          {(files.data ?? []).map((file) => (
            <List.Item key={file.id}>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => void downloadFile(`/api/finance/attachments/${file.id}/download`, file.fileName)}
              >
                {file.fileName}
              </Button>
              <Text span size="xs" c="dimmed" ff="monospace">
                SHA-256 {file.sha256.slice(0, 16)}…
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  )
}
