import {
  ArchiveEntryResponseSchema,
  ArchiveListResponseSchema,
  NewLinkResponseSchema,
  PORTAL_PATH,
  PortalInfoResponseSchema,
  PortalReceiptResponseSchema,
  TrackingResponseSchema,
  type PortalRequestInput,
  type TrackingInput,
  type TrackingView,
} from '@platform/contracts/records-portal'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { request, requestFile, type RequestOptions } from '@/lib/api-client'
import { saveBlob } from '@/lib/download'

const API = `/api${PORTAL_PATH}`

/**
 * The public's calls carry no session: a staff member's stored sign-in is never sent from these pages, and no answer
 * sends anyone to the sign-in page (the public has no account to sign in to).
 */
const PUBLIC: RequestOptions = { token: null, skipAuthRedirect: true }

const get = <S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}) =>
  request(`${API}${path}`, schema, { ...PUBLIC, ...options, method: 'GET' })
const post = <S extends z.ZodType>(path: string, schema: S, body: unknown) =>
  request(`${API}${path}`, schema, { ...PUBLIC, method: 'POST', body })

export const portalKeys = {
  info: ['records-portal', 'info'] as const,
  // The tracking answer is kept in memory only, under the link it was read with.
  tracking: (link: TrackingInput) => ['records-portal', 'tracking', link.number, link.token] as const,
  archive: (search: string, offset: number) => ['records-portal', 'archive', search, offset] as const,
  archiveEntry: (number: string) => ['records-portal', 'archive', 'entry', number] as const,
}

/** GET /public-records/info: the district's name and introduction, and whether its archive is published. */
export const usePortalInfo = () =>
  useQuery({
    queryKey: portalKeys.info,
    queryFn: ({ signal }) => get('/info', PortalInfoResponseSchema, { signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  })

/** POST /public-records/requests: the request as the form checked it; the answer is its receipt. */
export const useSubmitRequest = () =>
  useMutation({
    mutationFn: (input: PortalRequestInput) => post('/requests', PortalReceiptResponseSchema, input).then((answer) => answer.data),
  })

/** POST /public-records/track: the request as its tracking link shows it (the secret goes in the body, never in an address). */
export const useTracking = (link: TrackingInput | null) =>
  useQuery({
    queryKey: link ? portalKeys.tracking(link) : ['records-portal', 'tracking', 'none'],
    queryFn: () => post('/track', TrackingResponseSchema, link).then((answer) => answer.data),
    enabled: link !== null,
  })

/** POST /public-records/track/messages: the requester's message; the answer is the page with it added. */
export const useSendMessage = (link: TrackingInput) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (message: string) => post('/track/messages', TrackingResponseSchema, { ...link, message }).then((answer) => answer.data),
    onSuccess: (view: TrackingView) => queryClient.setQueryData(portalKeys.tracking(link), view),
  })
}

/** POST /public-records/track/<letters|documents>/:id with the link in the body: an issued letter or a released document. */
export async function downloadTrackedFile(link: TrackingInput, kind: 'letters' | 'documents', id: number, fallbackName: string) {
  const file = await requestFile(`${API}/track/${kind}/${id}`, { ...PUBLIC, method: 'POST', body: link })
  saveBlob(file.blob, file.filename ?? fallbackName)
}

/** POST /public-records/new-link: always the same sentence, whether or not the address and number matched. */
export const useNewLink = () =>
  useMutation({
    mutationFn: (input: { email: string; number: string }) =>
      post('/new-link', NewLinkResponseSchema, input).then((answer) => answer.data.message),
  })

export const ARCHIVE_PAGE_SIZE = 25

/** GET /public-records/archive: closed requests the district publishes (404 archive_off while it publishes none). */
export const useArchive = (search: string, offset: number) =>
  useQuery({
    queryKey: portalKeys.archive(search, offset),
    queryFn: ({ signal }) =>
      get('/archive', ArchiveListResponseSchema, { signal, query: { search: search || undefined, limit: ARCHIVE_PAGE_SIZE, offset } }),
    placeholderData: keepPreviousData,
  })

/** GET /public-records/archive/:number: one published request. */
export const useArchiveEntry = (number: string) =>
  useQuery({
    queryKey: portalKeys.archiveEntry(number),
    queryFn: ({ signal }) => get(`/archive/${encodeURIComponent(number)}`, ArchiveEntryResponseSchema, { signal }),
    select: (answer) => answer.data,
  })

/** GET /public-records/archive/:number/documents/:id: a released document of a published request. */
export async function downloadArchiveDocument(number: string, id: number, fallbackName: string) {
  const file = await requestFile(`${API}/archive/${encodeURIComponent(number)}/documents/${id}`, PUBLIC)
  saveBlob(file.blob, file.filename ?? fallbackName)
}
