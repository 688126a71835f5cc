import { TextInput } from '@mantine/core'
import { useState } from 'react'

/** A From–To pair of dates for a list filter; `reversed` when the end comes before the start (the list waits). */
export function useDateRange() {
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  return { from, setFrom, to, setTo, reversed: Boolean(from && to && from > to) }
}

export type DateRange = ReturnType<typeof useDateRange>

/** The two date inputs of a list's filters, each bounded by the other, with the reason when they are reversed. */
export function DateRangeInputs({ range, described = false }: { range: DateRange; described?: boolean }) {
  return (
    <>
      <TextInput
        label="From"
        description={described ? 'On or after' : undefined}
        type="date"
        value={range.from}
        max={range.to || undefined}
        onChange={(event) => range.setFrom(event.currentTarget.value)}
      />
      <TextInput
        label="To"
        description={described ? 'On or before' : undefined}
        type="date"
        value={range.to}
        min={range.from || undefined}
        onChange={(event) => range.setTo(event.currentTarget.value)}
        error={range.reversed ? 'The end date is before the start date' : undefined}
      />
    </>
  )
}
