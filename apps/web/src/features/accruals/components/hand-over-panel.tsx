import { Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { HandOverInputSchema, type AccrualDetail } from '@platform/contracts/accruals'
import { useState, type FormEvent } from 'react'
import { FormAlerts } from '@/components/form-alerts'
import { useHandOver } from '../api/accruals'

/**
 * A controller gives the request to another person of the site, on the record (audited, in the history with the
 * reason): from then on only they edit, submit or withdraw it.
 */
export function HandOverPanel({ accrual }: { accrual: AccrualDetail }) {
  const handOver = useHandOver()
  const [userId, setUserId] = useState<string | null>(null)
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = HandOverInputSchema.safeParse({ userId: Number(userId), reason })
    if (!userId || !parsed.success) return setProblem('Choose the person to hand it to, and say why in at least 5 characters.')
    setProblem(null)
    void handOver
      .mutateAsync({ id: accrual.id, input: parsed.data })
      .then((result) => {
        notifications.show({ color: 'teal', message: `Accrual ${result.data.id} is now held by ${result.data.holderName}.` })
        setUserId(null)
        setReason('')
      })
      .catch(() => undefined)
  }
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
                value={userId}
                onChange={setUserId}
                required
                w={260}
              />
              <Textarea
                label="Reason"
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                required
                autosize
                minRows={1}
                w={320}
              />
              <Button type="submit" variant="default" loading={handOver.isPending}>
                Hand over
              </Button>
            </Group>
          )}
          <FormAlerts problem={problem} mutation={handOver} failedTitle="The request was not handed over" />
        </Stack>
      </form>
    </Paper>
  )
}
