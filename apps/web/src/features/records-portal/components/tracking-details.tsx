import { Badge, SimpleGrid, Stack, Text } from '@mantine/core'
import { recordsLabels } from '@platform/contracts/labels/records'
import { dayInWords } from '@platform/contracts/records-clock'
import type { TrackingInput, TrackingView } from '@platform/contracts/records-portal'
import { Fact, PortalSection } from './portal-parts'
import classes from './portal.module.css'
import { TrackingDocuments, TrackingLetters } from './tracking-files'
import { TrackingMessages } from './tracking-messages'

/** 'By 14 days, to Mon Dec 14, 2026, because the need to …' (the statute's words for the reason, ending the sentence). */
export function extensionSentence(extension: NonNullable<TrackingView['extension']>): string {
  const reason = extension.reasonText.trim().replace(/[.;,\s]+$/, '')
  const to = `By ${extension.days} days, to ${dayInWords(extension.dueOn)}`
  return reason ? `${to}, because of ${reason.replace(/^because (of )?/i, '')}.` : `${to}.`
}

/** Where the request stands: its state in a sentence, its dates, the extension and the outcome. */
function Status({ view }: { view: TrackingView }) {
  return (
    <PortalSection id="status" title="Where your request stands">
      <Stack gap="xs">
        <div>
          <Badge size="lg" variant="light" color={view.state === 'CLOSED' ? 'gray' : 'blue'}>
            {recordsLabels.publicState[view.state]}
          </Badge>
        </div>
        <Text>{view.stateText}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Received">{dayInWords(view.receivedOn)}</Fact>
        <Fact label="The district's time to answer counts from">{dayInWords(view.countedFrom)}</Fact>
        <Fact label="The district answers by">{view.dueInWords}</Fact>
        {view.extension ? <Fact label="Extended">{extensionSentence(view.extension)}</Fact> : null}
        {view.outcome ? <Fact label="Outcome">{view.outcomeText ?? recordsLabels.outcome[view.outcome]}</Fact> : null}
        {view.determinedOn ? <Fact label="Decided on">{dayInWords(view.determinedOn)}</Fact> : null}
        {view.estimatedProductionOn ? <Fact label="Records expected by">{dayInWords(view.estimatedProductionOn)}</Fact> : null}
        {view.closedOn ? <Fact label="Closed on">{dayInWords(view.closedOn)}</Fact> : null}
      </SimpleGrid>
      {view.linkValidUntil ? (
        <Text size="sm" c="gray.7">
          This link works until {dayInWords(view.linkValidUntil)}.
        </Text>
      ) : null}
    </PortalSection>
  )
}

/** Their request as they sent it, and as clarified with them. */
function RequestText({ view }: { view: TrackingView }) {
  return (
    <PortalSection id="request-text" title="What you asked for">
      <Text className={classes.breakable} data-verbatim>
        {view.text}
      </Text>
      {view.clarifiedText ? (
        <Fact label="As clarified with you" verbatim>
          {view.clarifiedText}
        </Fact>
      ) : null}
      {view.preferredFormat ? (
        <Fact label={recordsLabels.field.preferredFormat}>{recordsLabels.preferredFormat[view.preferredFormat]}</Fact>
      ) : null}
    </PortalSection>
  )
}

/** Everything a tracking link shows, in the order a requester looks for it. */
export function TrackingDetails({ link, view }: { link: TrackingInput; view: TrackingView }) {
  return (
    <Stack gap="lg">
      <Status view={view} />
      <TrackingLetters link={link} letters={view.letters} />
      <TrackingDocuments link={link} documents={view.documents} />
      <TrackingMessages link={link} messages={view.messages} />
      <RequestText view={view} />
    </Stack>
  )
}
