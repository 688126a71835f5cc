import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Plus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { errorMessage } from '@/lib/api-client'
import { useCreateApplication } from '../api/applications'
import {
  checkNewApplication,
  emptyApplicationDraft,
  normaliseAppCode,
  type ApplicationDraft,
  type ApplicationDraftErrors,
} from '../utils/application-form'
import {
  CategorySelect,
  ColourInput,
  DescriptionInput,
  FlagSwitch,
  IconSelect,
  NameInput,
  OrderInput,
  UrlInput,
} from './application-fields'

/** The add form of Application Management. */
export function AddApplicationForm() {
  const [draft, setDraft] = useState<ApplicationDraft>(emptyApplicationDraft)
  const [errors, setErrors] = useState<ApplicationDraftErrors>({})
  const create = useCreateApplication()

  const onChange = <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }))
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkNewApplication(draft)
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    create.mutate(checked.body, {
      onSuccess: (result) => {
        notifications.show({ color: 'teal', message: result.message })
        setDraft(emptyApplicationDraft())
        setErrors({})
      },
      onError: (error) => {
        console.error('Failed to create application', error)
        const reason = errorMessage(error, 'The server could not add the application.')
        if (/code/i.test(reason)) setErrors((current) => ({ ...current, app_code: reason }))
        notifications.show({ color: 'red', title: 'Failed to add application', message: reason, autoClose: false })
      },
    })
  }

  const fieldProps = { draft, errors, onChange }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="add-application-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="add-application-title">
            Add an application
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <NameInput {...fieldProps} />
            <TextInput
              label="App code"
              withAsterisk
              aria-required="true"
              description="Upper case, unique; it cannot be changed later."
              value={draft.app_code}
              onChange={(event) => onChange('app_code', normaliseAppCode(event.currentTarget.value))}
              error={errors.app_code}
              maxLength={40}
              autoComplete="off"
            />
            <IconSelect {...fieldProps} />
            <CategorySelect {...fieldProps} />
            <OrderInput {...fieldProps} />
            <ColourInput {...fieldProps} />
          </SimpleGrid>
          <UrlInput {...fieldProps} />
          <DescriptionInput {...fieldProps} />
          <Group gap="xl">
            <FlagSwitch draft={draft} onChange={onChange} field="admin_only" text="Admin only" />
            <FlagSwitch draft={draft} onChange={onChange} field="is_active" text="Active" />
          </Group>
          <Group>
            <Button type="submit" loading={create.isPending} leftSection={<Plus size={16} aria-hidden="true" />}>
              Add application
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
