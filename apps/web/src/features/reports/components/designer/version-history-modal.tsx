import { Badge, Button, Modal, Table, Text } from '@mantine/core'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { formatDateTime } from '@/lib/format'
import { useReportVersions, useRestoreVersion } from '../../api/reports'
import { reasonOf } from '../../utils/messages'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'

export interface VersionHistoryModalProps {
  reportId: number
  opened: boolean
  /** Whether the designer holds changes that a restore would replace. */
  unsaved: boolean
  onClose: () => void
  /** After a restore: the designer reloads the report. */
  onRestored: () => void
}

/** Every saved version of the report, newest first; an earlier one can be brought back as the newest. */
export function VersionHistoryModal({ reportId, opened, unsaved, onClose, onRestored }: VersionHistoryModalProps) {
  const versions = useReportVersions(reportId, opened)
  const restore = useRestoreVersion()
  const [asked, setAsked] = useState<number | null>(null)

  const onConfirm = () => {
    if (asked === null) return
    restore.mutate(
      { reportId, version: asked },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'teal', message: result.message })
          onRestored()
          onClose()
        },
        onError: (error) =>
          notifications.show({ color: 'red', message: `Failed to restore version: ${reasonOf(error)}`, autoClose: false }),
        onSettled: () => setAsked(null),
      },
    )
  }

  return (
    <>
      <Modal opened={opened} onClose={onClose} title="Version history" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
        {versions.isError ? (
          <FailureAlert title="The history could not be loaded" error={versions.error} />
        ) : versions.isPending ? (
          <LoadingState label="Loading the history" query={versions} size="sm" py="lg" />
        ) : (
          <ScrollTable minWidth={560} label="Versions" cardsOnPhone>
            <Table aria-label="Versions" verticalSpacing="xs">
              <TableHeader columns={['Version', 'Saved', 'By', 'Name', { label: 'Action', visuallyHidden: true }]} />
              <Table.Tbody>
                {versions.data.map((version) => (
                  <Table.Tr key={version.version}>
                    <Table.Td>{version.version}</Table.Td>
                    <Table.Td>{formatDateTime(version.savedAt)}</Table.Td>
                    <Table.Td>{version.savedBy ?? '—'}</Table.Td>
                    <Table.Td>{version.name}</Table.Td>
                    <Table.Td ta="right">
                      {version.current ? (
                        <Badge variant="light" color="teal.9">
                          Current
                        </Badge>
                      ) : (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Restore version ${version.version}`}
                          onClick={() => setAsked(version.version)}
                        >
                          Restore
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        <Text size="xs" c="dimmed" mt="sm">
          Every save keeps the definition it replaced; restoring one adds it as the newest version.
        </Text>
      </Modal>
      <ConfirmDialog
        opened={asked !== null}
        title="Restore version"
        message={`Restore version ${asked ?? ''}? It becomes the newest version; the current one stays in the history.${unsaved ? ' Your unsaved changes in the designer are replaced.' : ''}`}
        confirmLabel="Restore"
        loading={restore.isPending}
        onConfirm={onConfirm}
        onCancel={() => setAsked(null)}
      />
    </>
  )
}
