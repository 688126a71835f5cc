import { Group, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { Application } from '@platform/contracts/applications'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { errorMessage } from '@/lib/api-client'
import { formatCount } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useAdminApplications, useDeleteApplication, useUpdateApplication } from '../api/applications'
import {
  checkApplicationUpdate,
  DELETE_APPLICATION_CONFIRMATION,
  draftFromApplication,
  type ApplicationDraft,
  type ApplicationDraftErrors,
} from '../utils/application-form'
import { AddApplicationForm } from './add-application-form'
import { ApplicationTable } from './application-table'
import { NavigationHelp } from './navigation-help'

type Editing = { appId: number; draft: ApplicationDraft; errors: ApplicationDraftErrors }

/** Application Management: add form, list with inline edit and delete, and how navigation works. */
export function ApplicationManagement() {
  useDocumentTitle('Application Management')
  const applications = useAdminApplications()
  const update = useUpdateApplication()
  const remove = useDeleteApplication()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<Application | null>(null)
  const [lastDeleting, setLastDeleting] = useState<Application | null>(null)

  const onDraftChange = <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => {
    setEditing((current) =>
      current ? { ...current, draft: { ...current.draft, [key]: value }, errors: { ...current.errors, [key]: undefined } } : current,
    )
  }

  const onSave = () => {
    if (!editing) return
    const checked = checkApplicationUpdate(editing.draft)
    if (!checked.ok) {
      setEditing({ ...editing, errors: checked.errors })
      return
    }
    update.mutate(
      { appId: editing.appId, body: checked.body },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'teal', message: result.message })
          setEditing(null)
        },
        onError: (error) => {
          console.error('Failed to update application', error)
          notifications.show({
            color: 'red',
            title: 'Failed to update application',
            message: errorMessage(error, 'The server could not save the application.'),
            autoClose: false,
          })
        },
      },
    )
  }

  const onConfirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.app_id, {
      onSuccess: (result) => notifications.show({ color: 'teal', message: result.message }),
      onError: (error) => {
        console.error('Failed to delete application', error)
        notifications.show({
          color: 'red',
          title: 'Failed to delete application',
          message: errorMessage(error, 'The server could not delete the application.'),
          autoClose: false,
        })
      },
      onSettled: () => setDeleting(null),
    })
  }

  const shownDeleting = deleting ?? lastDeleting
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>Application Management</Title>
        <Text c="dimmed">Add, edit and remove the applications in the menu, and set their order, icon and colour.</Text>
      </Stack>

      <NavigationHelp />
      <AddApplicationForm />

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="application-list-title">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4" id="application-list-title">
              Applications
            </Title>
            {applications.data ? (
              <Text size="sm" c="dimmed">
                {formatCount(applications.data.length)} in all
              </Text>
            ) : null}
          </Group>
          {applications.isError ? (
            <FailureAlert
              title="Failed to load data"
              error={applications.error}
              fallback="The applications could not be loaded."
              onRetry={() => void applications.refetch()}
              retrying={applications.isFetching}
            />
          ) : applications.isPending ? (
            <LoadingState label="Loading applications" query={applications} />
          ) : applications.data.length === 0 ? (
            <Text c="dimmed">No applications yet.</Text>
          ) : (
            <ApplicationTable
              applications={applications.data}
              editing={editing}
              saving={update.isPending}
              onEdit={(app) => setEditing({ appId: app.app_id, draft: draftFromApplication(app), errors: {} })}
              onDraftChange={onDraftChange}
              onSave={onSave}
              onCancel={() => setEditing(null)}
              onDelete={(app) => {
                setDeleting(app)
                setLastDeleting(app)
              }}
            />
          )}
        </Stack>
      </Paper>

      <ConfirmDialog
        opened={deleting !== null}
        title={shownDeleting ? `Delete ${shownDeleting.app_name}` : 'Delete application'}
        message={
          <Stack gap="xs">
            <Text>{DELETE_APPLICATION_CONFIRMATION}</Text>
            {shownDeleting && shownDeleting.user_count > 0 ? (
              <Text size="sm" c="dimmed">
                {formatCount(shownDeleting.user_count)} {shownDeleting.user_count === 1 ? 'person holds' : 'people hold'} a grant to it.
                Making it inactive instead keeps their grants.
              </Text>
            ) : null}
          </Stack>
        }
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={onConfirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  )
}
