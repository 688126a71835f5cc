import { Anchor, Box, Container, Group, Stack, Text, ThemeIcon } from '@mantine/core'
import { PORTAL_PATH } from '@platform/contracts/records-portal'
import { Landmark } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { usePortalInfo } from '../api/portal'
import classes from './portal.module.css'

/**
 * The public's pages: the district's name above, the page, and a way back to the request page below. No account,
 * no staff menu; the skip link lets a keyboard pass the header.
 */
export function PortalFrame({ children }: { children: ReactNode }) {
  const info = usePortalInfo()
  return (
    <Stack gap={0} mih="100dvh" bg="gray.0">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <Box component="header" className={classes.header} py="sm">
        <Container size="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size="lg" radius="md" variant="filled" aria-hidden="true">
              <Landmark size={20} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text fw={700} size="lg" className={classes.breakable}>
                {info.data?.districtName ?? 'Public records'}
              </Text>
              <Text size="sm" c="gray.7">
                Public records requests
              </Text>
            </Stack>
          </Group>
        </Container>
      </Box>
      <Box component="main" id="main-content" tabIndex={-1} flex={1} py="xl">
        <Container size="md">{children}</Container>
      </Box>
      <Box component="footer" className={classes.footer} py="md">
        <Container size="md">
          <Anchor component={Link} to={PORTAL_PATH} size="sm">
            Public records requests: ask for records
          </Anchor>
        </Container>
      </Box>
    </Stack>
  )
}
