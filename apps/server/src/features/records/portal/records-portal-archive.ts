import { AppError } from '../../../lib/errors.js'
import type { RecordsPortalRepository } from './records-portal.repository.js'
import { archiveEntry } from './records-portal-view.js'

const ARCHIVE_OFF = 'The district does not publish an archive of requests.'

/**
 * The public archive, while the district publishes it: closed requests with the summary staff wrote, their dates,
 * outcome and released documents; never the requester's name, contact or text.
 */
export function createPortalArchive(portal: RecordsPortalRepository) {
  async function requireOn() {
    if ((await portal.settings()).public_archive !== 1) throw new AppError('not_found', ARCHIVE_OFF, { code: 'archive_off' })
  }

  async function published(number: string) {
    await requireOn()
    const row = await portal.archived(number)
    if (!row) throw new AppError('not_found', `The archive holds no request ${number}.`, { code: 'archive_entry_not_found' })
    return row
  }

  return {
    async list(query: { search?: string | undefined; limit: number; offset: number }) {
      await requireOn()
      const { rows, total } = await portal.archive(query.search, query.limit, query.offset)
      const documents = await portal.releasedDocuments(rows.map((row) => row.request_id))
      return {
        data: rows.map((row) => archiveEntry(row, documents)),
        pagination: { total, limit: query.limit, offset: query.offset },
      }
    },

    async entry(number: string) {
      const row = await published(number)
      return archiveEntry(row, await portal.releasedDocuments([row.request_id]))
    },

    async document(number: string, documentId: number) {
      const row = await published(number)
      const file = await portal.releasedFile(row.request_id, documentId)
      if (!file) throw new AppError('not_found', `${number} has no released document ${documentId}.`, { code: 'document_not_found' })
      return { fileName: file.file_name, contentType: file.content_type, content: Buffer.from(file.content) }
    },
  }
}
