import { Badge, Button, Group, Paper, Stack, Switch, Table, Text, TextInput, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { ExemptionInputSchema } from '@platform/contracts/records'
import { useState } from 'react'
import { ScrollTable } from '@/components/data/scroll-table'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useAddExemption, useExemptions, useUpdateExemption } from '../api/records'
import { useContractForm } from './request-parts'
import { useRecordsDuties } from './use-records-duties'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'

/** The exemptions a document's pages may be withheld under, each with its citation; COUNSEL keeps the library. */
export function ExemptionLibrary() {
  useDocumentTitle('Exemption library')
  const duties = useRecordsDuties()
  const library = useExemptions()
  const update = useUpdateExemption()
  const counsel = duties.has('COUNSEL')

  return (
    <Stack gap="md">
      <Title order={2}>Exemption library</Title>
      <Text c="dimmed" size="sm">
        Withholding any page names one of these. Counsel keeps the library; an exemption no longer relied on is retired, never deleted.
      </Text>
      {library.isError ? <FailureAlert title="The library could not be loaded" error={library.error} /> : null}
      <Paper withBorder radius="md">
        <ScrollTable minWidth={720} label="Exemptions" cardsOnPhone>
          <Table striped>
            <Table.Caption>Exemptions</Table.Caption>
            <TableHeader columns={['Citation', 'Exemption', 'Used', 'In use']} />
            <Table.Tbody>
              {(library.data ?? []).map((exemption) => (
                <Table.Tr key={exemption.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{exemption.citation}</Table.Td>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {exemption.title}
                    </Text>
                    {exemption.description ? (
                      <Text size="sm" c="dimmed">
                        {exemption.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{exemption.timesUsed}</Table.Td>
                  <Table.Td>
                    {counsel ? (
                      <Switch
                        checked={exemption.active}
                        label={exemption.active ? 'Offered' : 'Retired'}
                        aria-label={`${exemption.citation} offered`}
                        disabled={update.isPending}
                        onChange={(event) => {
                          const active = event.currentTarget.checked
                          update
                            .mutateAsync({ id: exemption.id, input: { active } })
                            .then(() =>
                              notifications.show({
                                color: 'teal',
                                message: `${exemption.citation} is ${active ? 'offered again' : 'retired'}.`,
                              }),
                            )
                            .catch((error: unknown) =>
                              notifications.show({ color: 'red', message: errorMessage(error, 'The exemption was not changed.') }),
                            )
                        }}
                      />
                    ) : (
                      <Badge color={exemption.active ? 'teal.9' : 'gray.8'} variant="filled" tt="none">
                        {exemption.active ? 'Offered' : 'Retired'}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {library.isSuccess && library.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed">The library is empty.</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      {counsel ? <AddExemption /> : null}
    </Stack>
  )
}

function AddExemption() {
  const add = useAddExemption()
  const { form } = useContractForm(ExemptionInputSchema, { citation: '', title: '', description: '' })
  const [problem, setProblem] = useState<string | null>(null)
  const onSubmit = form.onSubmit((values) => {
    setProblem(null)
    add
      .mutateAsync(ExemptionInputSchema.parse(values))
      .then(() => {
        notifications.show({ color: 'teal', message: `${values.citation.trim()} was added to the library.` })
        form.reset()
      })
      .catch((error: unknown) => {
        // A citation already in the library is the citation's problem: it goes under that field.
        if (error instanceof ApiError && error.code === 'exemption_exists') form.setFieldError('citation', error.message)
        else setProblem(errorMessage(error, 'The exemption was not added. Try again in a moment.'))
      })
  })
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby="add-exemption-title">
      <Stack gap="sm" maw={720}>
        <Title order={3} size="h4" id="add-exemption-title">
          Add an exemption
        </Title>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="Citation" placeholder="Gov. Code §7927.705" {...form.getInputProps('citation')} required miw={200} />
          <TextInput label="Title" {...form.getInputProps('title')} required miw={200} />
        </Group>
        <Textarea label="Description" {...form.getInputProps('description')} autosize minRows={2} />
        {problem ? <FailureAlert message={problem} /> : null}
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add exemption
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
