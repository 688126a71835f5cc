import { ColorInput, Group, NumberInput, Select, Switch, Text, Textarea, TextInput } from '@mantine/core'
import { APPLICATION_CATEGORIES, APPLICATION_ICONS, type ApplicationCategory, type ApplicationIcon } from '@platform/contracts/applications'
import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'
import { AppIcon } from '@/components/app-icon'
import type { ApplicationDraft, ApplicationDraftErrors } from '../utils/application-form'

export interface FieldProps {
  draft: ApplicationDraft
  errors: ApplicationDraftErrors
  onChange: <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => void
  /** Smaller inputs for an inline-edited row. */
  compact?: boolean
  /** Prefix for labels, so an edited row's inputs name their application ("Name of Accruals"). */
  labelSuffix?: string
}

const ICON_OPTIONS = APPLICATION_ICONS.map((icon) => ({ value: icon, label: labelOf(adminLabels.applicationIcon, icon) }))
const CATEGORY_OPTIONS = APPLICATION_CATEGORIES.map((category) => ({
  value: category,
  label: labelOf(adminLabels.applicationCategory, category),
}))

function label(text: string, suffix?: string) {
  return suffix ? `${text} of ${suffix}` : text
}

export function NameInput({ draft, errors, onChange, compact, labelSuffix }: FieldProps) {
  return (
    <TextInput
      label={compact ? undefined : 'Name'}
      aria-label={compact ? label('Name', labelSuffix) : undefined}
      withAsterisk={!compact}
      aria-required="true"
      size={compact ? 'xs' : 'sm'}
      value={draft.app_name}
      onChange={(event) => onChange('app_name', event.currentTarget.value)}
      error={errors.app_name}
      maxLength={100}
    />
  )
}

export function IconSelect({ draft, errors, onChange, compact, labelSuffix }: FieldProps) {
  return (
    <Select
      label={compact ? undefined : 'Icon'}
      aria-label={compact ? label('Icon', labelSuffix) : undefined}
      size={compact ? 'xs' : 'sm'}
      data={ICON_OPTIONS}
      value={draft.app_icon || null}
      onChange={(value) => onChange('app_icon', (value ?? '') as ApplicationIcon | '')}
      allowDeselect={false}
      leftSection={draft.app_icon ? <AppIcon name={draft.app_icon} size={16} /> : null}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <AppIcon name={option.value} size={16} />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      error={errors.app_icon}
      comboboxProps={{ withinPortal: true }}
      miw={compact ? 140 : undefined}
    />
  )
}

export function CategorySelect({ draft, errors, onChange, compact, labelSuffix }: FieldProps) {
  return (
    <Select
      label={compact ? undefined : 'Category'}
      aria-label={compact ? label('Category', labelSuffix) : undefined}
      size={compact ? 'xs' : 'sm'}
      data={CATEGORY_OPTIONS}
      value={draft.category || null}
      onChange={(value) => onChange('category', (value ?? '') as ApplicationCategory | '')}
      allowDeselect={false}
      error={errors.category}
      comboboxProps={{ withinPortal: true }}
      miw={compact ? 130 : undefined}
    />
  )
}

export function OrderInput({ draft, errors, onChange, compact, labelSuffix }: FieldProps) {
  return (
    <NumberInput
      label={compact ? undefined : 'Display order'}
      aria-label={compact ? label('Display order', labelSuffix) : undefined}
      description={compact ? undefined : 'Lower numbers come first in the menu.'}
      size={compact ? 'xs' : 'sm'}
      min={0}
      max={100000}
      allowDecimal={false}
      allowNegative={false}
      value={draft.display_order}
      onChange={(value) => onChange('display_order', value)}
      error={errors.display_order}
      w={compact ? 90 : undefined}
    />
  )
}

export function ColourInput({ draft, errors, onChange, compact, labelSuffix }: FieldProps) {
  return (
    <ColorInput
      label={compact ? undefined : 'Colour'}
      aria-label={compact ? label('Colour', labelSuffix) : undefined}
      size={compact ? 'xs' : 'sm'}
      format="hex"
      value={draft.app_color}
      onChange={(value) => onChange('app_color', value)}
      error={errors.app_color}
      w={compact ? 130 : undefined}
      popoverProps={{ withinPortal: true }}
      eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
    />
  )
}

export function UrlInput({ draft, errors, onChange, compact, labelSuffix }: FieldProps) {
  return (
    <TextInput
      label={compact ? undefined : 'URL'}
      aria-label={compact ? label('URL', labelSuffix) : undefined}
      placeholder="/apps/my-app or https://…"
      description={compact ? undefined : 'Optional: a path in this site or an https:// address the application page opens.'}
      size={compact ? 'xs' : 'sm'}
      value={draft.app_url}
      onChange={(event) => onChange('app_url', event.currentTarget.value)}
      error={errors.app_url}
      maxLength={500}
    />
  )
}

export function DescriptionInput({ draft, errors, onChange, compact, labelSuffix }: FieldProps) {
  return (
    <Textarea
      label={compact ? undefined : 'Description'}
      aria-label={compact ? label('Description', labelSuffix) : undefined}
      placeholder={compact ? 'Description' : undefined}
      size={compact ? 'xs' : 'sm'}
      autosize
      minRows={compact ? 1 : 2}
      maxRows={4}
      value={draft.app_description}
      onChange={(event) => onChange('app_description', event.currentTarget.value)}
      error={errors.app_description}
      maxLength={500}
    />
  )
}

export function FlagSwitch({
  draft,
  onChange,
  field,
  text,
  compact,
  labelSuffix,
}: Pick<FieldProps, 'draft' | 'onChange' | 'compact' | 'labelSuffix'> & { field: 'admin_only' | 'is_active'; text: string }) {
  return (
    <Switch
      label={compact ? undefined : text}
      aria-label={compact ? label(text, labelSuffix) : undefined}
      size={compact ? 'sm' : 'md'}
      checked={draft[field]}
      onChange={(event) => onChange(field, event.currentTarget.checked)}
    />
  )
}
