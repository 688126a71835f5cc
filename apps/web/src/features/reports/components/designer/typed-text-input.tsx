import { TextInput, type TextInputProps } from '@mantine/core'
import { useState } from 'react'

export interface TypedTextInputProps<T> extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  value: T
  toText: (value: T) => string
  fromText: (text: string) => T
  onValueChange: (value: T) => void
}

const same = (a: unknown, b: unknown) => Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b)

/**
 * A text input for a typed value (a number, a list). It keeps the text as typed, so '1.' or '100, ' stay on screen
 * while the value is already 1 or [100]; a value changed elsewhere (a restore, a rename) replaces the text.
 */
export function TypedTextInput<T>({ value, toText, fromText, onValueChange, ...props }: TypedTextInputProps<T>) {
  const [typed, setTyped] = useState({ text: toText(value), value })
  let text = typed.text
  if (!same(typed.value, value)) {
    text = toText(value)
    setTyped({ text, value })
  }
  return (
    <TextInput
      {...props}
      value={text}
      onChange={(event) => {
        const next = fromText(event.currentTarget.value)
        setTyped({ text: event.currentTarget.value, value: next })
        onValueChange(next)
      }}
    />
  )
}
