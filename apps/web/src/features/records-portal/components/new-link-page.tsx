import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { recordsLabels } from '@platform/contracts/labels/records'
import { NewLinkInputSchema, PORTAL_PATH } from '@platform/contracts/records-portal'
import { Link } from 'react-router'
import { FailureAlert } from '@/components/failure-alert'
import { withoutFieldNames } from '@/lib/schema-errors'
import { usePortalTitle } from '../api/use-portal-title'
import { useNewLink } from '../api/portal'

const resolve = withoutFieldNames(schemaResolver(NewLinkInputSchema, { sync: true }))

/** /public-records/new-link: a new tracking link to the address the request was sent from; the old one stops working. */
export function NewLinkPage() {
  usePortalTitle('Get a new tracking link')
  const newLink = useNewLink()
  const form = useForm({ mode: 'controlled', initialValues: { email: '', number: '' }, validate: resolve })
  const onSubmit = form.onSubmit((values) => newLink.mutate(NewLinkInputSchema.parse(values)))

  return (
    <Stack gap="lg">
      <Title order={1}>Get a new tracking link</Title>
      <Text>
        Lost the e-mail with your link, or think someone else has it? Enter the e-mail address you gave with your request and its number. A
        new link is e-mailed to that address, and the old link stops working.
      </Text>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        component="form"
        onSubmit={onSubmit}
        noValidate
        aria-label="New tracking link"
      >
        <Stack gap="md">
          <TextInput label={recordsLabels.field.email} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <TextInput
            label={recordsLabels.field.number}
            description="As it was sent to you, such as PRR-2026-0001."
            required
            autoComplete="off"
            {...form.getInputProps('number')}
          />
          {newLink.isSuccess ? (
            <Alert color="blue" variant="light" role="status">
              {newLink.data}
            </Alert>
          ) : null}
          {newLink.isError ? <FailureAlert title="No new link was sent" error={newLink.error} /> : null}
          <Group>
            <Button type="submit" loading={newLink.isPending}>
              Send a new link
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Text size="sm">
        Gave no e-mail address with your request? Contact the district&apos;s records office to follow it.{' '}
        <Anchor component={Link} to={PORTAL_PATH}>
          Back to public records requests
        </Anchor>
      </Text>
    </Stack>
  )
}
