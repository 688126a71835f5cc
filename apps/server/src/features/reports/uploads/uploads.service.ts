import { FIELD_TYPES, REPORT_DESIGNER_ROLES, type Dataset, type UploadColumn, UploadColumnSchema } from '@platform/contracts/reports'
import { isAdminRole } from '@platform/contracts/auth'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Clock } from '../../../lib/clock.js'
import { AppError } from '../../../lib/errors.js'
import type { AuthUser } from '../../../plugins/access.js'
import type { AuditService } from '../../audit/audit.service.js'
import { type CatalogueDataset, aggregatesFor } from '../catalogue/dataset.js'
import { readCsv } from './read-csv.js'
import { readXlsx } from './read-xlsx.js'
import type { UploadedTable } from './upload-file.js'
import { convertRows, fieldNames, gatherEvidence, typeOf } from './upload-types.js'
import { type UploadsRepository, uploadTable } from './uploads.repository.js'
import type { ClientInfo } from '../../../lib/client-info.js'

export type { ClientInfo } from '../../../lib/client-info.js'

const SAMPLES = 5
const datasetId = (uploadId: number) => `upload_${uploadId}`
const uploadIdOf = (id: string) => Number(id.slice('upload_'.length))

/**
 * Datasets report writers upload from CSV or XLSX files: a dry run proposes a type per column, the person confirms or
 * changes them, and the rows are stored converted to those types (a value that does not fit stops the upload).
 * Replacing keeps the dataset's id, so reports over it keep working.
 */
export function createUploadsService(deps: { uploads: UploadsRepository; audit: AuditService; clock: Clock }) {
  const { uploads, audit, clock } = deps

  async function read(bytes: Buffer, kind: 'csv' | 'xlsx'): Promise<UploadedTable> {
    return kind === 'csv' ? readCsv(bytes) : readXlsx(bytes)
  }

  async function proposed(table: UploadedTable): Promise<Array<UploadColumn & { samples: string[] }>> {
    const names = fieldNames(table.header)
    const evidence = await gatherEvidence(table.rows, table.header.length)
    return table.header.map((label, index) => ({
      name: names[index]!,
      label: label || names[index]!,
      type: typeOf(evidence[index]!),
      samples: evidence[index]!.samples.slice(0, SAMPLES),
    }))
  }

  async function confirmed(table: UploadedTable, raw: string | undefined, types: string | undefined): Promise<UploadColumn[]> {
    const suggestion = (await proposed(table)).map(({ samples: _samples, ...column }) => column)
    if (raw === undefined && types !== undefined) {
      const chosen = types.split(',').map((type) => type.trim())
      if (chosen.length !== suggestion.length)
        throw new AppError('bad_request', `The file has ${suggestion.length} columns but ${chosen.length} types were sent.`, {
          code: 'bad_columns',
        })
      const invalid = chosen.find((type) => !(FIELD_TYPES as readonly string[]).includes(type))
      if (invalid !== undefined)
        throw new AppError('bad_request', `'${invalid}' is not a column type. Types: ${FIELD_TYPES.join(', ')}.`, { code: 'bad_columns' })
      return suggestion.map((column, index) => ({ ...column, type: chosen[index] as UploadColumn['type'] }))
    }
    if (raw === undefined) return suggestion
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      throw new AppError('bad_request', 'columns is not valid JSON: send [{ "name", "label", "type" }, …] in file order.', {
        code: 'bad_columns',
      })
    }
    const columns = z.array(UploadColumnSchema).safeParse(parsed)
    if (!columns.success)
      throw new AppError('bad_request', `columns: ${columns.error.issues[0]?.message ?? 'not valid'}.`, { code: 'bad_columns' })
    if (columns.data.length !== table.header.length) {
      throw new AppError('bad_request', `The file has ${table.header.length} columns but ${columns.data.length} types were sent.`, {
        code: 'bad_columns',
      })
    }
    if (
      new Set(columns.data.map((column) => column.name)).size !== columns.data.length ||
      columns.data.some((column) => column.name === 'row_id')
    ) {
      throw new AppError('bad_request', 'Every column needs its own name (and row_id is taken).', { code: 'bad_columns' })
    }
    return columns.data
  }

  function describe(row: Awaited<ReturnType<UploadsRepository['list']>>[number]): CatalogueDataset {
    const columns = JSON.parse(row.columns) as UploadColumn[]
    return {
      id: datasetId(row.upload_id),
      label: row.name,
      description: row.description ?? `Uploaded from ${row.file_name ?? 'a file'}.`,
      kind: 'upload',
      access: 'everyone',
      ownerId: row.uploaded_by,
      key: 'row_id',
      fields: [
        { name: 'row_id', label: 'Row', type: 'integer', groupable: false },
        ...columns.map((column) => ({ name: column.name, label: column.label, type: column.type })),
      ],
      // The table name is made of the numeric id and the columns were checked as identifiers when uploaded.
      source: (k) =>
        (k as unknown as Kysely<Record<string, Record<string, unknown>>>)
          .selectFrom(uploadTable(row.upload_id))
          .select(['row_id', ...columns.map((column) => column.name)]) as never,
    }
  }

  function asDataset(row: Awaited<ReturnType<UploadsRepository['list']>>[number]): Dataset {
    const dataset = describe(row)
    return {
      id: dataset.id,
      label: dataset.label,
      description: dataset.description,
      kind: 'upload',
      rowCount: row.row_count,
      canManage: true,
      fields: dataset.fields.map((field) => ({
        name: field.name,
        label: field.label,
        type: field.type,
        filterable: true,
        groupable: field.groupable !== false,
        aggregates: aggregatesFor(field.type),
      })),
    }
  }

  return {
    /** The uploaded datasets as catalogue entries. */
    catalogue: async (): Promise<CatalogueDataset[]> => (await uploads.list()).map(describe),

    async upload(
      user: AuthUser,
      request: {
        bytes: Buffer
        kind: 'csv' | 'xlsx'
        name: string
        description?: string | undefined
        dryRun: boolean
        columns?: string | undefined
        types?: string | undefined
        replace?: string | undefined
        fileName: string | null
      },
      client: ClientInfo,
    ) {
      if (!REPORT_DESIGNER_ROLES.includes(user.roleCode))
        throw new AppError('forbidden', 'Only report writers and administrators can upload datasets.', { code: 'designer_only' })
      const table = await read(request.bytes, request.kind)
      if (request.dryRun) return { preview: { columns: await proposed(table), rowCount: table.rows.length } }
      const columns = await confirmed(table, request.columns, request.types)
      const rows = await convertRows(table.rows, columns)
      const at = clock.now().toISOString()
      const values = { name: request.name, description: request.description || null, columns, fileName: request.fileName, at }
      let uploadId: number
      if (request.replace) {
        uploadId = uploadIdOf(request.replace)
        const existing = await uploads.get(uploadId)
        if (!existing) throw new AppError('not_found', `There is no uploaded dataset ${request.replace}.`)
        if (existing.uploaded_by !== user.id && !isAdminRole(user.roleCode))
          throw new AppError('forbidden', 'Only the person who uploaded a dataset, or an administrator, can replace it.', {
            code: 'not_uploader',
          })
        await uploads.replace(uploadId, values, rows)
      } else {
        uploadId = await uploads.create({ ...values, by: user.id }, rows)
      }
      await audit.record({
        action: request.replace ? 'report.dataset_replaced' : 'report.dataset_uploaded',
        outcome: 'success',
        actorUserId: user.id,
        targetType: 'dataset',
        targetId: datasetId(uploadId),
        ip: client.ip,
        userAgent: client.userAgent,
        details: { name: request.name, rows: rows.length, columns: columns.length },
      })
      const saved = (await uploads.get(uploadId))!
      return {
        saved: {
          success: true as const,
          message: `${request.name}: ${rows.length.toLocaleString('en-US')} rows ${request.replace ? 'replaced the earlier ones' : 'uploaded'}.`,
          dataset: asDataset(saved),
        },
      }
    },

    async delete(user: AuthUser, id: string, client: ClientInfo) {
      const existing = await uploads.get(uploadIdOf(id))
      if (!existing) throw new AppError('not_found', `There is no uploaded dataset ${id}.`)
      if (existing.uploaded_by !== user.id && !isAdminRole(user.roleCode))
        throw new AppError('forbidden', 'Only the person who uploaded a dataset, or an administrator, can delete it.', {
          code: 'not_uploader',
        })
      await uploads.delete(existing.upload_id)
      await audit.record({
        action: 'report.dataset_deleted',
        outcome: 'success',
        actorUserId: user.id,
        targetType: 'dataset',
        targetId: id,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { name: existing.name },
      })
      return { success: true as const, message: `The dataset '${existing.name}' was deleted. Reports over it can no longer run.` }
    },
  }
}
export type UploadsService = ReturnType<typeof createUploadsService>
