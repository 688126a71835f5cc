import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { recordsLabels } from '@platform/contracts/labels/records'
import {
  MAX_DESCRIPTION_LENGTH,
  PREFERRED_FORMATS,
  PortalRequestInputSchema,
  type PortalRequestInput,
} from '@platform/contracts/records-portal'
import { useState } from 'react'
import { FailureAlert } from '@/components/failure-alert'
import { formatCount } from '@/lib/format'
import { withoutFieldNames } from '@/lib/schema-errors'
import { useSubmitRequest } from '../api/portal'
import type { PortalReceipt } from './request-receipt'
import classes from './portal.module.css'

export interface PortalRequestValues {
  description: string
  preferredFormat: string | null
  name: string
  email: string
  postalAddress: string
  /** The field people never see; see portal.module.css. */
  website: string
}

export const EMPTY_REQUEST: PortalRequestValues = {
  description: '',
  preferredFormat: null,
  name: '',
  email: '',
  postalAddress: '',
  website: '',
}

/** What the form sends: what was left empty is not given. The hidden field goes as it is, so the server sees a bot's. */
export function portalRequestInput(values: PortalRequestValues) {
  return {
    description: values.description,
    preferredFormat: values.preferredFormat,
    name: values.name.trim() || null,
    email: values.email.trim() || null,
    postalAddress: values.postalAddress.trim() || null,
    website: values.website,
  }
}

const resolve = withoutFieldNames(schemaResolver(PortalRequestInputSchema, { sync: true }))

/**
 * The form's errors by field, from the contract's schema. Its rule that one way to answer is needed runs only once
 * every field is valid; the contact fields are also checked on their own (beside a stand-in request), so a person
 * who left everything empty is told all of it at once.
 */
export function validatePortalRequest(values: PortalRequestValues) {
  const input = portalRequestInput(values)
  const errors = resolve(input)
  if (errors.email) return errors
  const contact = resolve({ ...input, description: 'records', preferredFormat: PREFERRED_FORMATS[0], name: null, website: null })
  return contact.email ? { ...errors, email: contact.email } : errors
}

/** The problems found before sending, in a sentence the alert reads out (each is also under its field). */
const problemSummary = (count: number) =>
  count === 1
    ? 'One thing needs your attention: see the field marked below.'
    : `${count} things need your attention: see the fields marked below.`

/** The request itself: what is asked for, in which form, and how the district may answer. */
export function RequestForm({
  maxLength = MAX_DESCRIPTION_LENGTH,
  onReceived,
}: {
  maxLength?: number
  onReceived: (receipt: PortalReceipt) => void
}) {
  const submit = useSubmitRequest()
  const [problem, setProblem] = useState<string | null>(null)
  const form = useForm<PortalRequestValues>({
    mode: 'controlled',
    initialValues: EMPTY_REQUEST,
    validate: validatePortalRequest,
  })

  const onSubmit = form.onSubmit(
    (values) => {
      setProblem(null)
      const input: PortalRequestInput = PortalRequestInputSchema.parse(portalRequestInput(values))
      submit.mutate(input, { onSuccess: onReceived })
    },
    (errors, _values, event) => {
      setProblem(problemSummary(Object.keys(errors).length))
      // Keyboard and screen reader users start again at the first field to put right, once it is marked.
      const formElement = event?.currentTarget
      setTimeout(() => formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0)
    },
  )

  const length = form.values.description.length
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="form"

      onSubmit={onSubmit}
      noValidate
      aria-labelledby="request-form-title"
    >
      <Stack gap="md">
        <Title order={2} id="request-form-title">
          Your request
        </Title>
        <Textarea
          label="The records you are asking for"
          description={`What, from which school or office, and which dates. ${formatCount(length)} of ${formatCount(maxLength)} characters.`}
          required
          autosize
          minRows={5}
          maxRows={16}
          {...form.getInputProps('description')}
        />
        <Radio.Group label={recordsLabels.field.preferredFormat} required {...form.getInputProps('preferredFormat')}>
          <Stack gap="xs" mt="xs">
            {PREFERRED_FORMATS.map((format) => (
              <Radio key={format} value={format} label={recordsLabels.preferredFormat[format]} />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label="Your name (optional)"
          description="You may ask anonymously: you do not have to give your name or say why you want the records."
          autoComplete="name"
          {...form.getInputProps('name')}
        />
        <Stack gap="xs" component="fieldset" className={classes.fieldset}>
          <Text component="legend" fw={600} size="sm" p={0}>
            How the district can answer you
          </Text>
          <Text size="sm" c="gray.7">
            Give an e-mail address, a postal address, or both: one of the two is needed. With an e-mail address you also get a private link
            to follow your request online.
          </Text>
          <TextInput label={recordsLabels.field.email} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Textarea
            label={recordsLabels.field.postalAddress}
            autoComplete="street-address"
            autosize
            minRows={3}
            {...form.getInputProps('postalAddress')}
          />
        </Stack>
        <div className={classes.honeypot} aria-hidden="true">
          <TextInput label="Leave this empty" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
        </div>
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        {submit.isError ? <FailureAlert title="Your request was not sent" error={submit.error} /> : null}
        <Group>
          <Button type="submit" loading={submit.isPending}>
            Send request
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
