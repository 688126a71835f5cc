import { Badge, Group } from '@mantine/core'
import type { User } from '@platform/contracts/users'

/** Active / Inactive, Verified, and the state of an outstanding invitation (filled, dark shades for contrast). */
export function UserStatusBadges({ user }: { user: User }) {
  return (
    <Group gap={4} wrap="wrap">
      {user.is_active === 1 ? (
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
      {user.invitation_status === 'pending' ? (
        <Badge color="indigo.9" variant="outline" tt="none">
          Invitation pending
        </Badge>
      ) : null}
      {user.invitation_status === 'expired' ? (
        <Badge color="red.9" variant="outline" tt="none">
          Invitation expired
        </Badge>
      ) : null}
    </Group>
  )
}
