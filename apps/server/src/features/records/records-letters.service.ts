import { labelOf } from '@platform/contracts/labels'
import { recordsLabels } from '@platform/contracts/labels/records'
import { type Letter, type LetterKind, REQUEST_STATES } from '@platform/contracts/records'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { DbTransaction } from '../../db/database.js'
import { type Client, type RecordsContext } from './records-context.js'
import { letterMail } from './records-deliveries.js'
import { letterFacts, requestDetail, signingCheck } from './records-detail.js'
import { PARTS, RECORD_TYPES, missingLetterParts } from './records-rules.js'

/** A closure letter follows the closing; every other letter is drafted while the request is open. */
const OPEN_STATES = REQUEST_STATES.filter((state) => state !== 'CLOSED')
const draftableIn = (kind: LetterKind): readonly string[] => (kind === 'CLOSURE' ? REQUEST_STATES : OPEN_STATES)

/** 'extension' for EXTENSION: the kind of a letter inside a sentence. */
const letterWord = (kind: string) => labelOf(recordsLabels.letterKind, kind).toLowerCase()

function closedForLetters(number: string, kind: LetterKind, meanwhile: boolean) {
  const closed = meanwhile ? `${number} was closed while you drafted the letter` : `${number} is closed`
  const word = letterWord(kind)
  const letter = `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word} letter`
  return new AppError('conflict', `${closed}: only its closure letter is drafted now. Reopen it to draft ${letter}.`, {
    code: 'request_closed',
  })
}

/**
 * Letters that cannot leave incomplete (§7922.540): drafted by a COORDINATOR or COUNSEL, signed and issued by a
 * SIGNATORY who neither drafted nor edited it; issuing is refused while a required part is missing, naming it.
 */
export function createRecordsLettersService(context: RecordsContext, options: { districtName: string }) {
  const { work, requests, access, clock, finance, deliveries } = context

  async function letterOf(id: number, letterId: number, user: AuthUser) {
    const row = await context.load(id, user)
    const letter = await work.letter(letterId)
    if (!letter || letter.request_id !== id)
      throw new AppError('not_found', `There is no letter ${letterId} on ${row.number}.`, { code: 'letter_not_found' })
    return { row, letter }
  }

  async function answer(id: number, letterId: number, user: AuthUser): Promise<Letter> {
    const detail = await requestDetail(context, (await requests.findById(id))!, user)
    return detail.letters.find((letter) => letter.id === letterId)!
  }

  /** The issued letter leaves: e-mailed with its PDF when the requester gave an address, else onto the To mail list. */
  async function deliver(
    trx: DbTransaction,
    letter: {
      requestId: number
      letterId: number
      number: string
      kind: string
      pdf: Uint8Array
      email: string | null
      viaPortal: boolean
      postal: string
    },
  ) {
    const at = clock.now().toISOString()
    const { requestId, letterId } = letter
    if (!letter.email) {
      await deliveries.insert(trx, { requestId, letterId, channel: 'POST', recipient: letter.postal, mailMessageId: null, at })
      return
    }
    const mailMessageId = await context.mail.enqueue(letterMail({ ...letter, to: letter.email, appUrl: context.appUrl }), trx)
    await deliveries.insert(trx, { requestId, letterId, channel: 'EMAIL', recipient: letter.email, mailMessageId, at })
  }

  return {
    async draft(id: number, input: { kind: LetterKind; body?: string | null | undefined }, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'draftLetter')
      const whileIn = draftableIn(input.kind)
      if (!whileIn.includes(row.state)) throw closedForLetters(row.number, input.kind, false)
      // Drafted under the request's lock, which a close takes before it checks the letters: one waits for the other.
      const letterId = await work.draftLetter(
        { requestId: id, kind: input.kind, body: input.body ?? '', by: user.id, at: clock.now().toISOString() },
        whileIn,
        async (trx, drafted) => {
          await context.tookPart(trx, RECORD_TYPES.letter, drafted, user, PARTS.drafted)
          await context.record('letter_drafted', user, row, client, { letterId: drafted, kind: input.kind }, trx)
        },
      )
      if (letterId === false) throw closedForLetters(row.number, input.kind, true)
      return answer(id, letterId, user)
    },

    async revise(id: number, letterId: number, body: string, user: AuthUser, client: Client) {
      const { row, letter } = await letterOf(id, letterId, user)
      await access.require(user, 'draftLetter')
      const revised = await work.reviseLetter(letterId, body, user.id, clock.now().toISOString(), async (trx) => {
        await context.tookPart(trx, RECORD_TYPES.letter, letterId, user, PARTS.edited)
        await context.record('letter_revised', user, row, client, { letterId, kind: letter.kind }, trx)
      })
      if (!revised)
        throw new AppError('conflict', `The ${letterWord(letter.kind)} letter was issued: it is kept as sent.`, { code: 'letter_issued' })
      return answer(id, letterId, user)
    },

    async issue(id: number, letterId: number, signatoryTitle: string, user: AuthUser, client: Client) {
      const { row, letter } = await letterOf(id, letterId, user)
      await access.require(user, 'issueLetter')
      if (letter.state !== 'DRAFT')
        throw new AppError('conflict', `The ${letterWord(letter.kind)} letter was already issued.`, { code: 'letter_issued' })
      const facts = await letterFacts(context, row)
      const missing = missingLetterParts(letter.kind as LetterKind, facts)
      if (missing.length > 0) {
        throw new AppError('unprocessable', `The ${letterWord(letter.kind)} letter cannot be issued: it lacks ${missing.join('; ')}.`, {
          code: 'letter_incomplete',
        })
      }
      const requester = await context.requesters.ofRequest(id)
      const signing = signingCheck(row, letter, user.id)
      const clearance = await finance.checkStep(signing)
      const name = (await requests.nameOf(user.id)) ?? ''
      const { letterPdf } = await import('./records-letter-pdf.js')
      const today = context.today()
      const pdf = await letterPdf({
        kind: letter.kind as LetterKind,
        districtName: options.districtName,
        facts,
        body: letter.body,
        signatory: { name, title: signatoryTitle },
        issuedOn: today,
      })
      const issued = await work.issueLetter(
        letterId,
        { signedBy: user.id, title: signatoryTitle, at: clock.now().toISOString(), pdf },
        async (trx) => {
          // The letter's row is locked by its conditional change: whoever drafted or edited it meanwhile is seen here.
          await finance.confirmStepIn(trx, signing, clearance)
          await context.tookPart(trx, RECORD_TYPES.letter, letterId, user, PARTS.signed)
          await context.record('letter_issued', user, row, client, { letterId, kind: letter.kind, signatoryTitle }, trx)
          // Sent with the issue or not issued: a letter the requester never gets is not issued.
          await deliver(trx, {
            requestId: id,
            letterId,
            number: row.number,
            kind: letter.kind,
            pdf,
            email: requester?.email ?? null,
            viaPortal: requester?.via_portal === 1,
            postal: requester?.postal_address ?? row.requester_contact,
          })
        },
      )
      if (!issued) throw new AppError('conflict', `The ${letterWord(letter.kind)} letter was issued meanwhile.`, { code: 'letter_issued' })
      return answer(id, letterId, user)
    },

    /** The issued letter as sent, or a draft's preview marked DRAFT. */
    async pdf(id: number, letterId: number, user: AuthUser): Promise<{ fileName: string; content: Buffer }> {
      const { row, letter } = await letterOf(id, letterId, user)
      const fileName = `${row.number}-${letter.kind.toLowerCase()}${letter.state === 'DRAFT' ? '-draft' : ''}.pdf`
      if (letter.state === 'ISSUED') return { fileName, content: Buffer.from((await work.letterPdf(letterId))!) }
      const { letterPdf } = await import('./records-letter-pdf.js')
      return {
        fileName,
        content: await letterPdf({
          kind: letter.kind as LetterKind,
          districtName: options.districtName,
          facts: await letterFacts(context, row),
          body: letter.body,
          signatory: null,
          issuedOn: null,
        }),
      }
    },
  }
}
export type RecordsLettersService = ReturnType<typeof createRecordsLettersService>
