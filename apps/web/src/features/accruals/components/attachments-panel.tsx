import { Button, FileButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { Attachment } from '@platform/contracts/finance'
import { Paperclip } from 'lucide-react'
import { errorMessage } from '@/lib/api-client'
import { downloadAccrualFile, useUploadAccrualAttachment } from '../api/accruals'

/** The request's files (invoices, packing slips, grant awards) with their SHA-256; adding only for those who may. */
export function AttachmentsPanel({ accrualId, attachments, canAdd }: { accrualId: number; attachments: Attachment[]; canAdd: boolean }) {
  const upload = useUploadAccrualAttachment()
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Attachments
          </Title>
          {canAdd ? (
            <FileButton
              onChange={(file) => {
                if (!file) return
                void upload
                  .mutateAsync({ id: accrualId, file })
                  .then(() => notifications.show({ color: 'teal', message: `${file.name} was attached.` }))
                  .catch((error: unknown) =>
                    notifications.show({ color: 'red', message: errorMessage(error, 'The file could not be attached.') }),
                  )
              }}
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
        {attachments.length === 0 ? (
          <Text c="dimmed" size="sm">
            No files.
          </Text>
        ) : null}
        <List size="sm" spacing={4}>
          {attachments.map((file) => (
            <List.Item key={file.id}>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() =>
                  void downloadAccrualFile(`/api/finance/attachments/${file.id}/download`, file.fileName).catch((error: unknown) =>
                    notifications.show({ color: 'red', message: errorMessage(error, 'The file could not be downloaded.') }),
                  )
                }
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
