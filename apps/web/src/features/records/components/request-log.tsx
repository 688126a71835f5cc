import { Button, List, NumberInput, Stack, Table, Text, TextInput, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { NoteInputSchema, TimeEntryInputSchema, type RequestDetail } from '@platform/contracts/records'
import { useState } from 'react'
import { ScrollTable } from '@/components/data/scroll-table'
import { districtTimeZone } from '@/lib/district-time'
import { formatDateTime } from '@/lib/format'
import { schemaErrors } from '@/lib/schema-errors'
import { useAddNote, useLogTime } from '../api/records'
import { districtNow } from '../utils/district-instant'
import { Section, StepModal } from './request-parts'
import { TableHeader } from '@/components/data/table-header'

const TIME_FIELDS = ['minutes', 'activity', 'workedOn', 'note'] as const
type TimeField = (typeof TIME_FIELDS)[number]

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
                  <Table.Td>{entry.workedOn}</Table.Td>
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
  const [minutes, setMinutes] = useState<number | string>(30)
  const [activity, setActivity] = useState('')
  const [workedOn, setWorkedOn] = useState(today)
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Partial<Record<TimeField, string>>>({})
  const input = { minutes: typeof minutes === 'number' ? minutes : undefined, activity, workedOn, note: note.trim() || null }
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Log time on ${request.number}`}
      submitLabel="Log time"
      check={() => {
        const found = schemaErrors(TimeEntryInputSchema, input, TIME_FIELDS)
        // The contract cannot know the browser's today: a day worked in the future is the form's own check.
        if (!found.workedOn && workedOn > today) found.workedOn = 'The day worked cannot be in the future.'
        setErrors(found)
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
        value={minutes}
        onChange={setMinutes}
        error={errors.minutes}
        required
        w={160}
        data-autofocus
      />
      <TextInput
        label="Activity"
        value={activity}
        onChange={(event) => setActivity(event.currentTarget.value)}
        error={errors.activity}
        required
      />
      <TextInput
        label="Day worked"
        type="date"
        value={workedOn}
        max={today}
        onChange={(event) => setWorkedOn(event.currentTarget.value)}
        error={errors.workedOn}
        required
        w={200}
      />
      <TextInput label="Note (optional)" value={note} onChange={(event) => setNote(event.currentTarget.value)} error={errors.note} />
    </StepModal>
  )
}

/** Notes kept on the request (never edited: a correction is a new note). */
export function NotesSection({ request }: { request: RequestDetail }) {
  const add = useAddNote()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | undefined>(undefined)
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
        <Stack
          component="form"
          gap="xs"
          onSubmit={(event) => {
            event.preventDefault()
            const found = schemaErrors(NoteInputSchema, { text }, ['text'] as const).text
            setProblem(found)
            if (found) return
            add
              .mutateAsync({ id: request.id, ...NoteInputSchema.parse({ text }) })
              .then(() => {
                setText('')
                notifications.show({ color: 'teal', message: 'The note was added.' })
              })
              .catch(() => undefined)
          }}
        >
          <Textarea
            label="Add a note"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={2}
            error={problem ?? (add.isError ? 'The note was not saved. Try again in a moment.' : undefined)}
          />
          <div>
            <Button type="submit" size="xs" variant="default" loading={add.isPending}>
              Add note
            </Button>
          </div>
        </Stack>
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
