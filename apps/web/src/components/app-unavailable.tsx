import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { ArrowLeft, ExternalLink, Info } from 'lucide-react'
import { Link } from 'react-router'
import { externalAppUrl } from '@/lib/app-destinations'
import { useDocumentTitle } from '@/lib/use-document-title'
import { AppIcon } from './app-icon'

export interface AppUnavailableProps {
  title: string
  description?: string | null
  iconName?: string
  color?: string
  /** The application's own address; a button opens it when it is an absolute https:// URL. */
  appUrl?: string | null
}

/** The finished-looking page of an application that is not built yet. */
export function AppUnavailable({ title, description, iconName = 'Package', color, appUrl }: AppUnavailableProps) {
  useDocumentTitle(title)
  const external = externalAppUrl(appUrl)
  return (
    <Stack gap="lg" maw={760}>
      <Group gap="md" wrap="nowrap" align="center">
        <ThemeIcon size={48} radius="md" color={color || undefined} aria-hidden="true">
          <AppIcon name={iconName} size={26} />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={1}>{title}</Title>
          {description ? <Text c="dimmed">{description}</Text> : null}
        </Stack>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Alert variant="light" color="blue" icon={<Info size={18} aria-hidden="true" />} title="Coming soon">
            This application is not available yet.
          </Alert>
          <Group gap="sm">
            {external ? (
              <Button
                component="a"
                href={external}
                target="_blank"
                rel="noopener noreferrer"
                rightSection={<ExternalLink size={16} aria-hidden="true" />}
              >
                Open {title}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </Button>
            ) : null}
            <Button component={Link} to="/dashboard" variant="default" leftSection={<ArrowLeft size={16} aria-hidden="true" />}>
              Back to dashboard
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  )
}
