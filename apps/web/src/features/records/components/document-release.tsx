import { Badge, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { RecordDocument, RequestDetail } from '@platform/contracts/records'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { FailureAlert } from '@/components/failure-alert'
import { errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { useReleaseDocument } from '../api/records-requester'

/** A document on its way to being released (true) or withdrawn (false). */
export interface Releasing {
  document: RecordDocument
  released: boolean
}

/** Whether the requester may download the document: Released with when and by whom, or Not released. */
export function ReleaseMark({ document }: { document: RecordDocument }) {
  if (document.releasedAt === null)
    return (
      <Text span c="dimmed" size="sm">
        Not released
      </Text>
    )
  return (
    <Stack gap={2} align="flex-start">
      <Badge color="teal.9" variant="filled" tt="none">
        Released
      </Badge>
      <Text size="xs" c="dimmed">
        {formatDateTime(document.releasedAt)}
        {document.releasedByName ? `, by ${document.releasedByName}` : ''}
      </Text>
    </Stack>
  )
}

/**
 * Both ways ask first: a release puts the file in the requester's hands at once (only the redacted file should go),
 * a withdrawal takes it off their tracking page. A refusal stays in the dialog in the server's words.
 */
export function ReleaseStep({ request, releasing, onClose }: { request: RequestDetail; releasing: Releasing | null; onClose: () => void }) {
  const release = useReleaseDocument()
  const [refusal, setRefusal] = useState<string | null>(null)
  const close = () => {
    setRefusal(null)
    onClose()
  }
  const name = releasing?.document.fileName ?? ''
  const question = releasing?.released
    ? `Release ${name} to the requester of ${request.number}? They can download it from their tracking page at once, and the public archive lists it once the request is closed (when the archive is on). Release only the file as redacted.`
    : `Withdraw ${name} from release? The requester can no longer download it from their tracking page; a copy already downloaded stays with them.`
  return (
    <ConfirmDialog
      opened={releasing !== null}
      title={releasing?.released ? 'Release to the requester' : 'Withdraw from release'}
      message={
        <Stack gap="sm">
          <Text>{question}</Text>
          {refusal ? <FailureAlert title="Refused" message={refusal} /> : null}
        </Stack>
      }
      confirmLabel={releasing?.released ? 'Release' : 'Withdraw'}
      danger={releasing?.released === false}
      loading={release.isPending}
      onCancel={close}
      onConfirm={() => {
        if (!releasing) return
        setRefusal(null)
        release
          .mutateAsync({ id: request.id, documentId: releasing.document.id, released: releasing.released })
          .then(() => {
            notifications.show({
              color: 'teal',
              message: releasing.released ? `${name} was released to the requester.` : `${name} was withdrawn from release.`,
            })
            close()
          })
          .catch((error: unknown) => setRefusal(errorMessage(error, 'The document was not changed. Try again in a moment.')))
      }}
    />
  )
}
