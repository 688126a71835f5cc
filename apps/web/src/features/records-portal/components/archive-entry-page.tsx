import { Anchor, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { recordsLabels } from '@platform/contracts/labels/records'
import { dayInWords } from '@platform/contracts/records-clock'
import { PORTAL_PATH } from '@platform/contracts/records-portal'
import { Link, useParams } from 'react-router'
import { FailureAlert } from '@/components/failure-alert'
import { usePortalTitle } from '../api/use-portal-title'
import { downloadArchiveDocument, useArchiveEntry } from '../api/portal'
import { ArchiveOff, isArchiveOff } from './archive-page'
import { Fact, PortalSection, fileSize, pages } from './portal-parts'
import classes from './portal.module.css'
import { FileRow, useDownload } from './file-row'

/** /public-records/archive/:number: one published request, its summary, dates, outcome and released documents. */
export function ArchiveEntryPage() {
  const { number = '' } = useParams()
  const wanted = number.trim().toUpperCase()
  usePortalTitle(`Request ${wanted}`)
  const entry = useArchiveEntry(wanted)
  const download = useDownload()
  const back = (
    <Anchor component={Link} to={`${PORTAL_PATH}/archive`}>
      Back to the archive
    </Anchor>
  )

  if (entry.isError && isArchiveOff(entry.error)) {
    return (
      <Stack gap="lg">
        <Title order={1}>
          Request <span style={{ whiteSpace: 'nowrap' }}>{wanted}</span>
        </Title>
        <ArchiveOff error={entry.error} />
      </Stack>
    )
  }
  const data = entry.data
  return (
    <Stack gap="lg">
      <Title order={1}>
        Request <span style={{ whiteSpace: 'nowrap' }}>{wanted}</span>
      </Title>
      {entry.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden="true" />
          <Text role="status">Loading the request…</Text>
        </Group>
      ) : null}
      {entry.isError ? (
        <FailureAlert title="This request is not in the archive" error={entry.error}>
          {back}
        </FailureAlert>
      ) : null}
      {data ? (
        <>
          <PortalSection id="summary" title="What was asked">
            <Text className={classes.breakable} data-verbatim>
              {data.summary}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Fact label="Received">{dayInWords(data.receivedOn)}</Fact>
              {data.determinedOn ? <Fact label="Decided on">{dayInWords(data.determinedOn)}</Fact> : null}
              <Fact label="Closed on">{dayInWords(data.closedOn)}</Fact>
              {data.outcome ? <Fact label="Outcome">{recordsLabels.outcome[data.outcome]}</Fact> : null}
            </SimpleGrid>
          </PortalSection>
          <PortalSection id="documents" title="Released records">
            {data.documents.length === 0 ? (
              <Text c="gray.7">No records were released with this request.</Text>
            ) : (
              <Stack component="ul" gap={0} m={0} p={0} className={`${classes.plainList} ${classes.divided}`}>
                {data.documents.map((document) => (
                  <FileRow
                    key={document.id}
                    title={document.fileName}
                    details={`${pages(document.pageCount)}, ${fileSize(document.sizeBytes)}.`}
                    button={`Download ${document.fileName}`}
                    busy={download.busy === String(document.id)}
                    onDownload={() =>
                      download.start(String(document.id), () => downloadArchiveDocument(data.number, document.id, document.fileName))
                    }
                  />
                ))}
              </Stack>
            )}
            {download.alert}
          </PortalSection>
          {back}
        </>
      ) : null}
    </Stack>
  )
}
