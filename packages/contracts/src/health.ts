import { z } from 'zod'

export const HealthResponseSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() })
export const ReadyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'unavailable']),
})
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>
