import { useState, type ChangeEvent } from 'react'

/**
 * The text fields of a form (what the person types into a TextInput or Textarea): their values, and for each the
 * props that bind its input to it (the value, the change that stores what was typed, the message shown under it).
 */
export function useTextFields<Name extends string>(initial: Record<Name, string>) {
  const [values, setValues] = useState(initial)
  return {
    values,
    /** Back to the values the form started with (after it was sent). */
    reset: () => setValues(initial),
    /** The props of the input of one field; error is the problem shown under it, if there is one. */
    bind: (name: Name, error?: string) => ({
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const value = event.currentTarget.value
        setValues((all) => ({ ...all, [name]: value }))
      },
      error,
    }),
  }
}
