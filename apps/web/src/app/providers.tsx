import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { NotificationsHost } from '@/components/layout/notifications-host'
import { AuthProvider } from '@/lib/auth-provider'
import { getCspNonce } from '@/lib/csp-nonce'
import { createQueryClient } from '@/lib/query-client'
import { cssVariablesResolver, theme } from './theme'

/** Everything the pages need around them: data cache, Mantine (with the CSP nonce), notifications, auth. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" getStyleNonce={getCspNonce}>
        <NotificationsHost />
        <AuthProvider>{children}</AuthProvider>
      </MantineProvider>
    </QueryClientProvider>
  )
}
