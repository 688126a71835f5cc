import { Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@/lib/use-document-title'
import { AccrualsList } from './accruals-list'

/** The review queue: requests waiting for a step the signed-in person may take (site approval, approval, posting). */
export function ReviewQueue() {
  useDocumentTitle('Accruals to review')
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>Review queue</Title>
        <Text c="dimmed" size="sm">
          Requests waiting for you: site approval for a site approver, approval for fiscal services. Nobody reviews what they requested.
        </Text>
      </Stack>
      <AccrualsList view="review" label="Requests to review" />
    </Stack>
  )
}
