import { Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { MarkMailedInputSchema, type MailingSchema } from '@platform/contracts/records'
import { dayInWords, isCalendarDate } from '@platform/contracts/records-clock'
import { useState } from 'react'
import type { z } from 'zod'
import { districtTimeZone } from '@/lib/district-time'
import { useMarkMailed } from '../api/records-requester'
import { districtNow } from '../utils/district-instant'
import { LETTER_LABELS } from './records-labels'
import { StepModal, useContractForm } from './request-parts'

/** An issued letter that leaves by post. */
export type Mailing = z.infer<typeof MailingSchema>

/** 'Public records requester' when the requester gave no name: the envelope page says the same. */
export const addressee = (mailing: Mailing) => mailing.recipientName.trim() || 'Public records requester'

/** The day a letter went into the post (today on the district's clock unless said otherwise), asked once more before it is recorded. */
export function MarkMailedStep({ mailing, onClose }: { mailing: Mailing; onClose: () => void }) {
  const mark = useMarkMailed()
  const [today] = useState(() => districtNow(districtTimeZone()).date)
  const { form, check } = useContractForm(MarkMailedInputSchema, { mailedOn: today })
  const { mailedOn } = form.getValues()
  const letter = `${LETTER_LABELS[mailing.letterKind].toLowerCase()} letter of ${mailing.number}`
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Mark the ${letter} mailed`}
      submitLabel="Mark mailed"
      check={() => {
        const found = check()
        // The contract cannot know the district's today: a day in the future is the form's own check (the server's too).
        if (!found.mailedOn && mailedOn > today) {
          found.mailedOn = 'The day mailed cannot be in the future.'
          form.setFieldError('mailedOn', found.mailedOn)
        }
        return found
      }}
      confirmation={() =>
        `Record that the ${letter} was mailed to ${addressee(mailing)} on ${isCalendarDate(mailedOn) ? dayInWords(mailedOn) : mailedOn}? The day is recorded on the request’s timeline and cannot be changed.`
      }
      run={() => mark.mutateAsync({ id: mailing.id, mailedOn })}
      onDone={() => {
        notifications.show({ color: 'teal', message: `The ${letter} was marked mailed.` })
        onClose()
      }}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {addressee(mailing)}
        {'\n'}
        {mailing.postalAddress}
      </Text>
      <TextInput label="Day mailed" type="date" {...form.getInputProps('mailedOn')} max={today} required w={200} data-autofocus />
    </StepModal>
  )
}
