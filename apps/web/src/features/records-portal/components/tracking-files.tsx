import { Stack, Text } from '@mantine/core'
import { dayInWords } from '@platform/contracts/records-clock'
import type { TrackingInput, TrackingView } from '@platform/contracts/records-portal'
import { downloadTrackedFile } from '../api/portal'
import { FileRow, useDownload } from './file-row'
import { PortalSection, fileSize, pages } from './portal-parts'
import classes from './portal.module.css'

/** The letters the district issued: the signatory is the one member of the staff named. */
export function TrackingLetters({ link, letters }: { link: TrackingInput; letters: TrackingView['letters'] }) {
  const download = useDownload()
  return (
    <PortalSection id="letters" title="Letters from the district">
      {letters.length === 0 ? (
        <Text c="gray.7">No letter yet. When the district writes to you, the letter appears here.</Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} className={`${classes.plainList} ${classes.divided}`}>
          {letters.map((letter) => (
            <FileRow
              key={letter.id}
              title={`${letter.kindText}, ${dayInWords(letter.issuedOn)}`}
              details={`Signed by ${letter.signatoryName}, ${letter.signatoryTitle}. PDF.`}
              button={`Download ${letter.kindText} of ${dayInWords(letter.issuedOn)}`}
              busy={download.busy === `letter-${letter.id}`}
              onDownload={() =>
                download.start(`letter-${letter.id}`, () =>
                  downloadTrackedFile(link, 'letters', letter.id, `${link.number}-letter-${letter.id}.pdf`),
                )
              }
            />
          ))}
        </Stack>
      )}
      {download.alert}
    </PortalSection>
  )
}

/** The documents the district released to this request; nothing else is reachable from here. */
export function TrackingDocuments({ link, documents }: { link: TrackingInput; documents: TrackingView['documents'] }) {
  const download = useDownload()
  return (
    <PortalSection id="documents" title="Released records">
      {documents.length === 0 ? (
        <Text c="gray.7">No records released yet.</Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} className={`${classes.plainList} ${classes.divided}`}>
          {documents.map((document) => (
            <FileRow
              key={document.id}
              title={document.fileName}
              details={`${pages(document.pageCount)}, ${fileSize(document.sizeBytes)}. Released ${dayInWords(document.releasedOn)}.`}
              button={`Download ${document.fileName}`}
              busy={download.busy === `document-${document.id}`}
              onDownload={() =>
                download.start(`document-${document.id}`, () => downloadTrackedFile(link, 'documents', document.id, document.fileName))
              }
            />
          ))}
        </Stack>
      )}
      {download.alert}
    </PortalSection>
  )
}
