import { Alert, Badge, Button, Code, Group, List, Stack, Text, Textarea, Title } from '@mantine/core'
import type { DebugTokenResponse } from '@platform/contracts/auth'
import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'
import { AlertCircle, Info } from 'lucide-react'
import { useState } from 'react'
import { FailureAlert } from '@/components/failure-alert'
import type { RawResponse } from '@/lib/api-client'
import { getStoredToken } from '@/lib/auth-storage'
import { formatDateTime } from '@/lib/format'
import { useDecodeToken, useTestProfile, type DecodeTokenResult } from '../api/debug-auth'
import { KeyValueTable, type KeyValueRow } from './key-value-table'

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Code block aria-label={label} tabIndex={0}>
        {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
      </Code>
    </Stack>
  )
}

function entries(record: Record<string, unknown> | null, dateKeys: string[] = []): KeyValueRow[] {
  if (!record) return []
  return Object.entries(record).map(([key, value]) => [
    key,
    dateKeys.includes(key) && typeof value === 'number' ? `${value} (${formatDateTime(value * 1000)})` : value,
  ])
}

function DecodedToken({ data }: { data: DebugTokenResponse }) {
  const validity: KeyValueRow[] = [
    ['Well-formed', data.wellFormed],
    ['Signature valid', data.signatureValid],
    ['Expired', data.expired],
    ['Issued at', data.issuedAt ? formatDateTime(data.issuedAt) : null],
    ['Expires at', data.expiresAt ? formatDateTime(data.expiresAt) : null],
  ]
  const session: KeyValueRow[] = data.session
    ? [
        ['State', labelOf(adminLabels.sessionState, data.session.state)],
        ['Created at', data.session.createdAt ? formatDateTime(data.session.createdAt) : null],
        ['Last seen at', data.session.lastSeenAt ? formatDateTime(data.session.lastSeenAt) : null],
        ['Idle expiry at', data.session.idleExpiresAt ? formatDateTime(data.session.idleExpiresAt) : null],
      ]
    : [['State', 'No session found for this token']]
  const healthy = data.wellFormed && data.signatureValid && data.expired === false && data.session?.state === 'active'
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={2} size="h3">
          Token details
        </Title>
        <Badge color={healthy ? 'teal.9' : 'red.9'} variant="filled">
          {healthy ? 'Valid session' : 'Not usable'}
        </Badge>
      </Group>
      <KeyValueTable caption="Validity" rows={validity} />
      <KeyValueTable caption="Session" rows={session} />
      {data.problems.length > 0 ? (
        <Alert color="red" variant="light" title="Problems" icon={<AlertCircle size={18} aria-hidden="true" />}>
          <List size="sm">
            {data.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Text size="sm">No problems found.</Text>
      )}
      {data.header ? <KeyValueTable caption="Header" rows={entries(data.header)} /> : null}
      {data.claims ? <KeyValueTable caption="Claims" rows={entries(data.claims, ['iat', 'exp', 'nbf'])} /> : null}
      <JsonBlock label="Raw response (JSON)" value={data} />
    </Stack>
  )
}

function DecodeResult({ result }: { result: DecodeTokenResult }) {
  if (result.kind === 'disabled') {
    return (
      <Alert color="gray" variant="light" icon={<Info size={18} aria-hidden="true" />} title="Debug endpoint switched off">
        The token debug endpoint is switched off on this server (404). Ask an administrator to enable it.
      </Alert>
    )
  }
  if (result.kind === 'failed') {
    return (
      <Stack gap="sm">
        <FailureAlert
          title={`Decode failed (status ${result.status})`}
          message={
            typeof result.body === 'object' && result.body !== null && 'error' in result.body
              ? String((result.body as { error: unknown }).error)
              : 'The server could not decode this token.'
          }
        />
        <JsonBlock label="Response body" value={result.body} />
      </Stack>
    )
  }
  return <DecodedToken data={result.data} />
}

function ProfileResult({ result }: { result: RawResponse }) {
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Title order={2} size="h3">
          Profile endpoint
        </Title>
        <Badge color={result.ok ? 'teal.9' : 'red.9'} variant="filled">
          Status {result.status}
        </Badge>
      </Group>
      <JsonBlock label="Response body" value={result.body} />
    </Stack>
  )
}

/** /debug-auth: paste a token, decode it with the server and try it against the profile endpoint. */
export function DebugAuthPanel() {
  const [token, setToken] = useState(() => getStoredToken() ?? '')
  const decode = useDecodeToken()
  const profile = useTestProfile()
  const trimmed = token.trim()

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Debug Authentication
        </Title>
        <Text c="dimmed" size="sm">
          Paste a session token to see what the server thinks of it. Nothing here is logged or sent anywhere else.
        </Text>
      </Stack>
      <Textarea
        label="Token"
        description="Prefilled with this browser's stored token, if any"
        autosize
        minRows={4}
        maxRows={10}
        value={token}
        onChange={(event) => setToken(event.currentTarget.value)}
        spellCheck={false}
        autoComplete="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
      />
      <Group gap="sm">
        <Button onClick={() => decode.mutate(trimmed)} disabled={!trimmed} loading={decode.isPending}>
          Decode token
        </Button>
        <Button variant="default" onClick={() => profile.mutate(trimmed)} loading={profile.isPending}>
          Test profile endpoint
        </Button>
      </Group>
      <Stack gap="lg" aria-live="polite">
        {decode.isError ? <FailureAlert message={`Could not reach the debug endpoint: ${decode.error.message}`} /> : null}
        {decode.data ? <DecodeResult result={decode.data} /> : null}
        {profile.isError ? <FailureAlert message={`Could not reach the profile endpoint: ${profile.error.message}`} /> : null}
        {profile.data ? <ProfileResult result={profile.data} /> : null}
      </Stack>
    </Stack>
  )
}
