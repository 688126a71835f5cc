import type { FormErrors } from '@mantine/form'
import type { z } from 'zod'

// The API's name of the field, in brackets at the very end of a message (before its full stop, if any).
const API_FIELD_NAME = / \(([a-zA-Z][\w.[\]]*)\)(?=\.?$)/

/**
 * A contract's message as a form shows it: without the API's field name that ends it, which names the field in the
 * API's 400 answers but is noise beside the field on screen ('Choose who searches (assigneeId).' → 'Choose who
 * searches.'). Any other brackets in the sentence stay.
 */
export function formMessage(message: string): string {
  return message.replace(API_FIELD_NAME, '')
}

/**
 * A form's validation by the contract's schema (a `schemaResolver`) with its messages as a form shows them: without the
 * API's field name that ends them, the field's label being beside each. `formField` names the form's field for an API
 * path where the two differ (an amount typed in dollars for `amountCents`).
 */
export function withoutFieldNames<Values>(validate: (values: Values) => FormErrors, formField = (path: string) => path) {
  return (values: Values): FormErrors =>
    Object.fromEntries(
      Object.entries(validate(values)).map(([path, message]) => [
        formField(path),
        typeof message === 'string' ? formMessage(message) : message,
      ]),
    )
}

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
      errors[field as Field] = formMessage(issue.message)
    }
  }
  return errors
}
