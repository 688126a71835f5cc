import { DsaProjectSchema, type DsaProjectsResponse } from '@platform/contracts/dsa'
import { z } from 'zod'

/**
 * The list is read from `data` or `projects`, and the total from `pagination.total` or `totalCount`. The
 * server sends `data` and `pagination`; the older names are still accepted so either answer reads the same.
 */
export const ProjectsPayloadSchema = z
  .object({
    data: z.array(DsaProjectSchema).optional(),
    projects: z.array(DsaProjectSchema).optional(),
    pagination: z
      .object({ total: z.number().int().optional(), limit: z.number().int().optional(), offset: z.number().int().optional() })
      .optional(),
    totalCount: z.number().int().optional(),
  })
  .refine((body) => body.data !== undefined || body.projects !== undefined, 'The answer holds no project list.')

/** The one shape the screen reads: `{data, pagination: {total, limit, offset}}`, filling what the answer left out. */
export function normaliseProjects(
  body: z.infer<typeof ProjectsPayloadSchema>,
  requested: { limit: number; offset: number },
): DsaProjectsResponse {
  const data = body.data ?? body.projects ?? []
  const total = body.pagination?.total ?? body.totalCount ?? requested.offset + data.length
  return {
    data,
    pagination: { total, limit: body.pagination?.limit ?? requested.limit, offset: body.pagination?.offset ?? requested.offset },
  }
}
