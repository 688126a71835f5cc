import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ImportActionBadge, type ImportAction } from './csv-import'

const badge = (action: ImportAction, words?: Record<string, string>) =>
  render(
    <MantineProvider>
      <ImportActionBadge action={action} {...(words ? { words } : {})} />
    </MantineProvider>,
  )

describe('ImportActionBadge', () => {
  it('names a row’s outcome in words, never by its code', () => {
    badge('create')
    expect(screen.getByText('New')).toBeInTheDocument()
    badge('reject')
    expect(screen.getByText('Rejected')).toBeInTheDocument()
    badge('unchanged')
    expect(screen.getByText('Unchanged')).toBeInTheDocument()
    expect(document.body.textContent).not.toMatch(/\b(create|update|unchanged|reject)\b/)
  })

  it('takes the words of an import whose rows are other things', () => {
    badge('create', { create: 'New person' })
    expect(screen.getByText('New person')).toBeInTheDocument()
  })
})
