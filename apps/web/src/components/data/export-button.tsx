import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Download } from 'lucide-react'
import { useState } from 'react'
import { errorMessage } from '@/lib/api-client'

/**
 * Runs a download and says how it went, in the words every export uses: 'Export completed successfully', or
 * 'Export failed: …' with the server's reason (kept on screen until dismissed). `running` names the run in progress.
 */
export function useExport<Key = true>() {
  const [running, setRunning] = useState<Key | null>(null)
  const run = async (key: Key, download: () => Promise<unknown>) => {
    setRunning(key)
    try {
      await download()
      notifications.show({ color: 'teal', message: 'Export completed successfully' })
    } catch (error) {
      const reason = errorMessage(error, error instanceof Error ? error.message : 'unexpected error')
      notifications.show({ color: 'red', message: `Export failed: ${reason}`, autoClose: false })
    } finally {
      setRunning(null)
    }
  }
  return { running, run }
}

/** 'Export CSV' for a list: the whole filtered list, not just the page on screen. */
export function ExportCsvButton({ download, disabled = false }: { download: () => Promise<unknown>; disabled?: boolean }) {
  const { running, run } = useExport()
  return (
    <Button
      variant="default"
      leftSection={<Download size={16} aria-hidden="true" />}
      onClick={() => void run(true, download)}
      loading={running !== null}
      disabled={disabled}
    >
      Export CSV
    </Button>
  )
}
