import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { NotificationsHost } from '@/components/layout/notifications-host'
import { ApiError } from '@/lib/api-client'
import { AuthProvider } from '@/lib/auth-provider'
import { getCspNonce } from '@/lib/csp-nonce'
import { cssVariablesResolver, theme } from './theme'

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a refusal (4xx) cannot help; a network error or 5xx may pass on a second try.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  })
}

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
