import { Badge, Group } from '@mantine/core'
import type { User } from '@platform/contracts/users'

/**
 * Active / Inactive, Verified, and the state of an outstanding invitation (filled, dark shades for contrast). An
 * inactive user's invitation is void, whatever its age: it is not shown.
 */
export function UserStatusBadges({ user }: { user: User }) {
  const active = user.is_active === 1
  return (
    <Group gap={4} wrap="wrap">
      {active ? (
        <Badge color="teal.9" variant="filled" tt="none">
          Active
        </Badge>
      ) : (
        <Badge color="gray.7" variant="filled" tt="none">
          Inactive
        </Badge>
      )}
      {user.email_verified === 1 ? (
        <Badge color="blue.9" variant="outline" tt="none">
          Verified
        </Badge>
      ) : null}
      {active && user.invitation_status === 'pending' ? (
        <Badge color="indigo.9" variant="outline" tt="none">
          Invitation pending
        </Badge>
      ) : null}
      {active && user.invitation_status === 'expired' ? (
        <Badge color="red.9" variant="outline" tt="none">
          Invitation expired
        </Badge>
      ) : null}
    </Group>
  )
}
