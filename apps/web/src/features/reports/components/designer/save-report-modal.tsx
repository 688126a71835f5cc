import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { REPORT_TEXT, ReportDetailsSchema } from '@platform/contracts/reports'
import { FailureAlert } from '@/components/failure-alert'
import { formMessage } from '@/lib/schema-errors'
import { reasonOf } from '../../utils/messages'

export interface SaveReportModalProps {
  opened: boolean
  saving: boolean
  /** Why the last save was refused, if it was: shown above the buttons. */
  error?: unknown
  onSave: (input: { name: string; description?: string | undefined }) => void
  onClose: () => void
}

/** The contract's messages as a form shows them (without the API's field name). */
const validate = (values: { name: string; description: string }) => {
  const errors = schemaResolver(ReportDetailsSchema, { sync: true })(values)
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, formMessage(String(message))]))
}

/** Asks a new report's name (required) and description (optional) before it is saved. */
export function SaveReportModal({ opened, saving, error, onSave, onClose }: SaveReportModalProps) {
  const form = useForm({ mode: 'controlled', initialValues: { name: '', description: '' }, validate })

  const submit = form.onSubmit((values) => {
    const checked = ReportDetailsSchema.parse({ name: values.name, description: values.description.trim() || undefined })
    onSave({ name: checked.name, description: checked.description })
  })

  return (
    <Modal opened={opened} onClose={onClose} title="Save report" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate aria-label="Save report">
        <Stack gap="md">
          <TextInput label="Name" required data-autofocus maxLength={200} {...form.getInputProps('name')} />
          <Textarea
            label="Description"
            description="Optional"
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('description')}
          />
          {error ? <FailureAlert message={REPORT_TEXT.saveFailed(reasonOf(error))} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
