import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { ShieldAlert } from 'lucide-react'
import { Link } from 'react-router'
import { useDocumentTitle } from '@/lib/use-document-title'

/** A full-page refusal with a way back (used by the guards). */
export function AccessMessage({ title, message }: { title: string; message: string }) {
  useDocumentTitle(title)
  return (
    <Center py="xl">
      <Paper withBorder radius="md" p="xl" maw={520} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden="true">
            <ShieldAlert size={28} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text>{message}</Text>
          <Button component={Link} to="/dashboard" variant="default">
            Back to dashboard
          </Button>
        </Stack>
      </Paper>
    </Center>
  )
}
