import { Center, Loader, Stack, Text } from '@mantine/core'

/** Shown while the session is being confirmed or a page's code is loading. */
export function FullPageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  )
}
