import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { PostingAccounts } from '@platform/contracts/finance'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useFinanceSettings, useSavePostingAccounts } from '../api/finance'
import { AccountPicker } from './account-picker'
import { FailureAlert } from '@/components/failure-alert'

type Entry = { fund: string; account: string; overShort: string }
const toEntries = (accounts: PostingAccounts): Entry[] =>
  [...new Set([...Object.keys(accounts.cashAccounts), ...Object.keys(accounts.overShortAccounts)])]
    .sort()
    .map((fund) => ({ fund, account: accounts.cashAccounts[fund] ?? '', overShort: accounts.overShortAccounts[fund] ?? '' }))
const toRecord = (entries: Entry[], field: 'account' | 'overShort') =>
  Object.fromEntries(entries.filter((entry) => entry.fund.trim() && entry[field]).map((entry) => [entry.fund.trim(), entry[field]]))

/**
 * The cash account of each fund, where deposits are posted in the ERP journal, and its cash over/short account, where
 * a deposit counted over or short posts the difference. Checked against the chart when saved.
 */
export function PostingAccountsForm() {
  const settings = useFinanceSettings()
  if (!settings.data) return null
  return (
    <Form
      key={JSON.stringify(settings.data.postingAccounts)}
      initial={settings.data.postingAccounts}
      fiscalYear={settings.data.currentFiscalYear}
      timeZone={settings.data.districtTimeZone}
    />
  )
}

function Form({ initial, fiscalYear, timeZone }: { initial: PostingAccounts; fiscalYear: string; timeZone: string }) {
  const [cash, setCash] = useState<Entry[]>(toEntries(initial))
  const save = useSavePostingAccounts()
  const update = (index: number, change: Partial<Entry>) =>
    setCash((current) => current.map((entry, at) => (at === index ? { ...entry, ...change } : entry)))

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Cash account of each fund
        </Title>
        <Text size="sm" c="dimmed">
          Deposits are posted to these accounts (the county treasury, or a bank clearing account for cafeteria and other clearing funds), at
          the amount counted; what a count finds over or short goes to the fund's cash over/short account. Fiscal year {fiscalYear}; dates
          are reckoned in {timeZone}.
        </Text>
        {cash.map((entry, index) => (
          <Group key={index} align="flex-start" wrap="wrap">
            <TextInput
              label="Fund"
              w={90}
              maxLength={2}
              value={entry.fund}
              onChange={(event) => update(index, { fund: event.currentTarget.value })}
            />
            <div style={{ flex: 1, minWidth: 260 }}>
              <AccountPicker
                label={`Cash account of fund ${entry.fund || '…'}`}
                value={entry.account}
                onChange={(account) => update(index, { account })}
              />
            </div>
            <div style={{ flex: 1, minWidth: 260 }}>
              <AccountPicker
                label={`Cash over/short account of fund ${entry.fund || '…'}`}
                value={entry.overShort}
                onChange={(overShort) => update(index, { overShort })}
              />
            </div>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            leftSection={<Plus size={16} aria-hidden="true" />}
            onClick={() => setCash((current) => [...current, { fund: '', account: '', overShort: '' }])}
          >
            Add a fund
          </Button>
          <Button
            loading={save.isPending}
            onClick={
              () =>
                // mutateAsync rather than mutate's onSuccess: the saved settings are refetched and this form is remounted
                // with them (its key), and a remounted form never hears the callbacks given to mutate.
                save
                  .mutateAsync({ ...initial, cashAccounts: toRecord(cash, 'account'), overShortAccounts: toRecord(cash, 'overShort') })
                  .then(() => notifications.show({ color: 'teal', message: 'The cash accounts were saved.' }))
                  .catch(() => undefined) // the error is shown below from save.error
            }
          >
            Save cash accounts
          </Button>
        </Group>
        {save.isError ? <FailureAlert title="Not saved" error={save.error} fallback="Check the accounts and try again." /> : null}
      </Stack>
    </Paper>
  )
}
