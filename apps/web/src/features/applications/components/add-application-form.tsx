import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import type { CreateApplicationBody } from '@platform/contracts/applications'
import { Plus } from 'lucide-react'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useCreateApplication } from '../api/applications'
import {
  emptyApplicationDraft,
  fieldOfServerError,
  normaliseAppCode,
  toApplicationBody,
  validateNewApplication,
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
  const form = useForm<ApplicationDraft>({
    mode: 'controlled',
    initialValues: emptyApplicationDraft(),
    validate: validateNewApplication,
  })
  const create = useCreateApplication()

  const onChange = <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => form.setFieldValue(key, value as never)

  const onSubmit = form.onSubmit((draft) => {
    create.mutate(toApplicationBody(draft) as CreateApplicationBody, {
      onSuccess: (result) => {
        notifications.show({ color: 'teal', message: result.message })
        form.reset()
      },
      onError: (error) => {
        const reason = errorMessage(error, 'The server could not add the application.')
        // A refusal about the code is said under it; any other in a notice that stays until read.
        const field = error instanceof ApiError ? fieldOfServerError(error.code) : null
        if (field) form.setFieldError(field, reason)
        else notifications.show({ color: 'red', title: 'Failed to add application', message: reason, autoClose: false })
      },
    })
  })

  const draft = form.values
  const fieldProps = { draft, errors: form.errors as ApplicationDraftErrors, onChange }
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
              {...form.getInputProps('app_code')}
              onChange={(event) => onChange('app_code', normaliseAppCode(event.currentTarget.value))}
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
