import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { RequestDetail } from '@platform/contracts/records'
import { formatDay } from '@platform/contracts/records-clock'
import { useParams } from 'react-router'
import { formatDateTime } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useRecordsRequest } from '../api/records'
import { ClockBadge } from './clock-badge'
import { CHANNEL_LABELS, EXTENSION_REASON_LABELS, OUTCOME_LABELS, RequestStateBadge, stoppedLabel } from './records-labels'
import { DocumentsSection } from './request-documents'
import { FeesSection } from './request-fees'
import { LettersSection } from './request-letters'
import { LinksSection } from './request-links'
import { NotesSection, TimeLogSection, TimelineSection } from './request-log'
import { MessagesSection } from './request-messages'
import { Fact, Section } from './request-parts'
import { RequesterSection } from './request-requester'
import { RequestSteps } from './request-steps'
import { PublicSummarySection } from './request-summary'
import { AssignmentsSection, TasksSection } from './request-work'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'

/** One request: its clock and how it was computed, the steps the person may take, and all the work on it. */
export function RequestPage() {
  const id = Number(useParams().id)
  const request = useRecordsRequest(id)
  useDocumentTitle(request.data ? `Request ${request.data.number}` : 'Request')
  if (!Number.isInteger(id) || id <= 0)
    return (
      <Alert color="blue" title="Page not found">
        There is no request at this address.
      </Alert>
    )
  if (request.isError) return <FailureAlert title="The request could not be loaded" error={request.error} />
  if (!request.data) return <LoadingState label="Loading the request" query={request} />
  const data = request.data

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Title order={2} ff="monospace">
            {data.number}
          </Title>
          <RequestStateBadge state={data.state} />
          <ClockBadge status={data.clock.status} daysLeft={data.clock.daysLeft} stoppedLabel={stoppedLabel(data.state)} />
        </Group>
        <RequestSteps request={data} />
      </Group>
      <ClockSection request={data} />
      <Section title="The request">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label="Received">{formatDateTime(data.receivedAt)}</Fact>
          <Fact label="Channel">{CHANNEL_LABELS[data.channel]}</Fact>
        </SimpleGrid>
        <Fact label="Text as received">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{data.text}</Text>
        </Fact>
        {data.clarifiedText ? (
          <Fact label="Clarified text">
            <Text style={{ whiteSpace: 'pre-wrap' }}>{data.clarifiedText}</Text>
          </Fact>
        ) : null}
      </Section>
      <RequesterSection request={data} />
      <MessagesSection request={data} />
      <AssignmentsSection request={data} />
      <TasksSection request={data} />
      <DocumentsSection request={data} />
      <LettersSection request={data} />
      <PublicSummarySection request={data} />
      <FeesSection request={data} />
      <TimeLogSection request={data} />
      <NotesSection request={data} />
      <LinksSection request={data} />
      <TimelineSection request={data} />
    </Stack>
  )
}

/** The clock in words: how each date was computed, the extension and the determination once made. */
function ClockSection({ request }: { request: RequestDetail }) {
  const { clock, extension, determination } = request
  return (
    <Section title="The clock">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label="Determination due">{formatDay(clock.determinationDueOn, true)}</Fact>
        <Fact label="Extended to">{clock.extendedDueOn ? formatDay(clock.extendedDueOn, true) : 'Not extended'}</Fact>
        <Fact label="Binding date">{formatDay(clock.dueOn, true)}</Fact>
      </SimpleGrid>
      <Text data-testid="clock-explanation">How it was computed: {clock.explanation}.</Text>
      {clock.extensionExplanation ? <Text data-testid="extension-explanation">Extension: {clock.extensionExplanation}.</Text> : null}
      {extension ? (
        <Text size="sm">
          Extended once by {extension.days} days by {extension.signatoryName} ({formatDateTime(extension.extendedAt)}) for{' '}
          {EXTENSION_REASON_LABELS[extension.reason].toLowerCase()}: {extension.reasonText}.
        </Text>
      ) : null}
      {determination ? (
        <Text size="sm">
          Determined {formatDay(determination.determinedOn, true)} by {determination.signatoryName}: {OUTCOME_LABELS[determination.outcome]}
          {determination.estimatedProductionOn ? `; records estimated by ${formatDay(determination.estimatedProductionOn, true)}` : ''}
          {determination.onTime ? ' (on time).' : ' (late).'}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        Clarifying with the requester never moves these dates. The day received is not counted; a due day on a weekend or district holiday
        moves to the next business day.
      </Text>
    </Section>
  )
}
