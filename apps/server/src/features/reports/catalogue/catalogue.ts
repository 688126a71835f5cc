import type { Dataset } from '@platform/contracts/reports'
import { isAdminRole } from '@platform/contracts/auth'
import { AppError } from '../../../lib/errors.js'
import type { AuthUser } from '../../../plugins/access.js'
import { BUILTIN_DATASETS } from './builtin-datasets.js'
import { type CatalogueDataset, aggregatesFor } from './dataset.js'

/** Whether a person may read a dataset: asked on every run, not only when the report is designed. */
export type HoldsApplication = (user: AuthUser, appCode: string) => Promise<boolean>

/** The dataset catalogue: the datasets defined in code, and those report writers uploaded. */
export function createCatalogue(deps: {
  holdsApplication: HoldsApplication
  uploads?: () => Promise<CatalogueDataset[]>
  applicationDatasets?: CatalogueDataset[]
}) {
  async function all(): Promise<CatalogueDataset[]> {
    return [...BUILTIN_DATASETS, ...(deps.applicationDatasets ?? []), ...((await deps.uploads?.()) ?? [])]
  }

  async function mayRead(user: AuthUser, dataset: CatalogueDataset): Promise<boolean> {
    if (dataset.access === 'everyone') return true
    if (dataset.access === 'admin') return isAdminRole(user.roleCode)
    return deps.holdsApplication(user, dataset.access.application)
  }

  return {
    /** The datasets a person may read, described for the designer. */
    async list(user: AuthUser): Promise<Dataset[]> {
      const readable: Dataset[] = []
      for (const dataset of await all()) {
        if (!(await mayRead(user, dataset))) continue
        readable.push({
          id: dataset.id,
          label: dataset.label,
          description: dataset.description,
          kind: dataset.kind,
          rowCount: null,
          canManage: dataset.kind === 'upload' && (isAdminRole(user.roleCode) || dataset.ownerId === user.id),
          fields: dataset.fields.map((field) => ({
            name: field.name,
            label: field.label,
            type: field.type,
            filterable: field.filterable !== false,
            groupable: field.groupable !== false,
            aggregates: aggregatesFor(field.type),
          })),
        })
      }
      return readable
    },

    /** A dataset the person may read, or a clear refusal. */
    async readable(user: AuthUser, id: string): Promise<CatalogueDataset> {
      const dataset = (await all()).find((candidate) => candidate.id === id)
      if (!dataset)
        throw new AppError('unprocessable', `There is no dataset '${id}'. It may have been deleted.`, { code: 'unknown_dataset' })
      if (!(await mayRead(user, dataset)))
        throw new AppError('forbidden', `You may not read the dataset '${dataset.label}', so this report cannot run for you.`, {
          code: 'dataset_forbidden',
        })
      return dataset.scoped ? { ...dataset, source: await dataset.scoped(user) } : dataset
    },
  }
}
export type Catalogue = ReturnType<typeof createCatalogue>
