import { Button, Stack, Text, Title } from '@mantine/core'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { CenteredPage } from './layout/centered-page'

const CHUNK_FAILED = /dynamically imported module|Importing a module script failed|Failed to fetch/i

/** Shown when a page fails to render or its code cannot be loaded (for example after a deployment). */
export function RouteError({ error }: { error: unknown }) {
  const chunkFailed = error instanceof Error && CHUNK_FAILED.test(error.message)
  return (
    <CenteredPage>
      <Stack gap="md">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text>
          {chunkFailed
            ? 'A newer version of the platform is available. Please reload the page.'
            : 'This page could not be displayed. Please reload the page or go back to the dashboard.'}
        </Text>
        <Stack gap="xs">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component="a" href="/dashboard" variant="default">
            Go to dashboard
          </Button>
        </Stack>
      </Stack>
    </CenteredPage>
  )
}

interface BoundaryProps {
  /** The error is forgotten when this changes (the path: going to another page tries again). */
  resetKey: string
  children: ReactNode
}

/** Catches what the pages below throw while rendering (a lazy page's code that cannot load, too) and shows RouteError. */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: null as unknown }

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack)
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false, error: null })
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children
  }
}
