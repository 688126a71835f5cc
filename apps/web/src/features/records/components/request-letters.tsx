import { Alert, Badge, Button, Group, List, Select, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import {
  LETTER_KINDS,
  LetterDraftInputSchema,
  LetterIssueInputSchema,
  LetterReviseInputSchema,
  type Letter,
  type LetterKind,
  type RequestDetail,
} from '@platform/contracts/records'
import { FileDown } from 'lucide-react'
import { useState } from 'react'
import { StepNotOffered } from '@/components/step-not-offered'
import { errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { downloadRecordsFile, useDraftLetter, useIssueLetter, useReviseLetter } from '../api/records'
import { LetterDelivery } from './letter-delivery'
import { LETTER_LABELS } from './records-labels'
import { Section, StepModal, useContractForm } from './request-parts'
import { FailureAlert } from '@/components/failure-alert'
import { useRecordsDuties } from './use-records-duties'

/** The letters: drafted from templates, refused while a required part is missing, signed by a signatory who neither drafted nor edited them. */
export function LettersSection({ request }: { request: RequestDetail }) {
  const [drafting, setDrafting] = useState(false)
  const [revising, setRevising] = useState<Letter | null>(null)
  const [issuing, setIssuing] = useState<Letter | null>(null)
  // Sending a failed e-mail again is the mailings' step (coordinators); the server refuses anyone else in words.
  const mayResend = useRecordsDuties().has('COORDINATOR')
  return (
    <Section
      title="Letters"
      actions={
        request.actions.draftLetter ? (
          <Button size="xs" variant="default" onClick={() => setDrafting(true)}>
            Draft a letter
          </Button>
        ) : null
      }
    >
      {request.letters.length === 0 ? (
        <Text c="dimmed" size="sm">
          No letters yet.
        </Text>
      ) : null}
      <Stack gap="sm">
        {request.letters.map((letter) => (
          <LetterCard
            key={letter.id}
            request={request}
            letter={letter}
            mayResend={mayResend}
            onRevise={() => setRevising(letter)}
            onIssue={() => setIssuing(letter)}
          />
        ))}
      </Stack>
      {drafting ? <DraftStep request={request} onClose={() => setDrafting(false)} /> : null}
      {revising ? <ReviseStep request={request} letter={revising} onClose={() => setRevising(null)} /> : null}
      {issuing ? <IssueStep request={request} letter={issuing} onClose={() => setIssuing(null)} /> : null}
    </Section>
  )
}

function LetterCard({
  request,
  letter,
  mayResend,
  onRevise,
  onIssue,
}: {
  request: RequestDetail
  letter: Letter
  mayResend: boolean
  onRevise: () => void
  onIssue: () => void
}) {
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null)
  const draft = letter.state === 'DRAFT'
  // The server's words when this person may not sign it (they drafted or edited it): shown beside a disabled button.
  const notSigned = draft ? letter.stepReasons.issue : undefined
  const label = `${LETTER_LABELS[letter.kind]} letter`
  return (
    <Stack gap={4} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} aria-label={label} role="group">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={600}>{label}</Text>
          <Badge color={draft ? 'gray.8' : 'teal.9'} variant="filled" tt="none">
            {draft ? 'Draft' : 'Issued'}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<FileDown size={14} aria-hidden="true" />}
            onClick={() => {
              setDownloadProblem(null)
              downloadRecordsFile(
                `/api/records-requests/${request.id}/letters/${letter.id}/pdf`,
                `${request.number}-${letter.kind.toLowerCase()}.pdf`,
              ).catch((error: unknown) => setDownloadProblem(errorMessage(error, 'The PDF could not be downloaded.')))
            }}
          >
            PDF
          </Button>
          {draft && request.actions.draftLetter ? (
            <Button size="compact-sm" variant="default" onClick={onRevise}>
              Revise
            </Button>
          ) : null}
          {draft && request.actions.issueLetter && !notSigned ? (
            <Button size="compact-sm" onClick={onIssue}>
              Sign and issue
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Drafted by {letter.drafterNames.join(', ') || 'the template'} ({formatDateTime(letter.createdAt)})
        {letter.issuedAt
          ? `; signed by ${letter.signedByName ?? ''}${letter.signedByTitle ? `, ${letter.signedByTitle}` : ''}, issued ${formatDateTime(letter.issuedAt)}`
          : ''}
      </Text>
      {letter.delivery ? <LetterDelivery request={request} letter={letter} delivery={letter.delivery} mayResend={mayResend} /> : null}
      {notSigned ? <StepNotOffered label="Sign and issue" reason={notSigned} /> : null}
      {draft && letter.missing.length > 0 ? (
        <Alert color="yellow" variant="light" title="Cannot be issued yet: it lacks">
          <List size="sm">
            {letter.missing.map((part) => (
              <List.Item key={part}>{part}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {downloadProblem ? <FailureAlert message={downloadProblem} /> : null}
    </Stack>
  )
}

function DraftStep({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const draft = useDraftLetter()
  const letterOf = (values: { kind: LetterKind | null; body: string }) => ({ kind: values.kind, body: values.body.trim() || null })
  const { form, check } = useContractForm(LetterDraftInputSchema, { kind: null as LetterKind | null, body: '' }, letterOf)
  const { kind } = form.getValues()
  const input = letterOf(form.getValues())
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Draft a letter on ${request.number}`}
      submitLabel="Draft letter"
      check={check}
      run={() => draft.mutateAsync({ id: request.id, input: LetterDraftInputSchema.parse(input) })}
      onDone={() => {
        notifications.show({ color: 'teal', message: `The ${LETTER_LABELS[kind!].toLowerCase()} letter was drafted.` })
        onClose()
      }}
    >
      <Select
        label="Letter"
        data={LETTER_KINDS.map((value) => ({ value, label: LETTER_LABELS[value] }))}
        {...form.getInputProps('kind')}
        required
        data-autofocus
      />
      <Textarea label="Body (optional: the template's text is used when empty)" {...form.getInputProps('body')} autosize minRows={4} />
    </StepModal>
  )
}

function ReviseStep({ request, letter, onClose }: { request: RequestDetail; letter: Letter; onClose: () => void }) {
  const revise = useReviseLetter()
  const { form, check } = useContractForm(LetterReviseInputSchema, { body: letter.body })
  const { body } = form.getValues()
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Revise the ${LETTER_LABELS[letter.kind].toLowerCase()} letter`}
      submitLabel="Save revision"
      check={check}
      run={() => revise.mutateAsync({ id: request.id, letterId: letter.id, input: LetterReviseInputSchema.parse({ body }) })}
      onDone={() => {
        notifications.show({ color: 'teal', message: 'The letter was revised.' })
        onClose()
      }}
    >
      <Textarea label="Body" {...form.getInputProps('body')} required autosize minRows={8} data-autofocus />
    </StepModal>
  )
}

function IssueStep({ request, letter, onClose }: { request: RequestDetail; letter: Letter; onClose: () => void }) {
  const issue = useIssueLetter()
  const { form, check } = useContractForm(LetterIssueInputSchema, { signatoryTitle: '' })
  const title = form.getValues().signatoryTitle
  const name = `${LETTER_LABELS[letter.kind].toLowerCase()} letter`
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Sign and issue the ${name}`}
      submitLabel="Sign and issue"
      check={check}
      confirmation={() =>
        `Sign and issue the ${name} on ${request.number} as ${title.trim()}? An issued letter is final and goes to the requester: ${
          request.requester.email
            ? `e-mailed to ${request.requester.email} with the PDF attached.`
            : 'they gave no e-mail address, so it goes on the To mail list to be printed and posted.'
        }`
      }
      run={() => issue.mutateAsync({ id: request.id, letterId: letter.id, input: LetterIssueInputSchema.parse({ signatoryTitle: title }) })}
      onDone={() => {
        notifications.show({ color: 'teal', message: `The ${name} was issued.` })
        onClose()
      }}
    >
      <TextInput label="Your title" placeholder="e.g. Superintendent" {...form.getInputProps('signatoryTitle')} required data-autofocus />
    </StepModal>
  )
}
