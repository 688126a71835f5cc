import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { isAdminRole } from '@platform/contracts/auth'
import type { MetaApplication, Organization, Role, User } from '@platform/contracts/users'
import { Info } from 'lucide-react'
import { useState } from 'react'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useDutySites, useMetaApplications, useOrganizations, useRoles, useSaveUser, useUserDetails } from '../api/users'
import { DutiesFields } from './duties-fields'
import {
  emptyUserForm,
  fieldOfServerError,
  grantableApplications,
  toUserInput,
  userFormFromDetails,
  validateUserForm,
  type UserFormValues,
} from '../utils/user-form'
import { notifyUserSuccess, savedUserTitle, USER_MESSAGES } from '../utils/user-messages'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'

/** Reactivate opens the edit form with Active already switched on: one look at the user, then Save. */
export type UserEditor = { mode: 'create' } | { mode: 'edit'; user: User; reactivate?: boolean }

export interface UserFormModalProps {
  opened: boolean
  editor: UserEditor | null
  /** The signed-in person (their own role and grants cannot be changed, and an ADMIN cannot make a SUPER_ADMIN). */
  me: { id: number; roleCode: string }
  onClose: () => void
}

/** The 'Add New User' / 'Edit User' modal. */
export function UserFormModal({ opened, editor, me, onClose }: UserFormModalProps) {
  const title = editor?.mode === 'edit' ? 'Edit User' : 'Add New User'
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {editor?.mode === 'edit' ? (
        <EditUserLoader key={editor.user.user_id} user={editor.user} reactivate={editor.reactivate ?? false} me={me} onDone={onClose} />
      ) : editor ? (
        <UserForm mode="create" initial={emptyUserForm()} me={me} onDone={onClose} />
      ) : null}
    </Modal>
  )
}

function EditUserLoader({
  user,
  reactivate,
  me,
  onDone,
}: {
  user: User
  reactivate: boolean
  me: UserFormModalProps['me']
  onDone: () => void
}) {
  const details = useUserDetails(user.user_id)
  if (details.isPending) {
    return <LoadingState label="Loading user" query={details} size="sm" py="lg" />
  }
  if (details.isError) {
    return (
      <FailureAlert
        title={USER_MESSAGES.loadFailed}
        error={details.error}
        fallback="The user could not be loaded. Close this window and try again."
      />
    )
  }
  return (
    <UserForm
      mode="edit"
      userId={user.user_id}
      initial={{
        ...userFormFromDetails(details.data.user, details.data.permissions, details.data.duties),
        ...(reactivate ? { isActive: true } : {}),
      }}
      wasActive={details.data.user.is_active === 1}
      targetRoleCode={details.data.user.role_code}
      me={me}
      onDone={onDone}
    />
  )
}

interface UserFormProps {
  mode: 'create' | 'edit'
  userId?: number
  initial: UserFormValues
  /** Whether the person was active before this edit (Reactivate opens the form already switched on). */
  wasActive?: boolean
  targetRoleCode?: string
  me: UserFormModalProps['me']
  onDone: () => void
}

function roleOptions(roles: readonly Role[], meRoleCode: string) {
  // Only a SUPER_ADMIN may create or promote a SUPER_ADMIN (the server enforces it too).
  return [...roles]
    .sort((a, b) => b.role_level - a.role_level || a.role_name.localeCompare(b.role_name))
    .map((role) => ({
      value: String(role.role_id),
      label: role.role_name,
      disabled: role.role_code === 'SUPER_ADMIN' && meRoleCode !== 'SUPER_ADMIN',
    }))
}

function orgOptions(orgs: readonly Organization[]) {
  return [...orgs]
    .sort((a, b) => a.org_name.localeCompare(b.org_name))
    .map((org) => ({ value: String(org.org_id), label: `${org.org_name} (${org.org_code})` }))
}

function UserForm({ mode, userId, initial, wasActive = true, targetRoleCode, me, onDone }: UserFormProps) {
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => validateUserForm(values, mode),
  })
  const { values } = form
  const [saveError, setSaveError] = useState<string | null>(null)
  const orgs = useOrganizations()
  const roles = useRoles()
  const apps = useMetaApplications()
  const sites = useDutySites()
  const save = useSaveUser()

  const self = mode === 'edit' && userId === me.id
  const protectedTarget = mode === 'edit' && targetRoleCode === 'SUPER_ADMIN' && me.roleCode !== 'SUPER_ADMIN'
  const grantable = grantableApplications(apps.data ?? [])
  const selectedRole = roles.data?.find((role) => String(role.role_id) === values.roleId)
  const metaFailed = orgs.isError || roles.isError || apps.isError

  const onSubmit = form.onSubmit((values) => {
    setSaveError(null)
    save.mutate(
      { userId: mode === 'edit' ? userId! : null, input: toUserInput(values, mode, grantable) },
      {
        onSuccess: (result) => {
          const invitationMissed = mode === 'create' && values.sendInvitation && !result.invitationSent
          // A missed invitation is a warning that stays until read; everything else is a plain success.
          if (invitationMissed)
            notifications.show({ color: 'yellow', title: 'User created without an invitation', message: result.message, autoClose: false })
          else notifyUserSuccess(savedUserTitle(mode, wasActive, values.isActive), result.message)
          onDone()
        },
        onError: (error) => {
          const reason = errorMessage(error, 'The server could not save the user. Try again.')
          // A refusal about one field is said under it; any other, above the buttons.
          const field = error instanceof ApiError ? fieldOfServerError(error.code) : null
          if (field) form.setFieldError(field, reason)
          else setSaveError(reason)
        },
      },
    )
  })

  const appChoicesDisabled = self || protectedTarget
  return (
    <form onSubmit={onSubmit} noValidate aria-label={mode === 'edit' ? 'Edit User' : 'Add New User'}>
      <Stack gap="md">
        {protectedTarget ? (
          <Alert color="yellow" variant="light" icon={<Info size={18} aria-hidden="true" />}>
            Only a super administrator can change a super administrator's account.
          </Alert>
        ) : null}
        {metaFailed ? <FailureAlert title={USER_MESSAGES.loadFailed} error={orgs.error ?? roles.error ?? apps.error} /> : null}
        <TextInput
          label="Email"
          type="email"
          withAsterisk={mode === 'create'}
          aria-required={mode === 'create' ? 'true' : undefined}
          autoComplete="off"
          {...form.getInputProps('email')}
          readOnly={mode === 'edit'}
          // A field that cannot be changed must not look like one that can: filled grey, no border.
          variant={mode === 'edit' ? 'filled' : 'default'}
          description={mode === 'edit' ? 'The e-mail address cannot be changed.' : undefined}
          data-autofocus={mode === 'create' ? true : undefined}
        />
        <TextInput
          label="Full name"
          withAsterisk
          aria-required="true"
          autoComplete="off"
          {...form.getInputProps('fullName')}
          disabled={protectedTarget}
          data-autofocus={mode === 'edit' ? true : undefined}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Organization"
            withAsterisk
            aria-required="true"
            placeholder={orgs.isPending ? 'Loading…' : 'Choose an organization'}
            searchable
            nothingFoundMessage="No organization matches"
            data={orgOptions(orgs.data ?? [])}
            {...form.getInputProps('organizationId')}
            value={values.organizationId || null}
            onChange={(value) => form.setFieldValue('organizationId', value ?? '')}
            disabled={protectedTarget}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Role"
            withAsterisk
            aria-required="true"
            placeholder={roles.isPending ? 'Loading…' : 'Choose a role'}
            data={roleOptions(roles.data ?? [], me.roleCode)}
            {...form.getInputProps('roleId')}
            value={values.roleId || null}
            onChange={(value) => form.setFieldValue('roleId', value ?? '')}
            disabled={self || protectedTarget}
            description={self ? 'You cannot change your own role.' : undefined}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {mode === 'edit' ? (
          <Checkbox
            label="Active"
            description={self ? 'You cannot deactivate yourself.' : 'Inactive users cannot sign in.'}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
            disabled={self || protectedTarget}
          />
        ) : (
          <Checkbox
            label="Send invitation email"
            description="The invitation link is valid for 7 days; the person can always request a normal sign-in link."
            {...form.getInputProps('sendInvitation', { type: 'checkbox' })}
          />
        )}
        <Checkbox.Group
          label="Applications"
          description={self ? 'You cannot change your own applications.' : 'Each chosen application is granted at level read.'}
          value={values.appIds.map(String)}
          onChange={(next) => form.setFieldValue('appIds', next.map(Number))}
        >
          <Stack gap="xs" mt="xs">
            {isAdminRole(selectedRole?.role_code) ? (
              <Alert color="blue" variant="light" icon={<Info size={18} aria-hidden="true" />}>
                Super administrators and administrators hold every application, so these choices only matter if the role changes later.
              </Alert>
            ) : null}
            {apps.isPending ? <Loader size="sm" aria-label="Loading applications" /> : null}
            {apps.isSuccess && grantable.length === 0 ? (
              <Text size="sm" c="dimmed">
                No applications can be granted.
              </Text>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {grantable.map((app: MetaApplication) => (
                <Checkbox
                  key={app.app_id}
                  value={String(app.app_id)}
                  disabled={appChoicesDisabled}
                  label={
                    <Group gap={6} wrap="nowrap" component="span">
                      <span>{app.app_name}</span>
                      {app.is_active === 1 ? null : (
                        <Badge size="xs" color="gray.7" variant="filled" tt="none" component="span">
                          Inactive
                        </Badge>
                      )}
                    </Group>
                  }
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Checkbox.Group>
        <DutiesFields
          apps={grantable}
          grantedAppIds={values.appIds}
          sites={sites.data ?? []}
          duties={values.duties}
          onChange={(duties) => form.setFieldValue('duties', duties)}
          disabled={appChoicesDisabled}
        />
        {saveError ? <FailureAlert title={USER_MESSAGES.saveFailed} message={saveError} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={protectedTarget}>
            {mode === 'edit' ? 'Save changes' : 'Create user'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
