import type { z } from 'zod'

/**
 * A form checked by the contract's own schema, the one the server applies to the request: the first message for each
 * of the named fields that fails, keyed by field. Fields not named (sent but not shown on the form) are left out.
 */
export function schemaErrors<Field extends string>(
  schema: z.ZodType,
  input: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const result = schema.safeParse(input)
  const errors: Partial<Record<Field, string>> = {}
  if (result.success) return errors
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && (fields as readonly string[]).includes(field) && errors[field as Field] === undefined) {
      errors[field as Field] = issue.message
    }
  }
  return errors
}
