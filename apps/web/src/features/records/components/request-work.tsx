import { Badge, Button, List, Select, Table, Text, TextInput, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { AssignInputSchema, TaskDoneInputSchema, TaskInputSchema, type RequestDetail } from '@platform/contracts/records'
import { useState } from 'react'
import { ScrollTable } from '@/components/data/scroll-table'
import { formatDateTime } from '@/lib/format'
import { useAddTask, useAssign, useRecordsPeople, useTaskDone } from '../api/records'
import { Section, StepModal, useContractForm } from './request-parts'
import { useRecordsDuties } from './use-records-duties'
import { TableHeader } from '@/components/data/table-header'

const ROLE_LABELS = { POINT_PERSON: 'Point person', CUSTODIAN: 'Custodian' } as const

/** The point person and custodians, each with the reason for their assignment. */
export function AssignmentsSection({ request }: { request: RequestDetail }) {
  const [adding, setAdding] = useState(false)
  return (
    <Section
      title="Assignments"
      actions={
        request.actions.assign ? (
          <Button size="xs" variant="default" onClick={() => setAdding(true)}>
            Assign
          </Button>
        ) : null
      }
    >
      {request.assignments.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nobody is assigned yet.
        </Text>
      ) : (
        <ScrollTable minWidth={640} label="Assignments" cardsOnPhone>
          <Table>
            <Table.Caption>Assignments</Table.Caption>
            <TableHeader columns={['Role', 'Person', 'Reason', 'Assigned']} />
            <Table.Tbody>
              {request.assignments.map((assignment) => (
                <Table.Tr key={assignment.id}>
                  <Table.Td>{ROLE_LABELS[assignment.role]}</Table.Td>
                  <Table.Td>{assignment.userName}</Table.Td>
                  <Table.Td>{assignment.reason}</Table.Td>
                  <Table.Td>
                    {formatDateTime(assignment.assignedAt)}, by {assignment.assignedByName}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {adding ? <AssignStep request={request} onClose={() => setAdding(false)} /> : null}
    </Section>
  )
}

function AssignStep({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const assign = useAssign()
  const people = useRecordsPeople()
  const assignment = (values: { role: string; userId: string | null; reason: string; task: string }) => ({
    role: values.role,
    userId: values.userId === null ? undefined : Number(values.userId),
    reason: values.reason,
    task: values.role === 'CUSTODIAN' ? values.task.trim() || null : null,
  })
  const { form, check } = useContractForm(
    AssignInputSchema,
    { role: 'CUSTODIAN' as 'POINT_PERSON' | 'CUSTODIAN', userId: null as string | null, reason: '', task: '' },
    assignment,
  )
  const { role } = form.getValues()
  const input = assignment(form.getValues())
  const candidates = (people.data ?? []).filter((person) =>
    role === 'CUSTODIAN' ? person.duties.includes('CUSTODIAN') : person.duties.some((duty) => duty !== 'VIEWER'),
  )
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Assign on ${request.number}`}
      submitLabel="Assign"
      check={check}
      run={() => assign.mutateAsync({ id: request.id, input: AssignInputSchema.parse(input) })}
      onDone={() => {
        notifications.show({ color: 'teal', message: 'The assignment was saved.' })
        onClose()
      }}
    >
      <Select
        label="Role"
        data={[
          { value: 'CUSTODIAN', label: 'Custodian (searches for records)' },
          { value: 'POINT_PERSON', label: 'Point person (answers for the request)' },
        ]}
        value={role}
        onChange={(value) => {
          form.setFieldValue('role', (value as 'POINT_PERSON' | 'CUSTODIAN' | null) ?? 'CUSTODIAN')
          form.setFieldValue('userId', null)
        }}
        allowDeselect={false}
        data-autofocus
      />
      <Select
        label="Person"
        placeholder={candidates.length ? 'Choose' : 'Nobody holds the duty'}
        data={candidates.map((person) => ({ value: String(person.id), label: person.name }))}
        {...form.getInputProps('userId')}
        searchable
        required
      />
      <TextInput label="Reason for the assignment" {...form.getInputProps('reason')} required />
      {role === 'CUSTODIAN' ? <Textarea label="Search task" {...form.getInputProps('task')} required autosize minRows={2} /> : null}
    </StepModal>
  )
}

/** The search tasks: who searches for what, and what they found. */
export function TasksSection({ request }: { request: RequestDetail }) {
  const duties = useRecordsDuties()
  const [adding, setAdding] = useState(false)
  const [finishing, setFinishing] = useState<number | null>(null)
  const finishingTask = request.tasks.find((task) => task.id === finishing)
  return (
    <Section
      title="Search tasks"
      actions={
        request.actions.addTask ? (
          <Button size="xs" variant="default" onClick={() => setAdding(true)}>
            Add a task
          </Button>
        ) : null
      }
    >
      {request.tasks.length === 0 ? (
        <Text c="dimmed" size="sm">
          No search tasks yet.
        </Text>
      ) : null}
      <List spacing="xs" size="sm">
        {request.tasks.map((task) => (
          <List.Item key={task.id}>
            <Badge color={task.state === 'DONE' ? 'teal.9' : 'blue.9'} variant="filled" tt="none" mr="xs">
              {task.state === 'DONE' ? 'Done' : 'Open'}
            </Badge>
            <Text span fw={600}>
              {task.assigneeName}:
            </Text>{' '}
            {task.description}
            {task.result ? (
              <Text size="sm" c="dimmed">
                Found: {task.result} ({formatDateTime(task.doneAt)})
              </Text>
            ) : null}
            {task.state === 'OPEN' && (task.assigneeId === duties.userId || duties.has('COORDINATOR')) ? (
              <Button size="compact-xs" variant="default" ml="xs" onClick={() => setFinishing(task.id)}>
                Mark done
              </Button>
            ) : null}
          </List.Item>
        ))}
      </List>
      {adding ? <AddTaskStep request={request} onClose={() => setAdding(false)} /> : null}
      {finishingTask ? (
        <TaskDoneStep
          request={request}
          taskId={finishingTask.id}
          description={finishingTask.description}
          onClose={() => setFinishing(null)}
        />
      ) : null}
    </Section>
  )
}

function AddTaskStep({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const add = useAddTask()
  const people = useRecordsPeople()
  const taskOf = (values: { assigneeId: string | null; description: string }) => ({
    assigneeId: values.assigneeId === null ? undefined : Number(values.assigneeId),
    description: values.description,
  })
  const { form, check } = useContractForm(TaskInputSchema, { assigneeId: null as string | null, description: '' }, taskOf)
  const input = taskOf(form.getValues())
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Search task on ${request.number}`}
      submitLabel="Add task"
      check={check}
      run={() => add.mutateAsync({ id: request.id, input: TaskInputSchema.parse(input) })}
      onDone={() => {
        notifications.show({ color: 'teal', message: 'The task was added.' })
        onClose()
      }}
    >
      <Select
        label="Custodian"
        data={(people.data ?? [])
          .filter((person) => person.duties.includes('CUSTODIAN'))
          .map((person) => ({ value: String(person.id), label: person.name }))}
        {...form.getInputProps('assigneeId')}
        searchable
        required
        data-autofocus
      />
      <Textarea label="What to search for" {...form.getInputProps('description')} required autosize minRows={2} />
    </StepModal>
  )
}

function TaskDoneStep({
  request,
  taskId,
  description,
  onClose,
}: {
  request: RequestDetail
  taskId: number
  description: string
  onClose: () => void
}) {
  const finish = useTaskDone()
  const { form, check } = useContractForm(TaskDoneInputSchema, { result: '' })
  const { result } = form.getValues()
  return (
    <StepModal
      opened
      onClose={onClose}
      title="Mark the search done"
      submitLabel="Mark done"
      check={check}
      run={() => finish.mutateAsync({ id: request.id, taskId, input: TaskDoneInputSchema.parse({ result }) })}
      onDone={() => {
        notifications.show({ color: 'teal', message: 'The task was marked done.' })
        onClose()
      }}
    >
      <Text size="sm">{description}</Text>
      <Textarea label="What the search found" {...form.getInputProps('result')} required autosize minRows={2} data-autofocus />
    </StepModal>
  )
}
