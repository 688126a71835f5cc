import { Button, Group, Text } from '@mantine/core'
import { Download } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { FailureAlert } from '@/components/failure-alert'
import classes from './portal.module.css'

/** A download that says when it failed, under the list it belongs to. */
export function useDownload() {
  const [busy, setBusy] = useState<string | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const start = (key: string, download: () => Promise<void>) => {
    setBusy(key)
    setFailure(null)
    download()
      .catch((error: unknown) => setFailure(error ?? new Error('download')))
      .finally(() => setBusy(null))
  }
  const alert = failure ? <FailureAlert title="The file could not be downloaded" error={failure} /> : null
  return { busy, start, alert }
}

/** One file in a list: what it is, and its download button (named after it, for a screen reader's list of buttons). */
export function FileRow({
  title,
  details,
  button,
  busy,
  onDownload,
}: {
  title: ReactNode
  details: string
  button: string
  busy: boolean
  onDownload: () => void
}) {
  return (
    <Group component="li" justify="space-between" align="center" wrap="wrap" gap="sm" py="xs">
      <div>
        <Text fw={600} className={classes.breakable}>
          {title}
        </Text>
        <Text size="sm" c="gray.7">
          {details}
        </Text>
      </div>
      <Button
        variant="default"
        leftSection={<Download size={16} aria-hidden="true" />}
        loading={busy}
        onClick={onDownload}
        aria-label={button}
      >
        Download
      </Button>
    </Group>
  )
}
