import {
  MailActionResponseSchema,
  MailHealthSchema,
  MailListResponseSchema,
  MailMessageDetailSchema,
  MailPreviewResponseSchema,
  MailTemplateListResponseSchema,
  MailTemplateSchema,
  type MailKind,
  type MailStatus,
  type MailTemplateInput,
} from '@platform/contracts/email'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, requestFile } from '@/lib/api-client'
import { saveBlob, todayStamp } from '@/lib/download'

/** The filters of the mail log (empty strings mean "any"). */
export interface MailFilters {
  recipient: string
  kind: MailKind | ''
  status: MailStatus | ''
  /** YYYY-MM-DD */
  from: string
  to: string
}

export const emailKeys = {
  all: ['email'] as const,
  messages: ['email', 'messages'] as const,
  list: (filters: MailFilters, limit: number, offset: number) => ['email', 'messages', 'list', filters, limit, offset] as const,
  message: (id: number) => ['email', 'messages', 'detail', id] as const,
  templates: ['email', 'templates'] as const,
  health: ['email', 'health'] as const,
}

/** GET /api/email/messages (newest first, paged). */
export const useMailLog = (filters: MailFilters, limit: number, offset: number) =>
  useQuery({
    queryKey: emailKeys.list(filters, limit, offset),
    queryFn: ({ signal }) => api.get('/api/email/messages', MailListResponseSchema, { query: { ...filters, limit, offset }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  })

/** GET /api/email/messages/{id}: the bodies, secrets masked. */
export const useMailMessage = (id: number | null) =>
  useQuery({
    queryKey: emailKeys.message(id ?? 0),
    queryFn: ({ signal }) => api.get(`/api/email/messages/${id}`, MailMessageDetailSchema, { signal }),
    enabled: id !== null,
    staleTime: 0,
  })

/** GET /api/email/messages/export with the same filters, saved as the server names it (else mail_log_{date}.csv). */
export async function exportMailLog(filters: MailFilters): Promise<void> {
  const { blob, filename } = await requestFile('/api/email/messages/export', { query: { ...filters }, accept: 'text/csv' })
  saveBlob(blob, filename ?? `mail_log_${todayStamp()}.csv`)
}

/** POST /api/email/messages/{id}/resend or /cancel; the log, the message and the health figures are refreshed. */
export function useMailAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'resend' | 'cancel' }) =>
      api.post(`/api/email/messages/${id}/${action}`, MailActionResponseSchema, {}),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: emailKeys.messages }),
        queryClient.invalidateQueries({ queryKey: emailKeys.health }),
      ])
    },
  })
}

/** GET /api/email/templates */
export const useMailTemplates = () =>
  useQuery({
    queryKey: emailKeys.templates,
    queryFn: ({ signal }) => api.get('/api/email/templates', MailTemplateListResponseSchema, { signal }),
    select: (response) => response.data,
    staleTime: 30_000,
  })

/** PUT /api/email/templates/{kind} (422 when a placeholder is missing or unknown). */
export function useSaveTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, input }: { kind: MailKind; input: MailTemplateInput }) =>
      api.put(`/api/email/templates/${kind}`, MailTemplateSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.templates }),
  })
}

/** DELETE /api/email/templates/{kind}: back to the default. */
export function useResetTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (kind: MailKind) => api.delete(`/api/email/templates/${kind}`, MailTemplateSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.templates }),
  })
}

/** POST /api/email/templates/{kind}/preview: the draft rendered with sample values. */
export const previewTemplate = (kind: MailKind, input: MailTemplateInput, signal?: AbortSignal) =>
  api.post(`/api/email/templates/${kind}/preview`, MailPreviewResponseSchema, input, { signal })

/** GET /api/email/health */
export const useMailHealth = () =>
  useQuery({
    queryKey: emailKeys.health,
    queryFn: ({ signal }) => api.get('/api/email/health', MailHealthSchema, { signal }),
    staleTime: 15_000,
  })

/** POST /api/email/health/test-connection or /test-message. */
export function useHealthAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: 'test-connection' | 'test-message') => api.post(`/api/email/health/${action}`, MailActionResponseSchema, {}),
    onSettled: (_data, _error, action) => {
      if (action === 'test-message') void queryClient.invalidateQueries({ queryKey: emailKeys.all })
    },
  })
}
