import type { RecordsContext } from './records-context.js'

/** Letters that leave by post: the To mail list of requesters without e-mail, their envelope page, and marking them mailed. */
export function createRecordsMailingsService(context: RecordsContext) {
  void context
  return {}
}
export type RecordsMailingsService = ReturnType<typeof createRecordsMailingsService>
