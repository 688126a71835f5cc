import { Button, Checkbox, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core'
import { recordsLabels } from '@platform/contracts/labels/records'
import { dayInWords } from '@platform/contracts/records-clock'
import { Printer } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { EmptyRow } from '@/components/data/empty-row'
import { RecordLinkCell } from '@/components/data/record-link-cell'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'
import { errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { downloadEnvelopes, useMailings, type MailingState } from '../api/records-requester'
import { addressee, MarkMailedStep, type Mailing } from './mark-mailed-step'
import { LETTER_LABELS } from './records-labels'
import { useRecordsDuties } from './use-records-duties'

const VIEWS = [
  { value: 'TO_MAIL', label: recordsLabels.deliveryState.TO_MAIL },
  { value: 'MAILED', label: recordsLabels.deliveryState.MAILED },
]
const BREAK = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const

/**
 * The letters for requesters without an e-mail address: to print envelopes for, post and mark mailed (each with its
 * day); and those mailed, with the day and who marked it. The list chosen is in the address (`?state=MAILED`).
 */
export function MailingsView() {
  useDocumentTitle('To mail')
  const [params, setParams] = useSearchParams()
  const state: MailingState = params.get('state') === 'MAILED' ? 'MAILED' : 'TO_MAIL'
  const mailings = useMailings(state)
  const duties = useRecordsDuties()
  const mayMail = duties.has('COORDINATOR')

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>To mail</Title>
        <SegmentedControl
          aria-label="Which letters"
          value={state}
          data={VIEWS}
          onChange={(value) => setParams(value === 'MAILED' ? { state: 'MAILED' } : {}, { replace: true })}
        />
      </Group>
      <Text c="dimmed" size="sm">
        Letters to requesters who gave no e-mail address leave by post: print their envelopes, post them, then mark each mailed with the day
        it went. The day is recorded on the request&apos;s timeline.
      </Text>
      {mailings.isError ? <FailureAlert title="The letters could not be loaded" error={mailings.error} /> : null}
      {state === 'TO_MAIL' ? (
        <ToMailList key="to-mail" mailings={mailings.data} loaded={mailings.isSuccess} mayMail={mayMail} dutiesKnown={duties.loaded} />
      ) : (
        <MailedList mailings={mailings.data} loaded={mailings.isSuccess} />
      )}
    </Stack>
  )
}

function ToMailList({
  mailings,
  loaded,
  mayMail,
  dutiesKnown,
}: {
  mailings: Mailing[] | undefined
  loaded: boolean
  mayMail: boolean
  dutiesKnown: boolean
}) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set())
  const [marking, setMarking] = useState<Mailing | null>(null)
  const [printing, setPrinting] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const rows = mailings ?? []
  // A letter marked mailed leaves the list: only those still listed stay chosen.
  const selected = rows.filter((mailing) => chosen.has(mailing.id)).map((mailing) => mailing.id)
  const all = rows.length > 0 && selected.length === rows.length
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const print = () => {
    setProblem(null)
    setPrinting(true)
    downloadEnvelopes(selected)
      .catch((error: unknown) => setProblem(errorMessage(error, 'The envelopes could not be made. Try again in a moment.')))
      .finally(() => setPrinting(false))
  }
  const columns = [
    mayMail && { label: 'Choose', visuallyHidden: true },
    'Request',
    'Letter',
    { label: 'Send to', miw: 220 },
    { label: 'Issued', miw: 150 },
    mayMail && { label: 'Mark mailed', visuallyHidden: true },
  ]

  return (
    <>
      {mayMail ? (
        <Group gap="sm" wrap="wrap">
          {rows.length > 1 ? (
            <Checkbox
              label="Choose every letter"
              checked={all}
              indeterminate={selected.length > 0 && !all}
              onChange={() => setChosen(all ? new Set() : new Set(rows.map((mailing) => mailing.id)))}
            />
          ) : null}
          <Button
            leftSection={<Printer size={16} aria-hidden="true" />}
            onClick={print}
            disabled={selected.length === 0}
            loading={printing}
            variant="default"
          >
            {selected.length === 0 ? 'Print envelopes' : `Print envelopes (${selected.length})`}
          </Button>
          <Text size="sm" c="dimmed">
            {selected.length === 0 ? 'Choose the letters to print envelopes for.' : 'One No. 10 envelope a page, as a PDF.'}
          </Text>
        </Group>
      ) : dutiesKnown ? (
        <Text size="sm" c="dimmed">
          Coordinators print the envelopes and mark the letters mailed.
        </Text>
      ) : null}
      {problem ? <FailureAlert title="No envelopes" message={problem} /> : null}
      <Paper withBorder radius="md">
        <ScrollTable minWidth={mayMail ? 820 : 640} label="Letters to mail" cardsOnPhone>
          <Table striped>
            <Table.Caption className="visually-hidden">Letters to mail</Table.Caption>
            <TableHeader columns={columns} />
            <Table.Tbody>
              {rows.map((mailing) => {
                const letter = `${LETTER_LABELS[mailing.letterKind].toLowerCase()} letter of ${mailing.number}`
                return (
                  <Table.Tr key={mailing.id}>
                    {mayMail ? (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Choose the ${letter}`}
                          checked={chosen.has(mailing.id)}
                          onChange={() => toggle(mailing.id)}
                        />
                      </Table.Td>
                    ) : null}
                    <RecordLinkCell to={`/apps/public-info/requests/${mailing.requestId}`}>{mailing.number}</RecordLinkCell>
                    <Table.Td>{LETTER_LABELS[mailing.letterKind]}</Table.Td>
                    <Table.Td style={BREAK}>
                      <Text size="sm" fw={600}>
                        {addressee(mailing)}
                      </Text>
                      <Text size="sm" style={BREAK}>
                        {mailing.postalAddress}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(mailing.issuedAt)}</Table.Td>
                    {mayMail ? (
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => setMarking(mailing)}
                          aria-label={`Mark the ${letter} mailed`}
                        >
                          Mark mailed
                        </Button>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                )
              })}
              {loaded && rows.length === 0 ? (
                <EmptyRow columns={columns.filter(Boolean).length}>No letters are waiting to be mailed.</EmptyRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      {marking ? <MarkMailedStep mailing={marking} onClose={() => setMarking(null)} /> : null}
    </>
  )
}

function MailedList({ mailings, loaded }: { mailings: Mailing[] | undefined; loaded: boolean }) {
  const rows = mailings ?? []
  return (
    <Paper withBorder radius="md">
      <ScrollTable minWidth={720} label="Letters mailed" cardsOnPhone>
        <Table striped>
          <Table.Caption className="visually-hidden">Letters mailed</Table.Caption>
          <TableHeader columns={['Request', 'Letter', { label: 'Sent to', miw: 220 }, { label: 'Mailed', miw: 150 }]} />
          <Table.Tbody>
            {rows.map((mailing) => (
              <Table.Tr key={mailing.id}>
                <RecordLinkCell to={`/apps/public-info/requests/${mailing.requestId}`}>{mailing.number}</RecordLinkCell>
                <Table.Td>{LETTER_LABELS[mailing.letterKind]}</Table.Td>
                <Table.Td style={BREAK}>
                  <Text size="sm" fw={600}>
                    {addressee(mailing)}
                  </Text>
                  <Text size="sm" style={BREAK}>
                    {mailing.postalAddress}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {mailing.mailedOn ? dayInWords(mailing.mailedOn) : '—'}
                  {mailing.mailedByName ? (
                    <Text size="xs" c="dimmed">
                      by {mailing.mailedByName}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
            {loaded && rows.length === 0 ? <EmptyRow columns={4}>No letters mailed yet.</EmptyRow> : null}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  )
}
