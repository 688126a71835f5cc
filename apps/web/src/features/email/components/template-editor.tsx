import { Badge, Box, Button, Code, Group, Loader, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core'
import { type FormErrors, schemaResolver, useForm } from '@mantine/form'
import { useDebouncedValue } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { MailTemplateInputSchema, type MailTemplate, type MailTemplateInput } from '@platform/contracts/email'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Eye, Plus, RotateCcw, Save } from 'lucide-react'
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { FailureAlert } from '@/components/failure-alert'
import { ApiError, errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { previewTemplate, useResetTemplate, useSaveTemplate } from '../api/email'
import { checkPlaceholders, insertPlaceholder, placeholderToken } from '../utils/placeholders'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'
import { formMessage } from '@/lib/schema-errors'

const PREVIEW_DELAY_MS = 600

const resolveTemplate = schemaResolver(MailTemplateInputSchema, { sync: true })

/** The editor's errors by field, from the contract the server checks a template with. */
export function validateTemplate(values: MailTemplateInput): FormErrors {
  const errors: FormErrors = {}
  for (const [path, message] of Object.entries(resolveTemplate(values)))
    if (typeof message === 'string') errors[path] = formMessage(message)
  return errors
}

const monospace = { fontFamily: 'var(--mantine-font-family-monospace)' } as const
const preStyle = {
  ...monospace,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  margin: 0,
  padding: 'var(--mantine-spacing-sm)',
  background: 'var(--mantine-color-gray-0)',
  border: '1px solid var(--mantine-color-gray-3)',
  borderRadius: 'var(--mantine-radius-sm)',
  fontSize: 'var(--mantine-font-size-sm)',
  maxHeight: 360,
  overflow: 'auto',
} as const

type Field = 'subject' | 'body'

function sameDraft(a: MailTemplateInput, b: MailTemplateInput) {
  return a.subject === b.subject && a.body_text === b.body_text
}

/** The rendered draft: refreshed a moment after typing stops, or at once with 'Preview'. */
function TemplatePreview({
  template,
  draft,
  requested,
}: {
  template: MailTemplate
  draft: MailTemplateInput
  requested: MailTemplateInput | null
}) {
  const [debounced] = useDebouncedValue(draft, PREVIEW_DELAY_MS)
  const input = requested && sameDraft(requested, draft) ? requested : debounced
  const ready = input.subject.trim() !== '' && input.body_text.trim() !== ''
  const preview = useQuery({
    queryKey: ['email', 'preview', template.kind, input.subject, input.body_text],
    queryFn: ({ signal }) => previewTemplate(template.kind, input, signal),
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  })

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="template-preview-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5" id="template-preview-heading">
            Preview (sample values)
          </Title>
          {preview.isFetching ? <Loader size="xs" aria-label="Updating the preview" /> : null}
        </Group>
        {!ready ? (
          <Text size="sm" c="dimmed">
            Write a subject and a body to see the preview.
          </Text>
        ) : preview.isError ? (
          <FailureAlert message={`Preview failed: ${errorMessage(preview.error)}`} />
        ) : preview.data ? (
          <Stack gap="sm" aria-busy={preview.isFetching}>
            <Text size="sm">
              <Text span fw={700}>
                Subject:{' '}
              </Text>
              <span data-testid="preview-subject">{preview.data.subject}</span>
            </Text>
            <Text size="sm" fw={700}>
              Text
            </Text>
            <pre style={preStyle} role="region" aria-label="Text preview" tabIndex={0}>
              {preview.data.text}
            </pre>
            <Text size="sm" fw={700}>
              HTML
            </Text>
            <Box
              component="iframe"
              title="HTML preview"
              sandbox=""
              srcDoc={preview.data.html}
              style={{
                width: '100%',
                height: 420,
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 'var(--mantine-radius-sm)',
                background: 'white',
              }}
            />
          </Stack>
        ) : (
          <Loader size="sm" aria-label="Loading the preview" />
        )}
      </Stack>
    </Paper>
  )
}

export interface TemplateEditorProps {
  template: MailTemplate
  /** Told whenever the draft starts or stops differing from the saved template. */
  onDirtyChange: (dirty: boolean) => void
}

/** Placeholders as the author types them: in code type, since they are not words but what goes in the text as is. */
function PlaceholderTokens({ names }: { names: readonly string[] }) {
  return names.map((name, index) => (
    <Fragment key={name}>
      {index > 0 ? ', ' : null}
      <Code>{placeholderToken(name)}</Code>
    </Fragment>
  ))
}

/** Subject, body, the kind's placeholders, a live preview, Save (checked by the server) and Reset to default. */
export function TemplateEditor({ template, onDirtyChange }: TemplateEditorProps) {
  const [saved, setSaved] = useState<MailTemplate>(template)
  const form = useForm<MailTemplateInput>({
    mode: 'controlled',
    initialValues: { subject: template.subject, body_text: template.body_text },
    validate: validateTemplate,
  })
  const { subject, body_text: body } = form.values
  const setSubject = (value: string) => form.setFieldValue('subject', value)
  const setBody = (value: string) => form.setFieldValue('body_text', value)
  // A save that failed for another reason than the template's text (the connection, the server).
  const [saveError, setSaveError] = useState<string | null>(null)
  const [requested, setRequested] = useState<MailTemplateInput | null>(null)
  const [confirmReset, setConfirmReset] = useState(false)
  const save = useSaveTemplate()
  const reset = useResetTemplate()

  const subjectRef = useRef<HTMLInputElement>(null)
  const bodyRef = useRef<HTMLTextAreaElement>(null)
  const lastField = useRef<Field>('body')
  const pendingCursor = useRef<{ field: Field; cursor: number } | null>(null)

  // A newer saved version from the server (saved elsewhere) replaces the baseline while nothing is being edited.
  const [seenTemplate, setSeenTemplate] = useState(template)
  if (template !== seenTemplate) {
    setSeenTemplate(template)
    if (subject === saved.subject && body === saved.body_text) {
      setSaved(template)
      form.setValues({ subject: template.subject, body_text: template.body_text })
    }
  }

  const draft: MailTemplateInput = { subject, body_text: body }
  const dirty = subject !== saved.subject || body !== saved.body_text
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange])
  useEffect(() => () => onDirtyChange(false), [onDirtyChange])

  // Leaving the page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  // After an insertion, the cursor goes just after the placeholder.
  useLayoutEffect(() => {
    const pending = pendingCursor.current
    if (!pending) return
    pendingCursor.current = null
    const element = pending.field === 'subject' ? subjectRef.current : bodyRef.current
    element?.focus()
    element?.setSelectionRange(pending.cursor, pending.cursor)
  }, [subject, body])

  const insert = (name: string) => {
    const field = lastField.current
    const element = field === 'subject' ? subjectRef.current : bodyRef.current
    const value = field === 'subject' ? subject : body
    const result = insertPlaceholder(value, name, element?.selectionStart, element?.selectionEnd)
    pendingCursor.current = { field, cursor: result.cursor }
    if (field === 'subject') setSubject(result.value)
    else setBody(result.value)
  }

  const adopt = (next: MailTemplate) => {
    setSaved(next)
    form.setValues({ subject: next.subject, body_text: next.body_text })
    form.clearErrors()
    setSaveError(null)
  }

  const onSubmit = form.onSubmit((values) => {
    setSaveError(null)
    save.mutate(
      { kind: template.kind, input: values },
      {
        onSuccess: (next) => {
          adopt(next)
          notifications.show({ color: 'teal', message: `${template.label} template saved` })
        },
        onError: (error) => {
          const reason = errorMessage(error, 'The template could not be saved. Check your connection and try again.')
          // The server's refusal of the text (a placeholder missing or not offered) is said under the body.
          if (error instanceof ApiError && error.code === 'invalid_template') form.setFieldError('body_text', reason)
          else setSaveError(reason)
        },
      },
    )
  })

  const onReset = () => {
    reset.mutate(template.kind, {
      onSuccess: (next) => {
        adopt(next)
        notifications.show({ color: 'teal', message: `${template.label} template reset to default` })
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: `Reset failed: ${errorMessage(error, 'check your connection and try again.')}`,
          autoClose: false,
        }),
      onSettled: () => setConfirmReset(false),
    })
  }

  const hints = checkPlaceholders(subject, body, template.placeholders)

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby="template-editor-heading">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={2}>
              <Title order={2} size="h4" id="template-editor-heading">
                {template.label}
              </Title>
              <Text size="sm" c="dimmed">
                {saved.is_default ? 'The default text' : `Customised, last saved ${formatDateTime(saved.updated_at)}`}
                {dirty ? ' · unsaved changes' : ''}
              </Text>
            </Stack>
            {dirty ? (
              <Badge color="yellow.4" autoContrast variant="filled" tt="none">
                Unsaved changes
              </Badge>
            ) : null}
          </Group>

          <TextInput
            ref={subjectRef}
            label="Subject"
            {...form.getInputProps('subject')}
            // The template's text, placeholders and all, is the administrator's to write.
            data-verbatim
            maxLength={200}
            required
            onFocus={() => (lastField.current = 'subject')}
          />
          <Textarea
            ref={bodyRef}
            label="Body"
            description="Plain text; the HTML part is made from it with the district's name and logo."
            {...form.getInputProps('body_text')}
            data-verbatim
            required
            rows={18}
            maxLength={10_000}
            styles={{ input: { ...monospace, fontSize: 'var(--mantine-font-size-sm)' } }}
            onFocus={() => (lastField.current = 'body')}
            errorProps={{ role: 'alert' }}
          />
          {hints.missing.length > 0 || hints.unknown.length > 0 ? (
            <Stack gap={2} aria-live="polite">
              {hints.missing.length > 0 ? (
                <Text size="sm" fw={600}>
                  {`Required placeholder${hints.missing.length > 1 ? 's' : ''} not used: `}
                  <PlaceholderTokens names={hints.missing} />
                </Text>
              ) : null}
              {hints.unknown.length > 0 ? (
                <Text size="sm" fw={600}>
                  {'Not offered for this message: '}
                  <PlaceholderTokens names={hints.unknown} />
                </Text>
              ) : null}
            </Stack>
          ) : null}

          {template.placeholders.length > 0 ? (
            <Stack gap={4}>
              <Title order={3} size="h5">
                Placeholders
              </Title>
              <Text size="sm" c="dimmed">
                Insert puts the placeholder at the cursor in the subject or the body, whichever you used last.
              </Text>
              <ScrollTable minWidth={520} label="Placeholders">
                <Table verticalSpacing={6} aria-label="Placeholders">
                  <TableHeader columns={['Placeholder', 'Description', 'Required', { label: 'Insert', visuallyHidden: true }]} />
                  <Table.Tbody>
                    {template.placeholders.map((placeholder) => (
                      <Table.Tr key={placeholder.name}>
                        <Table.Td>
                          <Code>{placeholderToken(placeholder.name)}</Code>
                        </Table.Td>
                        <Table.Td>{placeholder.description}</Table.Td>
                        <Table.Td>
                          {placeholder.required ? (
                            <Badge color="red.9" variant="filled" tt="none">
                              Required
                            </Badge>
                          ) : (
                            <Text size="sm" c="dimmed">
                              Optional
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="compact-sm"
                            variant="default"
                            leftSection={<Plus size={14} aria-hidden="true" />}
                            aria-label={`Insert ${placeholderToken(placeholder.name)}`}
                            // Keep the cursor where it is in the field.
                            onMouseDown={(event) => event.preventDefault()}
                            onClick={() => insert(placeholder.name)}
                          >
                            Insert
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </Stack>
          ) : null}

          {saveError ? <FailureAlert title="The template could not be saved" message={saveError} /> : null}
          <Group gap="sm" wrap="wrap">
            <Button type="submit" leftSection={<Save size={16} aria-hidden="true" />} loading={save.isPending} disabled={!dirty}>
              Save
            </Button>
            <Button variant="default" leftSection={<Eye size={16} aria-hidden="true" />} onClick={() => setRequested({ ...draft })}>
              Preview
            </Button>
            {dirty ? (
              <Button variant="default" onClick={() => adopt(saved)}>
                Undo changes
              </Button>
            ) : null}
            <Button
              variant="outline"
              color="red.8"
              leftSection={<RotateCcw size={16} aria-hidden="true" />}
              onClick={() => setConfirmReset(true)}
              disabled={saved.is_default}
            >
              Reset to default
            </Button>
          </Group>
        </Stack>
      </Paper>

      <TemplatePreview template={template} draft={draft} requested={requested} />

      <ConfirmDialog
        opened={confirmReset}
        title="Reset to default"
        message={`The ${template.label} template goes back to the default text; your changes to it are lost.`}
        confirmLabel="Reset to default"
        danger
        loading={reset.isPending}
        onConfirm={onReset}
        onCancel={() => setConfirmReset(false)}
      />
    </Stack>
  )
}
