import { Box, Center, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { School } from 'lucide-react'
import type { ReactNode } from 'react'
import { PLATFORM_NAME } from '@/lib/use-document-title'

/** A calm centred card under the platform's name: the frame of the public pages (sign-in, verify, debug). */
export function CenteredPage({ children, width = 440 }: { children: ReactNode; width?: number }) {
  return (
    <Box component="main" id="main-content" bg="gray.0" mih="100dvh" py="xl" px="md">
      <Center mih="calc(100dvh - 2 * var(--mantine-spacing-xl))">
        <Stack w="100%" maw={width} gap="lg">
          <Group justify="center" gap="sm">
            <ThemeIcon size="lg" radius="md" variant="filled" aria-hidden="true">
              <School size={20} />
            </ThemeIcon>
            <Text fw={700} size="lg">
              {PLATFORM_NAME}
            </Text>
          </Group>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  )
}
