import { Button, List, NumberInput, Stack, Table, Text, TextInput, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { NoteInputSchema, TimeEntryInputSchema, type RequestDetail } from '@platform/contracts/records'
import { dayInWords } from '@platform/contracts/records-clock'
import { useState } from 'react'
import { ScrollTable } from '@/components/data/scroll-table'
import { districtTimeZone } from '@/lib/district-time'
import { formatDateTime } from '@/lib/format'
import { FailureAlert } from '@/components/failure-alert'
import { useAddNote, useLogTime } from '../api/records'
import { districtNow } from '../utils/district-instant'
import { Section, StepModal, useContractForm } from './request-parts'
import { TableHeader } from '@/components/data/table-header'

const hours = (minutes: number) => `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`

/** The time spent on the request (kept for the district's figures; never charged to the requester). */
export function TimeLogSection({ request }: { request: RequestDetail }) {
  const [adding, setAdding] = useState(false)
  return (
    <Section
      title="Time log"
      actions={
        request.actions.logTime ? (
          <Button size="xs" variant="default" onClick={() => setAdding(true)}>
            Log time
          </Button>
        ) : null
      }
    >
      {request.timeLog.length === 0 ? (
        <Text c="dimmed" size="sm">
          No time logged.
        </Text>
      ) : (
        <ScrollTable minWidth={560} label="Time log" cardsOnPhone>
          <Table>
            <Table.Caption>Time log, total {hours(request.timeTotalMinutes)}</Table.Caption>
            <TableHeader columns={['Date', 'Person', 'Activity', 'Time']} />
            <Table.Tbody>
              {request.timeLog.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{dayInWords(entry.workedOn)}</Table.Td>
                  <Table.Td>{entry.userName}</Table.Td>
                  <Table.Td>
                    {entry.activity}
                    {entry.note ? (
                      <Text size="xs" c="dimmed">
                        {entry.note}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{hours(entry.minutes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {adding ? <LogTimeStep request={request} onClose={() => setAdding(false)} /> : null}
    </Section>
  )
}

function LogTimeStep({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const log = useLogTime()
  const [today] = useState(() => districtNow(districtTimeZone()).date)
  const { form, check } = useContractForm(TimeEntryInputSchema, { minutes: 30 as number | string, activity: '', workedOn: today, note: '' })
  const { minutes, activity, workedOn, note } = form.getValues()
  const input = { minutes: typeof minutes === 'number' ? minutes : undefined, activity, workedOn, note: note.trim() || null }
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Log time on ${request.number}`}
      submitLabel="Log time"
      check={() => {
        const found = check()
        // The contract cannot know the district's today: a day worked in the future is the form's own check.
        if (!found.workedOn && workedOn > today) {
          found.workedOn = 'The day worked cannot be in the future.'
          form.setFieldError('workedOn', found.workedOn)
        }
        return found
      }}
      run={() => log.mutateAsync({ id: request.id, input: TimeEntryInputSchema.parse(input) })}
      onDone={() => {
        notifications.show({ color: 'teal', message: 'The time was logged.' })
        onClose()
      }}
    >
      <NumberInput
        label="Minutes"
        min={1}
        max={1440}
        allowDecimal={false}
        {...form.getInputProps('minutes')}
        required
        w={160}
        data-autofocus
      />
      <TextInput label="Activity" {...form.getInputProps('activity')} required />
      <TextInput label="Day worked" type="date" {...form.getInputProps('workedOn')} max={today} required w={200} />
      <TextInput label="Note (optional)" {...form.getInputProps('note')} />
    </StepModal>
  )
}

/** Notes kept on the request (never edited: a correction is a new note). */
export function NotesSection({ request }: { request: RequestDetail }) {
  const add = useAddNote()
  const { form } = useContractForm(NoteInputSchema, { text: '' })
  return (
    <Section title="Notes">
      {request.notes.length === 0 ? (
        <Text c="dimmed" size="sm">
          No notes.
        </Text>
      ) : null}
      <List size="sm" spacing="xs">
        {request.notes.map((note) => (
          <List.Item key={note.id}>
            <Text span fw={600}>
              {note.authorName}
            </Text>{' '}
            <Text span c="dimmed" size="xs">
              {formatDateTime(note.createdAt)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {note.text}
            </Text>
          </List.Item>
        ))}
      </List>
      {request.actions.note ? (
        <form
          aria-label="Add a note"
          noValidate
          onSubmit={form.onSubmit((values) => {
            add
              .mutateAsync({ id: request.id, ...NoteInputSchema.parse(values) })
              .then(() => {
                form.reset()
                notifications.show({ color: 'teal', message: 'The note was added.' })
              })
              .catch(() => undefined) // shown below from add.error
          })}
        >
          <Stack gap="xs">
            <Textarea label="Add a note" {...form.getInputProps('text')} autosize minRows={2} />
            {add.isError ? <FailureAlert title="The note was not saved" error={add.error} /> : null}
            <div>
              <Button type="submit" size="xs" variant="default" loading={add.isPending}>
                Add note
              </Button>
            </div>
          </Stack>
        </form>
      ) : null}
    </Section>
  )
}

/** Everything that happened to the request, from its audit rows, oldest first. */
export function TimelineSection({ request }: { request: RequestDetail }) {
  return (
    <Section title="Timeline">
      <List size="sm" spacing={4}>
        {request.timeline.map((entry, index) => (
          <List.Item key={`${entry.at}-${index}`}>
            <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
              {entry.text}
            </Text>{' '}
            {entry.actorName ? `by ${entry.actorName} ` : ''}
            <Text span c="dimmed">
              {formatDateTime(entry.at)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Section>
  )
}
