import { z } from 'zod'

/** Every failed API call answers this body, with a status that matches `code`. */
export const ErrorBodySchema = z.object({
  error: z.string().describe('A message a person can read'),
  code: z.string().describe('A stable machine code, e.g. bad_request, rate_limited'),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>

export const SuccessSchema = z.object({ success: z.literal(true), message: z.string().optional() })
export type Success = z.infer<typeof SuccessSchema>
