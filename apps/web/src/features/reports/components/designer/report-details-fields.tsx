import { Stack, Textarea, TextInput, Title } from '@mantine/core'
import type { Ref } from 'react'

export interface ReportDetails {
  name: string
  description: string
}

export interface ReportDetailsFieldsProps {
  value: ReportDetails
  nameError: string | null
  nameRef?: Ref<HTMLInputElement>
  onChange: (next: ReportDetails) => void
}

/** A saved report's name (required) and description, saved with the definition. */
export function ReportDetailsFields({ value, nameError, nameRef, onChange }: ReportDetailsFieldsProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="report-details-heading">
      <Title order={3} size="h5" id="report-details-heading">
        Report details
      </Title>
      <TextInput
        ref={nameRef}
        label="Name"
        description="How the report is listed"
        required
        maxLength={200}
        value={value.name}
        error={nameError}
        onChange={(event) => onChange({ ...value, name: event.currentTarget.value })}
      />
      <Textarea
        label="Description"
        description="Optional"
        autosize
        minRows={2}
        maxLength={1000}
        value={value.description}
        onChange={(event) => onChange({ ...value, description: event.currentTarget.value })}
      />
    </Stack>
  )
}
