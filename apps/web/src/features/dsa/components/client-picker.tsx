import { Group, Radio, Stack, TextInput } from '@mantine/core'
import { DEFAULT_DSA_CLIENTS } from '@platform/contracts/dsa'

/** The radio value of the custom choice (a client id never looks like this). */
export const CUSTOM_CLIENT = 'custom'

export interface ClientPickerProps {
  /** A default client id, or CUSTOM_CLIENT. */
  choice: string
  onChoiceChange: (choice: string) => void
  customId: string
  onCustomIdChange: (value: string) => void
  error: string | null
}

/** The main and secondary clients of the district, or any other client id typed in. */
export function ClientPicker({ choice, onChoiceChange, customId, onCustomIdChange, error }: ClientPickerProps) {
  const custom = choice === CUSTOM_CLIENT
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Client"
        description="Whose projects to read from the tracker"
        value={choice}
        onChange={onChoiceChange}
        error={custom ? undefined : error}
      >
        <Group gap="lg" mt="xs">
          {DEFAULT_DSA_CLIENTS.map((client) => (
            <Radio key={client.clientId} value={client.clientId} label={`${client.clientId} (${client.label})`} />
          ))}
          <Radio value={CUSTOM_CLIENT} label="Another client ID" />
        </Group>
      </Radio.Group>
      {custom ? (
        <TextInput
          label="Custom client ID"
          description="The county number and the district code"
          placeholder="e.g. 37-XX"
          value={customId}
          onChange={(event) => onCustomIdChange(event.currentTarget.value)}
          error={error}
          maxLength={60}
          autoComplete="off"
          data-autofocus
          maw={320}
        />
      ) : null}
    </Stack>
  )
}
