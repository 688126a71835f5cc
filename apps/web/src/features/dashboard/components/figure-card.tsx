import { Anchor, Paper, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** One figure of the overview: the number, what it counts in words, and a link into the list it counts. */
export function FigureCard({
  value,
  label,
  to,
  linkText,
  children,
}: {
  value: string
  label: string
  to: string
  linkText: string
  children?: ReactNode
}) {
  return (
    <Paper withBorder radius="md" p="md" style={{ overflowWrap: 'anywhere' }}>
      <Stack gap={6}>
        <Text fz={28} fw={700} lh={1.1}>
          {value}
        </Text>
        <Text size="sm">{label}</Text>
        {children}
        <Anchor component={Link} to={to} size="sm" fw={600}>
          {linkText}
        </Anchor>
      </Stack>
    </Paper>
  )
}
