import { Group, NativeSelect, TextInput } from '@mantine/core'
import type { DatasetField, ReportParameter, ReportValue } from '@platform/contracts/reports'
import { isParamValue, literalText, parseList, parseLiteral } from '../../utils/filter-values'
import { TypedTextInput } from './typed-text-input'

type Scalar = string | number | boolean | null
const LITERAL = 'literal'

function sourceData(parameters: readonly ReportParameter[], literalLabel: string) {
  return [
    { value: LITERAL, label: literalLabel },
    ...parameters.map((parameter) => ({ value: `param:${parameter.id}`, label: `Parameter: ${parameter.label}` })),
  ]
}

/** Where a value comes from: typed here, or a parameter the viewer fills in. Shown only when the report has parameters. */
function SourceSelect({
  label,
  value,
  parameters,
  literalLabel,
  onChange,
}: {
  label: string
  value: unknown
  parameters: readonly ReportParameter[]
  literalLabel: string
  onChange: (value: ReportValue) => void
}) {
  if (parameters.length === 0) return null
  return (
    <NativeSelect
      label={label}
      value={isParamValue(value) ? `param:${value.param}` : LITERAL}
      data={sourceData(parameters, literalLabel)}
      onChange={(event) => {
        const choice = event.currentTarget.value
        onChange(choice === LITERAL ? null : { param: choice.slice('param:'.length) })
      }}
    />
  )
}

/** One typed value in the input that suits the field: a date picker, Yes / No, or text read as the field's type. */
function LiteralInput({
  label,
  field,
  value,
  onChange,
}: {
  label: string
  field: DatasetField
  value: Scalar
  onChange: (value: Scalar) => void
}) {
  if (field.type === 'boolean') {
    return (
      <NativeSelect
        label={label}
        value={value === true ? 'true' : value === false ? 'false' : ''}
        data={[
          { value: '', label: 'Choose…' },
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]}
        onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value === 'true')}
      />
    )
  }
  if (field.type === 'date') {
    return (
      <TextInput
        label={label}
        type="date"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.currentTarget.value || null)}
      />
    )
  }
  return (
    <TypedTextInput
      label={label}
      placeholder={field.type === 'datetime' ? 'YYYY-MM-DD HH:MM' : undefined}
      inputMode={field.type === 'integer' || field.type === 'decimal' || field.type === 'money' ? 'decimal' : undefined}
      value={value}
      toText={(current) => literalText(current)}
      fromText={(text) => parseLiteral(text, field.type)}
      onValueChange={onChange}
    />
  )
}

export interface ValueInputProps {
  label: string
  field: DatasetField
  value: ReportValue | undefined
  parameters: readonly ReportParameter[]
  onChange: (value: ReportValue) => void
}

/** A single value (or one end of a range): typed, or a parameter's. */
export function ValueInput({ label, field, value, parameters, onChange }: ValueInputProps) {
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <SourceSelect label={`${label} from`} value={value} parameters={parameters} literalLabel="A value typed here" onChange={onChange} />
      {isParamValue(value) ? null : <LiteralInput label={label} field={field} value={(value ?? null) as Scalar} onChange={onChange} />}
    </Group>
  )
}

/** A list of values (is one of): typed with commas, or a parameter with several choices. */
export function ListInput({
  field,
  value,
  parameters,
  onChange,
}: Omit<ValueInputProps, 'label' | 'value' | 'onChange'> & { value: unknown; onChange: (value: ReportValue | ReportValue[]) => void }) {
  const list = Array.isArray(value) ? (value as Scalar[]) : []
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <SourceSelect
        label="Values from"
        value={value}
        parameters={parameters}
        literalLabel="A list typed here"
        onChange={(next) => onChange(next === null ? [] : next)}
      />
      {isParamValue(value) ? null : (
        <TypedTextInput
          label="Values"
          description="Separate values with commas"
          value={list}
          toText={(current) => literalText(current)}
          fromText={(text) => parseList(text, field.type)}
          onValueChange={onChange}
        />
      )}
    </Group>
  )
}
