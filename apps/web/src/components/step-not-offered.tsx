import { Button, Stack, Text } from '@mantine/core'

/**
 * A step the person would take but may not, shown as a disabled button with the server's reason under it ("You
 * edited request #21, so another person with the SITE_APPROVER duty must site-approve it."), so nothing just
 * disappears. The reason is the API's `stepReasons[step]`.
 */
export function StepNotOffered({ label, reason }: { label: string; reason: string }) {
  const id = `step-reason-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <Stack gap={4} maw={420}>
      <Button variant="default" disabled aria-describedby={id}>
        {label}
      </Button>
      <Text id={id} size="sm" c="dimmed">
        {reason}
      </Text>
    </Stack>
  )
}
