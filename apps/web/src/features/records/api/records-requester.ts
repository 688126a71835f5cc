import {
  LetterResponseSchema,
  MailingListResponseSchema,
  MailingResponseSchema,
  RequestResponseSchema,
  type MAILING_STATES,
} from '@platform/contracts/records'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { downloadRecordsFile, recordsKeys, useRecordsMutation } from './records'

/** Which list of posted letters: those still to mail, or those mailed. */
export type MailingState = (typeof MAILING_STATES)[number]

const step = (id: number, name: string, body: unknown) => api.post(`/api/records-requests/${id}/${name}`, RequestResponseSchema, body)

/** POST /api/records-requests/{id}/messages: an answer to the requester, e-mailed when they gave an address. */
export const useAnswerRequester = () =>
  useRecordsMutation(({ id, message }: { id: number; message: string }) => step(id, 'messages', { message }))

/** POST /api/records-requests/{id}/documents/{documentId}/release: released to the requester, or withdrawn. */
export const useReleaseDocument = () =>
  useRecordsMutation(({ id, documentId, released }: { id: number; documentId: number; released: boolean }) =>
    step(id, `documents/${documentId}/release`, { released }),
  )

/** PUT /api/records-requests/{id}/public-summary: what the public archive shows once the request is closed. */
export const useSavePublicSummary = () =>
  useRecordsMutation(({ id, summary }: { id: number; summary: string }) =>
    api.put(`/api/records-requests/${id}/public-summary`, RequestResponseSchema, { summary }),
  )

/** POST /api/records-requests/{id}/duplicate/dismiss: the request is not a duplicate of the one it resembles. */
export const useDismissDuplicate = () => useRecordsMutation((id: number) => step(id, 'duplicate/dismiss', {}))

/** POST /api/records-requests/{id}/letters/{letterId}/resend: a letter whose e-mail failed, e-mailed again. */
export const useResendLetter = () =>
  useRecordsMutation(({ id, letterId }: { id: number; letterId: number }) =>
    api.post(`/api/records-requests/${id}/letters/${letterId}/resend`, LetterResponseSchema, {}),
  )

/** GET /api/records-mailings?state=: the issued letters that leave by post, oldest first. */
export const useMailings = (state: MailingState) =>
  useQuery({
    queryKey: recordsKeys.mailings(state),
    queryFn: ({ signal }) => api.get('/api/records-mailings', MailingListResponseSchema, { query: { state }, signal }),
    select: (r) => r.data,
  })

/** POST /api/records-mailings/{id}/mailed: the day a letter went into the post. */
export const useMarkMailed = () =>
  useRecordsMutation(({ id, mailedOn }: { id: number; mailedOn: string }) =>
    api.post(`/api/records-mailings/${id}/mailed`, MailingResponseSchema, { mailedOn }),
  )

/** GET /api/records-mailings/envelopes?ids=: one envelope a page, to print and feed to the printer. */
export const downloadEnvelopes = (ids: readonly number[]) =>
  downloadRecordsFile('/api/records-mailings/envelopes', 'envelopes.pdf', { ids: ids.join(',') })
