import { Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { REVENUE_OBJECTS, SiteAccountsInputSchema } from '@platform/contracts/finance-site-accounts'
import { useForm } from '@mantine/form'
import { formMessage } from '@/lib/schema-errors'
import { useSaveSiteAccounts, useSiteAccounts } from '../api/site-accounts'
import { FailureAlert } from '@/components/failure-alert'

/**
 * The accounts a site's collectors may credit beyond the revenue of its own school-site segment: one pattern a line,
 * each segment its digits or * (the server checks them again and audits the change).
 */
export function SiteAccountsForm({ siteId, siteName }: { siteId: number; siteName: string }) {
  const accounts = useSiteAccounts(siteId)
  if (accounts.isError) return <FailureAlert title="The allowed accounts could not be loaded" error={accounts.error} />
  if (!accounts.data) return null
  return <Form key={accounts.data.data.patterns.join('\n')} siteId={siteId} siteName={siteName} initial={accounts.data.data} />
}

/** The list the contract takes from the box: one pattern a line, blank lines left out. */
const patternsOf = (text: string) => ({
  patterns: text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
})

function Form({
  siteId,
  siteName,
  initial,
}: {
  siteId: number
  siteName: string
  initial: { schoolSegment: string | null; patterns: string[] }
}) {
  const save = useSaveSiteAccounts(siteId)
  const form = useForm({
    mode: 'controlled',
    initialValues: { patterns: initial.patterns.join('\n') },
    // The patterns are typed one a line and checked as the list the contract takes; its first problem goes under the box.
    validate: (values) => {
      const checked = SiteAccountsInputSchema.safeParse(patternsOf(values.patterns))
      return checked.success ? {} : { patterns: formMessage(checked.error.issues[0]?.message ?? 'Check the patterns.') }
    },
  })
  const onSave = form.onSubmit((values) => {
    save
      .mutateAsync(SiteAccountsInputSchema.parse(patternsOf(values.patterns)))
      .then(() => notifications.show({ color: 'teal', message: `The accounts ${siteName}'s collectors may credit were saved.` }))
      .catch(() => undefined) // shown below from save.error
  })
  return (
    <form onSubmit={onSave} noValidate aria-label="Accounts its collectors may also credit">
      <Stack gap="xs">
        <Text size="sm">
          {initial.schoolSegment
            ? `${siteName}'s collectors credit revenue (objects ${REVENUE_OBJECTS.first}–${REVENUE_OBJECTS.last}) of school site ${initial.schoolSegment}, and these accounts besides.`
            : `${siteName} has no school-site segment yet: its collectors credit only these accounts.`}
        </Text>
        <Textarea
          label="Accounts its collectors may also credit"
          description="One a line; any segment may be * (for example 13-5310-*-*-*-8634-000)."
          autosize
          minRows={2}
          ff="monospace"
          {...form.getInputProps('patterns')}
        />
        {save.isError ? <FailureAlert title="Not saved" error={save.error} fallback="Check the patterns and try again." /> : null}
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={save.isPending}>
            Save allowed accounts
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
