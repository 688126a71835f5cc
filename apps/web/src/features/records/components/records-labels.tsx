import { Badge } from '@mantine/core'
import type { Channel, ExtensionReason, LetterKind, Outcome, RequestState } from '@platform/contracts/records'

export const STATE_LABELS: Record<RequestState, string> = {
  RECEIVED: 'Received',
  CLARIFYING: 'Clarifying',
  DETERMINED: 'Determined',
  PRODUCING: 'Producing',
  CLOSED: 'Closed',
  REOPENED: 'Reopened',
}
// Dark fills so the white text keeps a 4.5:1 contrast.
const STATE_COLORS: Record<RequestState, string> = {
  RECEIVED: 'blue.9',
  CLARIFYING: 'violet.9',
  DETERMINED: 'cyan.9',
  PRODUCING: 'indigo.9',
  CLOSED: 'gray.8',
  REOPENED: 'grape.9',
}

export const CHANNEL_LABELS: Record<Channel, string> = {
  EMAIL: 'E-mail',
  WEB_FORM: 'Web form',
  MAIL: 'Mail',
  IN_PERSON: 'In person',
  PHONE: 'Phone',
}

export const OUTCOME_LABELS: Record<Outcome, string> = {
  DISCLOSABLE: 'Disclosable',
  PARTIAL: 'Partly disclosable (partial denial)',
  DENIED: 'Denied',
  NO_RECORDS: 'No records',
  NOT_A_RECORDS_REQUEST: 'Not a records request',
}

export const EXTENSION_REASON_LABELS: Record<ExtensionReason, string> = {
  FIELD_FACILITIES: 'Records at field facilities',
  VOLUMINOUS: 'A voluminous amount of records',
  CONSULTATION: 'Consultation with another agency',
  DATA_COMPILATION: 'Data compilation or programming',
  EMERGENCY: 'An emergency',
}

export const LETTER_LABELS: Record<LetterKind, string> = {
  ACKNOWLEDGMENT: 'Acknowledgment',
  DETERMINATION: 'Determination',
  EXTENSION: 'Extension',
  DENIAL: 'Denial',
  CLOSURE: 'Closure',
}

export const RequestStateBadge = ({ state }: { state: RequestState }) => (
  <Badge color={STATE_COLORS[state]} variant="filled" tt="none" style={{ flexShrink: 0 }}>
    {STATE_LABELS[state]}
  </Badge>
)

/** What a stopped clock says on the queue. */
export const stoppedLabel = (state: RequestState) => (state === 'CLOSED' ? 'Closed' : 'Determined')
