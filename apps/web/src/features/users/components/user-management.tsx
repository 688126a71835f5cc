import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { USER_SORTS, USER_STATUS_FILTERS, type User } from '@platform/contracts/users'
import { Search, Upload, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Pager } from '@/components/data/pager'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { ApiError } from '@/lib/api-client'
import { useSignedInUser } from '@/lib/auth-context'
import { formatCount } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { usePageOffset } from '@/lib/use-page-offset'
import { useDeactivateUser, useOrganizations, useResendInvitation, useRoles, useSignOutUserEverywhere, useUserList } from '../api/users'
import {
  deactivateConfirmText,
  deactivateFailedText,
  resendConfirmText,
  resendFailedText,
  signOutEverywhereConfirmText,
  signOutEverywhereFailedText,
  notifyUserSuccess,
  USER_MESSAGES,
  USER_SUCCESS_TITLES,
} from '../utils/user-messages'
import { UserFormModal, type UserEditor } from './user-form-modal'
import { UserTable } from './user-table'
import { FiltersPanel } from '@/components/data/filters-panel'

export const USER_PAGE_SIZES = [25, 50, 100] as const
type StatusFilter = (typeof USER_STATUS_FILTERS)[number]
type Sort = (typeof USER_SORTS)[number]

const STATUS_LABELS: Record<StatusFilter, string> = { all: 'All', active: 'Active', inactive: 'Inactive' }
const SORT_LABELS: Record<Sort, string> = { name: 'Name', email: 'Email', last_login: 'Last login', created: 'Newest' }

/** The reason a call failed, for "Failed to …: <reason>" messages. */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message
  return 'Unexpected error'
}

type Confirmation = { kind: 'deactivate' | 'resend' | 'sign-out'; user: User } | null

/** User Management: shown at /admin/users and for the menu item user-management. */
export function UserManagement() {
  useDocumentTitle('User Management')
  const me = useSignedInUser()
  const [search, setSearch] = useState('')
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300)
  const [roleId, setRoleId] = useState('')
  const [orgId, setOrgId] = useState('')
  const [status, setStatus] = useState<StatusFilter>('all')
  const [sort, setSort] = useState<Sort>('name')
  const [storedLimit, setLimit] = useLocalStorage<number>({
    key: 'userManagement.pageSize',
    defaultValue: 50,
    getInitialValueInEffect: false,
  })
  const limit = (USER_PAGE_SIZES as readonly number[]).includes(storedLimit) ? storedLimit : 50

  // Any change of search, filter, sort or page size goes back to the first page.
  const filterKey = JSON.stringify([debouncedSearch, roleId, orgId, status, sort, limit])
  const [offset, setOffset] = usePageOffset(filterKey)

  const list = useUserList({
    search: debouncedSearch || undefined,
    roleId: roleId ? Number(roleId) : undefined,
    orgId: orgId ? Number(orgId) : undefined,
    status,
    sort,
    limit,
    offset,
  })
  const roles = useRoles()
  const orgs = useOrganizations()

  const [editorOpened, setEditorOpened] = useState(false)
  const [editor, setEditor] = useState<UserEditor | null>(null)
  const [confirmation, setConfirmation] = useState<Confirmation>(null)
  const resend = useResendInvitation()
  const deactivate = useDeactivateUser()
  const signOutEverywhere = useSignOutUserEverywhere()

  const openEditor = (next: UserEditor) => {
    setEditor(next)
    setEditorOpened(true)
  }

  const onConfirm = () => {
    if (!confirmation) return
    const { kind, user } = confirmation
    if (kind === 'sign-out') {
      signOutEverywhere.mutate(user.user_id, {
        onSuccess: (result) => notifyUserSuccess(USER_SUCCESS_TITLES.signedOut, result.message),
        onError: (error) => notifications.show({ color: 'red', message: signOutEverywhereFailedText(reasonOf(error)), autoClose: false }),
        onSettled: () => setConfirmation(null),
      })
    } else if (kind === 'resend') {
      resend.mutate(user.user_id, {
        onSuccess: (result) => notifyUserSuccess(USER_SUCCESS_TITLES.invitationSent, result.message),
        onError: (error) => notifications.show({ color: 'red', message: resendFailedText(reasonOf(error)), autoClose: false }),
        onSettled: () => setConfirmation(null),
      })
    } else {
      deactivate.mutate(user.user_id, {
        onSuccess: (result) => notifyUserSuccess(USER_SUCCESS_TITLES.deactivated, result.message),
        onError: (error) => notifications.show({ color: 'red', message: deactivateFailedText(reasonOf(error)), autoClose: false }),
        onSettled: () => setConfirmation(null),
      })
    }
  }

  const total = list.data?.pagination.total ?? 0
  const users = list.data?.data ?? []
  const filtered = Boolean(debouncedSearch || roleId || orgId || status !== 'all')

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>User Management</Title>
          <Text c="dimmed" aria-live="polite" data-testid="user-count">
            {list.data ? `${formatCount(total)} ${total === 1 ? 'user' : 'users'}` : '\u00a0'}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to="/admin/users/import" variant="default" leftSection={<Upload size={16} aria-hidden="true" />}>
            Import users
          </Button>
          <Button leftSection={<UserPlus size={16} aria-hidden="true" />} onClick={() => openEditor({ mode: 'create' })}>
            Add User
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <FiltersPanel
            label="Find users"
            activeCount={[search, roleId, orgId, status === 'all' ? '' : status].filter(Boolean).length}
            align="flex-end"
          >
            <TextInput
              label="Search"
              placeholder="Search users..."
              leftSection={<Search size={16} aria-hidden="true" />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              type="search"
              maxLength={200}
              style={{ flex: '1 1 240px' }}
            />
            <NativeSelect
              label="Role"
              value={roleId}
              onChange={(event) => setRoleId(event.currentTarget.value)}
              data={[
                { value: '', label: 'All Roles' },
                ...(roles.data ?? []).map((role) => ({ value: String(role.role_id), label: role.role_name })),
              ]}
            />
            <NativeSelect
              label="Organization"
              value={orgId}
              onChange={(event) => setOrgId(event.currentTarget.value)}
              data={[
                { value: '', label: 'All Organizations' },
                ...(orgs.data ?? []).map((org) => ({ value: String(org.org_id), label: org.org_name })),
              ]}
            />
            <NativeSelect
              label="Status"
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value as StatusFilter)}
              data={USER_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            />
            <NativeSelect
              label="Sort by"
              value={sort}
              onChange={(event) => setSort(event.currentTarget.value as Sort)}
              data={USER_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
            />
          </FiltersPanel>

          {list.isError ? (
            <FailureAlert
              title={USER_MESSAGES.loadFailed}
              error={list.error}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          ) : list.isPending ? (
            <LoadingState label="Loading users" query={list} />
          ) : users.length === 0 ? (
            <Stack align="center" gap={4} py="xl">
              <Text fw={600}>{USER_MESSAGES.empty}</Text>
              {filtered ? (
                <Text size="sm" c="dimmed">
                  Try another search or clear the filters.
                </Text>
              ) : null}
            </Stack>
          ) : (
            <div aria-busy={list.isFetching}>
              <UserTable
                users={users}
                currentUserId={me.id}
                onEdit={(user) => openEditor({ mode: 'edit', user })}
                onReactivate={(user) => openEditor({ mode: 'edit', user, reactivate: true })}
                onResend={(user) => setConfirmation({ kind: 'resend', user })}
                onDeactivate={(user) => setConfirmation({ kind: 'deactivate', user })}
                onSignOutEverywhere={(user) => setConfirmation({ kind: 'sign-out', user })}
              />
            </div>
          )}

          {list.data && total > 0 ? (
            <Pager
              total={total}
              limit={limit}
              offset={offset}
              onOffsetChange={setOffset}
              pageSizes={USER_PAGE_SIZES}
              onLimitChange={setLimit}
              noun="users"
              disabled={list.isFetching}
            />
          ) : null}
        </Stack>
      </Paper>

      <UserFormModal
        opened={editorOpened}
        editor={editor}
        me={{ id: me.id, roleCode: me.roleCode }}
        onClose={() => setEditorOpened(false)}
      />

      <ConfirmDialog
        opened={confirmation?.kind === 'deactivate'}
        title="Deactivate user"
        message={confirmation ? deactivateConfirmText(confirmation.user.full_name || confirmation.user.email) : ''}
        confirmLabel="Deactivate"
        danger
        loading={deactivate.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirmation(null)}
      />
      <ConfirmDialog
        opened={confirmation?.kind === 'sign-out'}
        title="Sign out everywhere"
        message={confirmation ? signOutEverywhereConfirmText(confirmation.user.full_name || confirmation.user.email) : ''}
        confirmLabel="Sign out everywhere"
        danger
        loading={signOutEverywhere.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirmation(null)}
      />
      <ConfirmDialog
        opened={confirmation?.kind === 'resend'}
        title="Resend invitation"
        message={confirmation ? resendConfirmText(confirmation.user.email) : ''}
        confirmLabel="Send invitation"
        loading={resend.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirmation(null)}
      />
    </Stack>
  )
}
