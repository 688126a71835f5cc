import { SuccessSchema } from '@platform/contracts/errors'
import {
  UPLOAD_CONTENT_TYPES,
  UploadPreviewResponseSchema,
  UploadSavedResponseSchema,
  type Dataset,
  type DatasetsResponseSchema,
  type UploadColumn,
} from '@platform/contracts/reports'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '@/lib/api-client'
import { typesParam, uploadKindOf } from '../utils/upload-file'
import { reportKeys } from './reports'

/* Datasets uploaded from CSV or XLSX files. The file travels as the request body, as it is, its name in X-File-Name. */

type DatasetsResponse = z.infer<typeof DatasetsResponseSchema>

/** The file as the body, typed by its kind (checked by uploadFileProblem before it gets here). */
const fileBody = (file: File) => ({
  rawBody: file,
  contentType: UPLOAD_CONTENT_TYPES[uploadKindOf(file) ?? 'csv'],
  headers: { 'X-File-Name': encodeURIComponent(file.name) },
})

export interface UploadPreviewInput {
  file: File
  name: string
}

/** POST /api/reportuploads/preview: the file's columns with proposed types and sample values, and its rows; nothing is stored. */
export const useUploadPreview = () =>
  useMutation({
    mutationFn: ({ file, name }: UploadPreviewInput) =>
      api.post('/api/reportuploads/preview', UploadPreviewResponseSchema, undefined, { query: { name }, ...fileBody(file) }),
  })

export interface SaveUploadInput extends UploadPreviewInput {
  description: string
  /** The types the person confirmed, in the file's order. */
  columns: readonly UploadColumn[]
  /** The uploaded dataset (upload_3) whose rows the file replaces in place. */
  replace?: string
}

function withDataset(current: DatasetsResponse | undefined, dataset: Dataset): DatasetsResponse | undefined {
  if (!current) return current
  const others = current.datasets.filter((item) => item.id !== dataset.id)
  return { datasets: [...others, dataset] }
}

/** Everything read from a dataset's rows: results, previews and parameter choices (reports and drafts stay as they are). */
function invalidateResults(queryClient: ReturnType<typeof useQueryClient>) {
  for (const queryKey of [reportKeys.datasets, reportKeys.allRuns, reportKeys.allPreviews, reportKeys.allOptions])
    void queryClient.invalidateQueries({ queryKey })
}

/** POST /api/reportuploads: stores the file as a dataset, or as the new rows of the one it replaces. */
export function useSaveUpload() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, name, description, columns, replace }: SaveUploadInput) =>
      api.post('/api/reportuploads', UploadSavedResponseSchema, undefined, {
        query: { name, description, types: typesParam(columns), replace },
        ...fileBody(file),
      }),
    onSuccess: ({ dataset }, { replace }) => {
      // In the list at once, so the designer can select the dataset before the list is read again.
      queryClient.setQueryData<DatasetsResponse>(reportKeys.datasets, (current) => withDataset(current, dataset))
      if (replace) invalidateResults(queryClient)
      else void queryClient.invalidateQueries({ queryKey: reportKeys.datasets })
    },
  })
}

/** DELETE /api/reportuploads: the dataset and its rows; reports over it stop working. */
export function useDeleteUpload() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (datasetId: string) => api.delete('/api/reportuploads', SuccessSchema, { query: { datasetId } }),
    onSuccess: (_result, datasetId) => {
      queryClient.setQueryData<DatasetsResponse>(
        reportKeys.datasets,
        (current) => current && { datasets: current.datasets.filter((item) => item.id !== datasetId) },
      )
      invalidateResults(queryClient)
    },
  })
}
