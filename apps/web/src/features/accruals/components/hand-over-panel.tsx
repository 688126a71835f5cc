import { Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { HandOverInputSchema, type AccrualDetail } from '@platform/contracts/accruals'
import { FormAlerts } from '@/components/form-alerts'
import { useHandOver } from '../api/accruals'
import { withoutFieldNames } from './form-errors'

const resolveHandOver = withoutFieldNames(schemaResolver(HandOverInputSchema, { sync: true }))
const inputOf = (values: { userId: string | null; reason: string }) => ({ userId: Number(values.userId ?? 0), reason: values.reason })

/**
 * A controller gives the request to another person of the site, on the record (audited, in the history with the
 * reason): from then on only they edit, submit or withdraw it.
 */
export function HandOverPanel({ accrual }: { accrual: AccrualDetail }) {
  const handOver = useHandOver()
  const form = useForm<{ userId: string | null; reason: string }>({
    mode: 'controlled',
    initialValues: { userId: null, reason: '' },
    validate: (values) => resolveHandOver(inputOf(values)),
  })
  const onSubmit = form.onSubmit((values) => {
    void handOver
      .mutateAsync({ id: accrual.id, input: HandOverInputSchema.parse(inputOf(values)) })
      .then((result) => {
        notifications.show({ color: 'teal', message: `Accrual ${result.data.id} is now held by ${result.data.holderName}.` })
        form.reset()
      })
      .catch(() => undefined)
  })
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="hand-over-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="xs">
          <Title order={3} size="h4" id="hand-over-title">
            Hand over
          </Title>
          <Text size="sm">
            {accrual.holderName} holds this request: only they may edit, submit or withdraw it. You may hand it to another person of the
            site; the history keeps who handed it, to whom and why.
          </Text>
          {accrual.handOverCandidates.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nobody else at {accrual.siteCode} holds the duty to take it on.
            </Text>
          ) : (
            <Group align="flex-end" wrap="wrap" gap="sm">
              <Select
                label="Hand it to"
                data={accrual.handOverCandidates.map((person) => ({ value: String(person.userId), label: person.name }))}
                {...form.getInputProps('userId')}
                required
                w={260}
              />
              <Textarea label="Reason" {...form.getInputProps('reason')} required autosize minRows={1} w={320} />
              <Button type="submit" variant="default" loading={handOver.isPending}>
                Hand over
              </Button>
            </Group>
          )}
          <FormAlerts mutation={handOver} failedTitle="The request was not handed over" />
        </Stack>
      </form>
    </Paper>
  )
}
