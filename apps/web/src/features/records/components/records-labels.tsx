import { Badge } from '@mantine/core'
import { recordsLabels } from '@platform/contracts/labels/records'
import type { Channel, ExtensionReason, LetterKind, Outcome, RequestState } from '@platform/contracts/records'

export const STATE_LABELS: Record<RequestState, string> = recordsLabels.requestState
// Dark fills so the white text keeps a 4.5:1 contrast.
const STATE_COLORS: Record<RequestState, string> = {
  RECEIVED: 'blue.9',
  CLARIFYING: 'violet.9',
  DETERMINED: 'cyan.9',
  PRODUCING: 'indigo.9',
  CLOSED: 'gray.8',
  REOPENED: 'grape.9',
}

export const CHANNEL_LABELS: Record<Channel, string> = recordsLabels.channel
export const OUTCOME_LABELS: Record<Outcome, string> = recordsLabels.outcome
export const EXTENSION_REASON_LABELS: Record<ExtensionReason, string> = recordsLabels.extensionReason
export const LETTER_LABELS: Record<LetterKind, string> = recordsLabels.letterKind

export const RequestStateBadge = ({ state }: { state: RequestState }) => (
  <Badge color={STATE_COLORS[state]} variant="filled" tt="none" style={{ flexShrink: 0 }}>
    {STATE_LABELS[state]}
  </Badge>
)

/** What a stopped clock says on the queue. */
export const stoppedLabel = (state: RequestState) => (state === 'CLOSED' ? 'Closed' : 'Determined')
