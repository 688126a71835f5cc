import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { ReportCreateBodySchema } from '@platform/contracts/reports'
import { formMessage } from '@/lib/schema-errors'

export interface SaveReportModalProps {
  opened: boolean
  saving: boolean
  onSave: (input: { name: string; description?: string }) => void
  onClose: () => void
}

/** Asks a new report's name (required) and description (optional) before it is saved. */
export function SaveReportModal({ opened, saving, onSave, onClose }: SaveReportModalProps) {
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [error, setError] = useState<string | null>(null)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const checked = ReportCreateBodySchema.safeParse({ name, description: description.trim() || undefined, definition: null })
    if (!checked.success) return setError(formMessage(checked.error.issues[0]!.message))
    onSave({ name: checked.data.name, description: checked.data.description })
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Save report" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Save report">
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            error={error}
            maxLength={200}
            onChange={(event) => {
              setName(event.currentTarget.value)
              setError(null)
            }}
          />
          <Textarea
            label="Description"
            description="Optional"
            autosize
            minRows={2}
            maxLength={1000}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
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
