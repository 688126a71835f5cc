import type { FormErrors } from '@mantine/form'
import { withoutFieldNames as inFormWords } from '@/lib/schema-errors'

/**
 * A form's validation by the contract's schema, its messages as a form shows them, with amounts typed in dollars in
 * the `amount` field of the form.
 */
export function withoutFieldNames<Values>(validate: (values: Values) => FormErrors) {
  return inFormWords(validate, (path) => path.replace(/(^|\.)amountCents$/, '$1amount'))
}
