import { MultiSelect, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { MAX_SUBSCRIPTION_RECIPIENTS } from '@platform/contracts/report-subscriptions'
import { useState } from 'react'
import { useRecipientCandidates, type RecipientCandidate } from '../../api/subscriptions'

type Person = Pick<RecipientCandidate, 'userId' | 'fullName' | 'email'>

/**
 * Who receives the report: people who may view it, found by name or address on the server as the person types. Those
 * already chosen (`known`: the person themselves, a subscription's recipients) keep their names while others are found.
 */
export function RecipientsField({
  reportId,
  known,
  value,
  error,
  onChange,
}: {
  reportId: number
  known: readonly Person[]
  value: string[]
  error: unknown
  onChange: (value: string[]) => void
}) {
  const [typed, setTyped] = useState('')
  const [search] = useDebouncedValue(typed.trim(), 250)
  const candidates = useRecipientCandidates(reportId, search)
  // Everyone met so far, so a chosen person's pill keeps its name when a new search no longer lists them.
  const [met, setMet] = useState<Map<string, Person>>(() => new Map(known.map((person) => [String(person.userId), person])))
  const found = candidates.data ?? []
  if (found.some((person) => !met.has(String(person.userId)))) {
    setMet(new Map([...met, ...found.map((person) => [String(person.userId), person] as const)]))
  }
  const offered = new Set(found.map((person) => String(person.userId)))
  const data = [...met.values()].map((person) => ({ value: String(person.userId), label: person.fullName }))

  return (
    <MultiSelect
      label="Send to"
      description="People who may view this report; each receives it with their own access."
      placeholder={value.length ? undefined : 'Type a name or an e-mail address'}
      data={data}
      value={value}
      onChange={onChange}
      error={error as string | undefined}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      // The server matched what was typed (names and addresses); the list shows its answer as it is.
      filter={({ options }) => options.filter((option) => 'value' in option && offered.has(option.value))}
      nothingFoundMessage={
        candidates.isFetching
          ? 'Searching…'
          : candidates.isError
            ? 'The people could not be searched.'
            : 'Nobody found who may view this report'
      }
      maxValues={MAX_SUBSCRIPTION_RECIPIENTS}
      renderOption={({ option }) => {
        const person = met.get(option.value)
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {person ? (
              <Text size="xs" c="dimmed">
                {person.email}
              </Text>
            ) : null}
          </Stack>
        )
      }}
      required
      clearable
    />
  )
}
