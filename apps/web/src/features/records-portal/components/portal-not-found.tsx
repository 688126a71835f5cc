import { Anchor, Stack, Text, Title } from '@mantine/core'
import { PORTAL_PATH } from '@platform/contracts/records-portal'
import { Link } from 'react-router'
import { usePortalTitle } from '../api/use-portal-title'

/**
 * An address under /public-records that is no page (a tracking link cut short by a mail program, a mistyped address):
 * said in the public's frame, never sent on to the staff's sign-in page.
 */
export function PortalNotFound() {
  usePortalTitle('Page not found')
  return (
    <Stack gap="md">
      <Title order={1}>Page not found</Title>
      <Text>There is no page at this address. If it came from an e-mail, the link may have been cut: open it again from the e-mail.</Text>
      <Anchor component={Link} to={PORTAL_PATH}>
        Ask for public records
      </Anchor>
      <Anchor component={Link} to={`${PORTAL_PATH}/new-link`}>
        Get a new tracking link
      </Anchor>
    </Stack>
  )
}
