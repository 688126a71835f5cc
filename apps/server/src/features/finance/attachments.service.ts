import { createHash } from 'node:crypto'
import { ATTACHMENT_MAX_BYTES, type Attachment } from '@platform/contracts/finance'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { AttachmentRow, AttachmentsRepository } from './attachments.repository.js'
import { CONTENT_TYPES, detectFileType, extensionFits, fileProblem } from './file-type.js'

type Client = { ip: string; userAgent: string | undefined }

/** What an application answers about one of its records: may this person read its attachments, or add one? */
export type AttachmentAccessCheck = (user: AuthUser, recordId: string, mode: 'read' | 'write') => Promise<boolean>

const toAttachment = (row: AttachmentRow): Attachment => ({
  id: row.attachment_id,
  fileName: row.file_name,
  type: row.file_type as Attachment['type'],
  contentType: row.content_type,
  sizeBytes: row.size_bytes,
  sha256: row.sha256,
  uploadedBy: row.uploaded_by,
  uploadedByName: row.uploaded_by_name ?? '',
  uploadedAt: row.uploaded_at,
})

/**
 * Attachments reachable only through the record they belong to: each application registers, per record type, the
 * check that says who may read or add them. An unregistered type, or a record the person may not see, is "not found".
 */
export function createAttachmentsService({
  attachments,
  audit,
  clock,
}: {
  attachments: AttachmentsRepository
  audit: AuditService
  clock: Clock
}) {
  const checks = new Map<string, AttachmentAccessCheck>()
  const keyOf = (appCode: string, recordType: string) => `${appCode}:${recordType}`

  async function allow(user: AuthUser, appCode: string, recordType: string, recordId: string, mode: 'read' | 'write') {
    const check = checks.get(keyOf(appCode, recordType))
    if (!check || !(await check(user, recordId, mode))) {
      const what = mode === 'write' ? 'add files to' : 'see the files of'
      throw new AppError('not_found', `There is no ${recordType} ${recordId} in ${appCode} whose files you may ${what}.`, {
        code: 'record_not_found',
      })
    }
  }

  return {
    /** Called by an application at start: the access check for one of its record types. */
    registerAccess(appCode: string, recordType: string, check: AttachmentAccessCheck) {
      checks.set(keyOf(appCode, recordType), check)
    },

    async upload(
      owner: { appCode: string; recordType: string; recordId: string },
      fileName: string,
      bytes: Buffer,
      user: AuthUser,
      client: Client,
    ): Promise<Attachment> {
      await allow(user, owner.appCode, owner.recordType, owner.recordId, 'write')
      if (bytes.length === 0) throw new AppError('bad_request', 'The file is empty.', { code: 'empty_file' })
      if (bytes.length > ATTACHMENT_MAX_BYTES)
        throw new AppError('bad_request', 'The file is larger than 25 MB.', { code: 'file_too_large' })
      /** A refused file is audited with why, then refused with the words a person reads. */
      const refuse = async (details: Record<string, unknown>, error: AppError): Promise<never> => {
        await audit.record({
          action: 'finance.attachment_refused',
          outcome: 'failure',
          actorUserId: user.id,
          targetType: owner.recordType,
          targetId: owner.recordId,
          ip: client.ip,
          userAgent: client.userAgent,
          details: { fileName, ...details },
        })
        throw error
      }
      const type = detectFileType(bytes, fileName)
      if (!type)
        return refuse(
          { reason: 'unknown_type' },
          new AppError('bad_request', `${fileName} is not a PDF, PNG, JPEG, XLSX, DOCX, CSV or text file (judged by its content).`, {
            code: 'unsupported_file_type',
          }),
        )
      if (!extensionFits(type, fileName))
        return refuse(
          { reason: 'type_mismatch', detected: type },
          new AppError(
            'bad_request',
            `${fileName} is named as another type than its content, which is ${type}. Rename it with the right extension.`,
            {
              code: 'file_type_mismatch',
            },
          ),
        )
      const problem = fileProblem(type, bytes)
      if (problem)
        return refuse(
          { reason: 'unsafe_content', detected: type, problem },
          new AppError('unprocessable', problem, { code: 'file_refused' }),
        )
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      const id = await attachments.insert(
        {
          app_code: owner.appCode,
          record_type: owner.recordType,
          record_id: owner.recordId,
          file_name: fileName,
          file_type: type,
          content_type: CONTENT_TYPES[type],
          size_bytes: bytes.length,
          sha256,
          content: bytes,
          uploaded_by: user.id,
          uploaded_at: clock.now().toISOString(),
        },
        (trx, attachmentId) =>
          audit.record(
            {
              action: 'finance.attachment_added',
              outcome: 'success',
              actorUserId: user.id,
              targetType: `${owner.appCode.toLowerCase()}:${owner.recordType}`,
              targetId: owner.recordId,
              ip: client.ip,
              userAgent: client.userAgent,
              details: { attachmentId, fileName, type, sha256, sizeBytes: bytes.length },
            },
            trx,
          ),
      )
      return toAttachment((await attachments.findById(id))!)
    },

    async list(owner: { appCode: string; recordType: string; recordId: string }, user: AuthUser): Promise<Attachment[]> {
      await allow(user, owner.appCode, owner.recordType, owner.recordId, 'read')
      return (await attachments.listFor(owner.appCode, owner.recordType, owner.recordId)).map(toAttachment)
    },

    /** The file and its facts, after the owning record's check. */
    async download(attachmentId: number, user: AuthUser) {
      const row = await attachments.findById(attachmentId)
      if (!row) throw new AppError('not_found', `There is no attachment ${attachmentId}.`, { code: 'attachment_not_found' })
      await allow(user, row.app_code, row.record_type, row.record_id, 'read')
      const content = await attachments.content(attachmentId)
      return { attachment: toAttachment(row), content: Buffer.from(content!) }
    },
  }
}
export type AttachmentsService = ReturnType<typeof createAttachmentsService>
