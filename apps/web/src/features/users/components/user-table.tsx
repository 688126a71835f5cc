import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core'
import type { User } from '@platform/contracts/users'
import { LogOut, Pencil, Send, UserCheck, UserX } from 'lucide-react'
import { formatDateTime } from '@/lib/format'
import { UserStatusBadges } from './user-status-badges'
import { ScrollTable } from '@/components/data/scroll-table'
import { BreakableText } from '@/components/data/breakable-text'

export interface UserTableProps {
  users: readonly User[]
  /** The signed-in person's user id: they cannot deactivate themselves. */
  currentUserId: number
  onEdit: (user: User) => void
  onResend: (user: User) => void
  onDeactivate: (user: User) => void
  /** Opens the edit form of an inactive user with Active switched on. */
  onReactivate?: (user: User) => void
  /** Ends every session of the user (not offered for oneself: Devices and sessions is for that). */
  onSignOutEverywhere?: (user: User) => void
}

function displayName(user: User): string {
  return user.full_name || user.email
}

/** The users of one page, with their row actions (each icon button named after the person). */
export function UserTable({ users, currentUserId, onEdit, onResend, onDeactivate, onReactivate, onSignOutEverywhere }: UserTableProps) {
  return (
    <ScrollTable minWidth={860} label="Users" cardsOnPhone>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">User</Table.Th>
            <Table.Th scope="col">Organization</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Last Login</Table.Th>
            <Table.Th scope="col">
              <span>Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const name = displayName(user)
            const self = user.user_id === currentUserId
            const active = user.is_active === 1
            return (
              <Table.Tr key={user.user_id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {user.full_name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    <BreakableText>{user.email}</BreakableText>
                  </Text>
                </Table.Td>
                <Table.Td>{user.org_name}</Table.Td>
                <Table.Td>{user.role_name}</Table.Td>
                <Table.Td>
                  <UserStatusBadges user={user} />
                </Table.Td>
                <Table.Td>{user.last_login ? formatDateTime(user.last_login) : 'Never'}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit" withArrow>
                      <ActionIcon variant="subtle" color="blue.8" aria-label={`Edit ${name}`} onClick={() => onEdit(user)}>
                        <Pencil size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                    {/* Offered whether or not they have signed in: a new link helps someone who lost theirs. */}
                    {active ? (
                      <Tooltip label="Resend invitation" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="blue.8"
                          aria-label={`Resend invitation to ${name}`}
                          onClick={() => onResend(user)}
                        >
                          <Send size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                    {active && !self && onSignOutEverywhere ? (
                      <Tooltip label="Sign out everywhere" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="blue.8"
                          aria-label={`Sign out ${name} everywhere`}
                          onClick={() => onSignOutEverywhere(user)}
                        >
                          <LogOut size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                    {!active && onReactivate ? (
                      <Tooltip label="Reactivate" withArrow>
                        <ActionIcon variant="subtle" color="teal.9" aria-label={`Reactivate ${name}`} onClick={() => onReactivate(user)}>
                          <UserCheck size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                    {active && !self ? (
                      <Tooltip label="Deactivate" withArrow>
                        <ActionIcon variant="subtle" color="red.8" aria-label={`Deactivate ${name}`} onClick={() => onDeactivate(user)}>
                          <UserX size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
