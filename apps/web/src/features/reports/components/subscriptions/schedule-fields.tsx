import { Alert, Checkbox, Fieldset, Group, NativeSelect, Radio, SimpleGrid, Stack, Text } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { WEEKDAY_NAMES } from '@platform/contracts/report-subscriptions'
import { CalendarClock } from 'lucide-react'
import { districtTimeZone } from '@/lib/district-time'
import { formatDateTime } from '@/lib/format'
import { hourLabel, scheduleSummary, type SubscriptionFormValues } from './subscription-values'

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourLabel(hour) }))
const MONTH_DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1))

/** How often and when, on the district's clock, with the schedule said in a sentence and its next delivery. */
export function ScheduleFields({ form, now }: { form: UseFormReturnType<SubscriptionFormValues>; now: Date }) {
  const { values } = form
  const summary = scheduleSummary(values, now, districtTimeZone())
  return (
    <Fieldset legend="When">
      <Stack gap="sm">
        <Radio.Group label="How often" {...form.getInputProps('frequency')} required>
          <Group gap="md" mt={4}>
            <Radio value="daily" label="Daily" />
            <Radio value="weekly" label="Weekly" />
            <Radio value="monthly" label="Monthly" />
          </Group>
        </Radio.Group>
        {values.frequency === 'weekly' ? (
          <Checkbox.Group label="On" {...form.getInputProps('weekdays')} required>
            <Group gap="sm" mt={4}>
              {WEEKDAY_NAMES.map((name, day) => (
                <Checkbox key={name} value={String(day)} label={name} />
              ))}
            </Group>
          </Checkbox.Group>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {values.frequency === 'monthly' ? (
            <NativeSelect
              label="Day of the month"
              description="A day the month does not have means its last day."
              data={MONTH_DAYS}
              {...form.getInputProps('monthDay')}
              required
            />
          ) : null}
          <NativeSelect label="At (district time)" data={HOURS} {...form.getInputProps('hour')} required />
        </SimpleGrid>
        {summary ? (
          <Alert
            variant="light"
            color="blue"
            icon={<CalendarClock size={18} aria-hidden="true" />}
            role="status"
            data-testid="schedule-summary"
          >
            <Text size="sm" fw={600}>
              {summary.words}
            </Text>
            <Text size="sm">Next delivery: {formatDateTime(summary.next)}</Text>
          </Alert>
        ) : null}
      </Stack>
    </Fieldset>
  )
}
