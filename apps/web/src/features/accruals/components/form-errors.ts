import type { FormErrors } from '@mantine/form'
import { formMessage } from '@/lib/schema-errors'

/**
 * A form's validation by the contract's schema, its messages as a form shows them: without the API's field name that
 * ends them (the field's label is beside each), and with amounts typed in dollars in the `amount` field of the form.
 */
export function withoutFieldNames<Values>(validate: (values: Values) => FormErrors) {
  return (values: Values): FormErrors =>
    Object.fromEntries(
      Object.entries(validate(values)).map(([path, message]) => [
        path.replace(/(^|\.)amountCents$/, '$1amount'),
        typeof message === 'string' ? formMessage(message) : message,
      ]),
    )
}
