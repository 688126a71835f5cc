import { Button, Group, Stack, Title } from '@mantine/core'
import { Plus } from 'lucide-react'
import { Link } from 'react-router'
import { useDocumentTitle } from '@/lib/use-document-title'
import { AccrualsList } from './accruals-list'
import { NEW_REQUEST_PATH } from './paths'
import { useAccrualDuties } from './use-accrual-duties'

/** My requests: the accruals the signed-in person requested, in every state. */
export function MyRequests() {
  useDocumentTitle('My accrual requests')
  const duties = useAccrualDuties()
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>My requests</Title>
        {duties.has('REQUESTER') || duties.has('CONTROLLER') ? (
          <Button component={Link} to={NEW_REQUEST_PATH} leftSection={<Plus size={16} aria-hidden="true" />}>
            New request
          </Button>
        ) : null}
      </Group>
      <AccrualsList view="me" label="My requests" />
    </Stack>
  )
}
