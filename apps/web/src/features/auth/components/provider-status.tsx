import { Button, Group, Loader, Stack, Text } from '@mantine/core'
import { FailureAlert } from '@/components/failure-alert'

export const PROVIDER_LOADING_TEXT = 'Loading sign-in options...'
export const PROVIDER_ERROR_TEXT = 'The sign-in options could not be loaded.'

/** Auth provider status 'loading'. `compact` is the line under /login's form, which works without it. */
export function ProviderStatusLoading({ compact = false }: { compact?: boolean }) {
  return (
    <Stack align="center" gap="xs" py={compact ? 0 : 'lg'} role="status" aria-live="polite">
      <Loader size={compact ? 'sm' : 'md'} aria-hidden="true" />
      <Text size="sm" c="dimmed">
        {PROVIDER_LOADING_TEXT}
      </Text>
    </Stack>
  )
}

/** Auth provider status 'error', with a way to try again. */
export function ProviderStatusError({
  onRetry,
  retrying,
  compact = false,
}: {
  onRetry: () => void
  retrying?: boolean
  compact?: boolean
}) {
  if (compact) {
    return (
      <Group justify="center" gap="xs" role="alert">
        <Text size="sm" c="dimmed">
          Other sign-in options could not be loaded.
        </Text>
        <Button size="compact-sm" variant="subtle" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Group>
    )
  }
  return (
    <Stack gap="md">
      <FailureAlert
        title={PROVIDER_ERROR_TEXT}
        message="Check your connection, then try again. You can also sign in from the main sign-in page."
      />
      <Button onClick={onRetry} loading={retrying} fullWidth>
        Retry
      </Button>
    </Stack>
  )
}
