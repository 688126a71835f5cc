import { localDate } from '@platform/contracts/finance-fiscal-year'
import { labelOf } from '@platform/contracts/labels'
import { recordsLabels } from '@platform/contracts/labels/records'
import type { Letter, LetterKind } from '@platform/contracts/records'
import { dayInWords } from '@platform/contracts/records-clock'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { Client, RecordsContext } from './records-context.js'
import { deliveryOf, letterMail } from './records-deliveries.js'
import { requestDetail } from './records-detail.js'

/** The To mail list and the envelope page show at most this many letters. */
const LIST_LIMIT = 500

type MailingRow = Awaited<ReturnType<RecordsContext['deliveries']['mailingsByIds']>>[number]

const letterWord = (kind: string) => labelOf(recordsLabels.letterKind, kind).toLowerCase()

const mailingOf = (row: MailingRow) => ({
  id: row.delivery_id,
  requestId: row.request_id,
  number: row.number,
  letterId: row.letter_id,
  letterKind: row.kind as LetterKind,
  issuedAt: row.issued_at ?? '',
  recipientName: row.requester_name,
  postalAddress: row.recipient,
  mailedOn: row.mailed_on,
  mailedByName: row.mailed_by_name,
})

/** Letters that leave by post: the To mail list of requesters without e-mail, their envelope page, and marking them mailed. */
export function createRecordsMailingsService(context: RecordsContext) {
  const { access, deliveries, work, clock, finance } = context

  async function mailing(id: number) {
    const [row] = await deliveries.mailingsByIds([id])
    if (!row) throw new AppError('not_found', `There is no letter to mail with number ${id}.`, { code: 'mailing_not_found' })
    return row
  }

  return {
    /** A holder of the application without a duty sees nothing, as with the list of requests. */
    async list(state: 'TO_MAIL' | 'MAILED', user: AuthUser) {
      if (!(await access.may(user, 'view'))) return []
      return (await deliveries.mailings(state, LIST_LIMIT)).map(mailingOf)
    },

    /** One envelope a page, in the order asked for. */
    async envelopes(ids: readonly number[], user: AuthUser): Promise<{ fileName: string; content: Buffer }> {
      await access.require(user, 'mail')
      const wanted = [...new Set(ids)]
      const rows = await deliveries.mailingsByIds(wanted)
      const missing = wanted.filter((id) => !rows.some((row) => row.delivery_id === id))
      if (missing.length > 0) {
        const which = missing.length === 1 ? `number ${missing[0]}` : `numbers ${missing.join(', ')}`
        throw new AppError('not_found', `There is no letter to mail with ${which}.`, { code: 'mailing_not_found' })
      }
      const ordered = wanted.map((id) => rows.find((row) => row.delivery_id === id)!)
      const { envelopesPdf } = await import('./records-envelopes-pdf.js')
      const content = await envelopesPdf(
        context.districtName,
        ordered.map((row) => ({ name: row.requester_name, postalAddress: row.recipient })),
      )
      return { fileName: `envelopes-${context.today()}.pdf`, content }
    },

    /** The day a posted letter left: not in the future, not before it was issued, and only once. */
    async markMailed(id: number, mailedOn: string, user: AuthUser, client: Client) {
      await access.require(user, 'mail')
      const row = await mailing(id)
      const letter = `The ${letterWord(row.kind)} letter of ${row.number}`
      if (row.mailed_on) throw alreadyMailed(letter, row.mailed_on)
      if (mailedOn > context.today())
        throw new AppError('unprocessable', `${dayInWords(mailedOn)} has not come yet: enter the day the letter was mailed.`, {
          code: 'mailed_in_future',
        })
      const issuedOn = row.issued_at ? localDate(new Date(row.issued_at), finance.districtTimeZone) : null
      if (issuedOn && mailedOn < issuedOn)
        throw new AppError(
          'unprocessable',
          `${letter} was issued on ${dayInWords(issuedOn)}: it cannot have been mailed on ${dayInWords(mailedOn)}.`,
          { code: 'mailed_before_issued' },
        )
      const request = { request_id: row.request_id, number: row.number }
      const marked = await deliveries.markMailed(id, mailedOn, user.id, clock.now().toISOString(), (trx) =>
        context.record('letter_mailed', user, request, client, { letterId: row.letter_id, kind: row.kind, mailedOn }, trx),
      )
      if (!marked) throw alreadyMailed(letter, (await mailing(id)).mailed_on ?? mailedOn)
      return mailingOf(await mailing(id))
    },

    /** Sends an issued letter's e-mail again once the mail server refused it for good. */
    async resend(id: number, letterId: number, user: AuthUser, client: Client): Promise<Letter> {
      const row = await context.load(id, user)
      const letter = await work.letter(letterId)
      if (!letter || letter.request_id !== id)
        throw new AppError('not_found', `There is no letter ${letterId} on ${row.number}.`, { code: 'letter_not_found' })
      await access.require(user, 'mail')
      const words = `The ${letterWord(letter.kind)} letter`
      const delivery = letter.state === 'ISSUED' ? await deliveries.ofLetter(letterId) : undefined
      if (!delivery)
        throw new AppError('conflict', `${words} is not issued yet: it is sent when it is issued.`, { code: 'letter_not_issued' })
      const state = deliveryOf(delivery).state
      if (delivery.channel !== 'EMAIL' || state !== 'FAILED' || delivery.mail_message_id === null) {
        const now = labelOf(recordsLabels.deliveryState, state).toLowerCase()
        throw new AppError('conflict', `${words} is sent again only when its e-mail failed; it is ${now}.`, { code: 'not_failed' })
      }
      const pdf = (await work.letterPdf(letterId))!
      const viaPortal = (await context.requesters.ofRequest(id))?.via_portal === 1
      const mail = letterMail({ to: delivery.recipient, number: row.number, kind: letter.kind, pdf, appUrl: context.appUrl, viaPortal })
      const sent = await deliveries.resend(
        delivery.delivery_id,
        delivery.mail_message_id,
        (trx) => context.mail.enqueue(mail, trx),
        (trx) => context.record('letter_delivery', user, row, client, { letterId, kind: letter.kind, resent: true }, trx),
      )
      if (sent === false) throw new AppError('conflict', `${words} was sent again meanwhile.`, { code: 'already_resent' })
      const detail = await requestDetail(context, (await context.requests.findById(id))!, user)
      return detail.letters.find((one) => one.id === letterId)!
    },
  }
}
export type RecordsMailingsService = ReturnType<typeof createRecordsMailingsService>

function alreadyMailed(letter: string, mailedOn: string) {
  return new AppError('conflict', `${letter} was already marked mailed on ${dayInWords(mailedOn)}.`, { code: 'already_mailed' })
}
