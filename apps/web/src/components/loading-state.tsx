import { Center, Loader, Stack, Text } from '@mantine/core'

export interface LoadingStateProps {
  /** What is loading, for screen readers ("Loading projects"). */
  label: string
  /** The query being waited for: after a failure it is being tried again, and the screen says so. */
  query?: { failureCount?: number }
  size?: 'xs' | 'sm' | 'md'
  /** Vertical room around the loader. */
  py?: 'md' | 'lg' | 'xl'
}

/** The one loading state of a screen's data: a loader, and "Retrying…" while a call that failed is tried again. */
export function LoadingState({ label, query, size = 'md', py = 'xl' }: LoadingStateProps) {
  const retrying = (query?.failureCount ?? 0) > 0
  return (
    <Center py={py}>
      <Stack align="center" gap={4}>
        <Loader size={size} aria-label={label} />
        {retrying ? (
          <Text size="sm" c="dimmed" role="status">
            Retrying…
          </Text>
        ) : null}
      </Stack>
    </Center>
  )
}
