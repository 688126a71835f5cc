import { DISCLOSING_OUTCOMES } from '@platform/contracts/records'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import { type Client, type RecordsContext } from './records-context.js'
import { requestDetail } from './records-detail.js'
import { RELEASE_STATES, releaseRefusal } from './records-rules.js'

/**
 * The requester's side of a request, as staff take its steps: answering their messages (e-mailed when they gave an
 * address), releasing documents to their tracking page, the public summary, and clearing a possible duplicate.
 */
export function createRecordsRequesterSteps(context: RecordsContext) {
  const { requests, requesters, access, clock } = context
  const moved = async (id: number, user: AuthUser) => requestDetail(context, (await requests.findById(id))!, user)

  return {
    /**
     * An answer to the requester, allowed in any state (they may ask after the request closed). E-mailed, in the
     * message's own transaction, when they gave an address; otherwise kept on the request for a letter by post.
     */
    async message(id: number, text: string, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'message', id)
      const email = (await requesters.ofRequest(id))?.email ?? null
      await requesters.answer(
        { requestId: id, body: text, authorId: user.id, at: clock.now().toISOString() },
        async (trx) =>
          email === null
            ? null
            : context.mail.enqueue({ kind: 'records_answer', to: email, values: { number: row.number, message: text }, secrets: [] }, trx),
        // The audit row keeps the answer's length, not its text: the request page shows the text itself.
        (trx, written) =>
          context.record(
            'message_sent',
            user,
            row,
            client,
            { messageId: written.messageId, length: text.length, emailed: email !== null },
            trx,
          ),
      )
      return moved(id, user)
    },

    /**
     * Releases a document to the requester, or withdraws it. A withdrawal is allowed in any state, a closed request's
     * too: a file released by mistake (a page left unredacted) must leave the tracking page and the archive at once,
     * and taking it back only narrows what the public reaches.
     */
    async release(id: number, documentId: number, released: boolean, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      const document = await requesters.document(id, documentId)
      if (!document) throw new AppError('not_found', `There is no document ${documentId} on ${row.number}.`, { code: 'document_not_found' })
      await access.require(user, 'release', id)
      const fileName = document.file_name
      if (!released) {
        const withdrawn = await requesters.withdraw({ requestId: id, documentId }, (trx) =>
          context.record('document_withdrawn', user, row, client, { documentId, fileName }, trx),
        )
        if (!withdrawn)
          throw new AppError('conflict', `${fileName} is not released to the requester, so there is nothing to withdraw.`, {
            code: 'not_released',
          })
        return moved(id, user)
      }
      const refused = releaseRefusal(row)
      if (refused) throw new AppError('conflict', refused, { code: 'not_releasable' })
      const outcome = await requesters.release(
        { requestId: id, documentId, by: user.id, at: clock.now().toISOString() },
        { states: RELEASE_STATES, outcomes: DISCLOSING_OUTCOMES },
        (trx) => context.record('document_released', user, row, client, { documentId, fileName }, trx),
      )
      if (outcome === 'moved') {
        const now = (await requests.findById(id))!
        throw new AppError('conflict', releaseRefusal(now) ?? `${row.number} changed meanwhile. Reload it.`, { code: 'not_releasable' })
      }
      if (outcome === false)
        throw new AppError('conflict', `${fileName} is already released to the requester.`, { code: 'already_released' })
      return moved(id, user)
    },

    /** What the public archive shows once the request is closed (and the archive is on); written in any state. */
    async publicSummary(id: number, summary: string, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'publicSummary', id)
      await requesters.setPublicSummary({ requestId: id, summary, by: user.id, at: clock.now().toISOString() }, (trx) =>
        context.record('public_summary', user, row, client, { summary }, trx),
      )
      return moved(id, user)
    },

    /** The request is not a duplicate of the one it resembles: the flag leaves the page and My queue. */
    async dismissDuplicate(id: number, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'dismissDuplicate', id)
      const duplicate = await requesters.possibleDuplicate(id)
      const dismissed =
        duplicate !== undefined &&
        (await requesters.dismissDuplicate({ requestId: id, by: user.id, at: clock.now().toISOString() }, (trx) =>
          context.record('duplicate_dismissed', user, row, client, { duplicateOf: duplicate.number }, trx),
        ))
      if (!dismissed) throw new AppError('conflict', `${row.number} is not flagged as a possible duplicate.`, { code: 'not_flagged' })
      return moved(id, user)
    },
  }
}
