import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { dayInWords, formatDay } from '@platform/contracts/records-clock'
import { HolidayInputSchema } from '@platform/contracts/records'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { EmptyRow } from '@/components/data/empty-row'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ScrollTable } from '@/components/data/scroll-table'
import { errorMessage } from '@/lib/api-client'
import { districtTimeZone } from '@/lib/district-time'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useAddHoliday, useHolidays, useRemoveHoliday } from '../api/records'
import { districtNow } from '../utils/district-instant'
import { BusinessHours } from './business-hours'
import { useContractForm } from './request-parts'
import { useRecordsDuties } from './use-records-duties'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'

/** The district's holidays by year: the clock skips them. Administrators edit; a school break is not a holiday. */
export function HolidaysView() {
  useDocumentTitle('Holidays')
  const duties = useRecordsDuties()
  const [thisYear] = useState(() => Number(districtNow(districtTimeZone()).date.slice(0, 4)))
  const [year, setYear] = useState(thisYear)
  const holidays = useHolidays(year)
  const add = useAddHoliday()
  const remove = useRemoveHoliday()
  const { form } = useContractForm(HolidayInputSchema, { date: '', name: '' })
  const [problem, setProblem] = useState<string | null>(null)
  const [removing, setRemoving] = useState<{ date: string; name: string } | null>(null)
  const years = [thisYear - 1, thisYear, thisYear + 1, thisYear + 2]

  const onAdd = form.onSubmit(({ date, name }) => {
    setProblem(null)
    add
      .mutateAsync(HolidayInputSchema.parse({ date, name }))
      .then(() => {
        notifications.show({ color: 'teal', message: `${name.trim()} (${dayInWords(date)}) was added.` })
        form.reset()
        setYear(Number(date.slice(0, 4)))
      })
      .catch((error: unknown) => setProblem(errorMessage(error, 'The holiday was not added. Try again in a moment.')))
  })

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Holidays</Title>
        <NativeSelect
          label="Year"
          value={String(year)}
          data={years.map(String)}
          onChange={(event) => setYear(Number(event.currentTarget.value))}
          w={120}
        />
      </Group>
      <Text c="dimmed" size="sm">
        A due day on a weekend or one of these days moves to the next business day. A school break is not a holiday: only the days the
        district&apos;s offices are closed.
      </Text>
      {holidays.isError ? <FailureAlert title="The holidays could not be loaded" error={holidays.error} /> : null}
      <Paper withBorder radius="md">
        <ScrollTable minWidth={420} label={`Holidays in ${year}`}>
          <Table striped>
            <Table.Caption>Holidays in {year}</Table.Caption>
            <TableHeader columns={['Date', 'Holiday', duties.isAdmin && 'Remove']} />
            <Table.Tbody>
              {(holidays.data ?? []).map((holiday) => (
                <Table.Tr key={holiday.date}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(holiday.date, true)}</Table.Td>
                  <Table.Td>{holiday.name}</Table.Td>
                  {duties.isAdmin ? (
                    <Table.Td>
                      <ActionIcon variant="subtle" color="red.8" aria-label={`Remove ${holiday.name}`} onClick={() => setRemoving(holiday)}>
                        <Trash2 size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
              {holidays.isSuccess && holidays.data.length === 0 ? <EmptyRow columns={3}>No holidays entered for {year}.</EmptyRow> : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      {duties.isAdmin ? (
        <Paper withBorder radius="md" p="md" component="form" onSubmit={onAdd} noValidate aria-labelledby="add-holiday-title">
          <Stack gap="sm">
            <Title order={3} size="h4" id="add-holiday-title">
              Add a holiday
            </Title>
            <Group align="flex-start" wrap="wrap">
              <TextInput label="Date" type="date" {...form.getInputProps('date')} required w={180} />
              <TextInput label="Name" {...form.getInputProps('name')} required w={280} />
            </Group>
            {problem ? <FailureAlert message={problem} /> : null}
            <Group>
              <Button type="submit" loading={add.isPending}>
                Add holiday
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          Administrators keep this calendar.
        </Text>
      )}
      <BusinessHours editable={duties.isAdmin} />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove the holiday"
        message={removing ? `Remove ${removing.name} (${formatDay(removing.date, true)})? The clock will count it as a business day.` : ''}
        confirmLabel="Remove holiday"
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return
          const gone = removing
          remove
            .mutateAsync(gone.date)
            .then(() => notifications.show({ color: 'teal', message: `${gone.name} was removed.` }))
            .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(error, 'The holiday was not removed.') }))
            .finally(() => setRemoving(null))
        }}
      />
    </Stack>
  )
}
