import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core'
import { ACCOUNT_FORMAT, parseAccountString } from '@platform/contracts/finance-account'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { useAccountSearch } from '../api/finance'

export interface AccountPickerProps {
  label: string
  value: string
  onChange: (account: string) => void
  error?: string | null
  description?: string
  required?: boolean
}

/**
 * Every form that takes an account uses this: type any part of the string or a segment's name ("lincoln 8699") and
 * choose; the server checks the account again when the form is saved.
 */
export function AccountPicker({ label, value, onChange, error, description, required }: AccountPickerProps) {
  const [typed, setTyped] = useState(value)
  const [search] = useDebouncedValue(typed.trim(), 250)
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  const results = useAccountSearch(search)
  const options = results.data?.data ?? []
  const choose = (account: string) => {
    setTyped(account)
    onChange(account)
    combobox.closeDropdown()
  }
  const typedIsAccount = parseAccountString(typed).ok

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal>
      <Combobox.Target>
        <TextInput
          label={label}
          description={description ?? `Type part of the account (${ACCOUNT_FORMAT}) or a name, such as a school or an object.`}
          withAsterisk={required}
          value={typed}
          error={error}
          autoComplete="off"
          spellCheck={false}
          rightSection={results.isFetching ? <Loader size={14} aria-label="Searching accounts" /> : null}
          onChange={(event) => {
            setTyped(event.currentTarget.value)
            onChange(parseAccountString(event.currentTarget.value).ok ? event.currentTarget.value.trim() : '')
            combobox.openDropdown()
            combobox.updateSelectedOptionIndex()
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={search.length === 0}>
        <Combobox.Options aria-label={`Accounts matching ${search}`}>
          {options.map((option) => (
            <Combobox.Option value={option.account} key={option.account}>
              <Text size="sm" ff="monospace">
                {option.account}
              </Text>
              <Text size="xs" c="dimmed">
                {option.segments
                  .filter((segment) => segment.name)
                  .map((segment) => segment.name)
                  .join(' · ')}
              </Text>
            </Combobox.Option>
          ))}
          {options.length === 0 && !results.isFetching ? (
            <Combobox.Empty>
              {results.data?.segmentCount === 0
                ? 'No chart of accounts yet: an administrator imports it under Administration, Accounts.'
                : results.data && !results.data.combinationsListed && !typedIsAccount
                  ? 'Type the whole account string.'
                  : 'No active account matches.'}
            </Combobox.Empty>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  )
}
