import { SimpleGrid, Stack, Text } from '@mantine/core'
import type { DsaProject } from '@platform/contracts/dsa'
import type { ReactNode } from 'react'
import { formatDay } from '../utils/dates'
import { formatUsd } from '../utils/money'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  )
}

function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text fw={700} size="sm">
        {title}
      </Text>
      <Stack component="dl" gap={6} m={0}>
        {children}
      </Stack>
    </Stack>
  )
}

/** The tracker's own fields of a project, from which its status and cost are derived: shown, so a reader can check them. */
export function ProjectDetails({ project }: { project: DsaProject }) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 4 }}
      spacing="lg"
      py="xs"
      aria-label={`Tracker fields of ${project.projectNumber}`}
      role="group"
    >
      <FieldGroup title="Dates">
        <Field label="Received">{formatDay(project.receivedDate)}</Field>
        <Field label="Approved">{formatDay(project.approvedDate)}</Field>
        <Field label="Closed">{formatDay(project.closedDate)}</Field>
        <Field label="Void">{formatDay(project.voidDate)}</Field>
      </FieldGroup>
      <FieldGroup title="Certification">
        <Field label="Letter">{project.certificationLetter || '—'}</Field>
        <Field label="Date">{formatDay(project.certificationDate)}</Field>
      </FieldGroup>
      <FieldGroup title="Amounts">
        <Field label="Estimated">{formatUsd(project.estimatedAmount)}</Field>
        <Field label="Contracted">{formatUsd(project.contractedAmount)}</Field>
        <Field label="Change">{formatUsd(project.changeAmount)}</Field>
        <Field label="Final">{formatUsd(project.finalCost)}</Field>
      </FieldGroup>
      <FieldGroup title="Location">
        <Field label="City">{project.city || '—'}</Field>
        <Field label="PTN">{project.ptn || '—'}</Field>
      </FieldGroup>
    </SimpleGrid>
  )
}
