import { Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import classes from './portal.module.css'

/** A labelled fact ("Received", "Outcome"); `verbatim` for words a person wrote, spelled as they wrote them. */
export function Fact({ label, verbatim = false, children }: { label: string; verbatim?: boolean; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="div" className={classes.breakable} data-verbatim={verbatim || undefined}>
        {children}
      </Text>
    </div>
  )
}

/** One part of a public page under its own heading (the page's h1 is above it). */
export function PortalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

/** A file's size in words a reader knows: '820 KB', '2.4 MB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** '12 pages' / '1 page'. */
export const pages = (count: number) => (count === 1 ? '1 page' : `${count} pages`)
