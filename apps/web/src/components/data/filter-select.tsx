import { Select } from '@mantine/core'

export interface FilterSelectProps<V extends string> {
  label: string
  /** What no choice means, shown while the filter is clear: "Any state" for the label "State" unless told otherwise. */
  placeholder?: string
  /** The values to choose from, in order. */
  values: readonly V[]
  /** How each value is shown: from a table of labels, or worked out from the value. */
  labels: Readonly<Record<V, string>> | ((value: V) => string)
  value: string | null
  onChange: (value: string | null) => void
  w: number
}

/** A list filter choosing one value of a fixed set, or none (cleared, it filters nothing). */
export function FilterSelect<V extends string>({ values, labels, label, placeholder, ...props }: FilterSelectProps<V>) {
  const labelOf = typeof labels === 'function' ? labels : (value: V) => labels[value]
  return (
    <Select
      label={label}
      placeholder={placeholder ?? `Any ${label.toLowerCase()}`}
      data={values.map((value) => ({ value, label: labelOf(value) }))}
      clearable
      {...props}
    />
  )
}
