import {
  DISCLOSING_OUTCOMES,
  type LetterKind,
  type Outcome,
  type PublicInfoDuty,
  type RequestState,
  WITHHOLDING_OUTCOMES,
} from '@platform/contracts/records'
import { labelOf } from '@platform/contracts/labels'
import { recordsLabels } from '@platform/contracts/labels/records'
import type { SeparationRule } from '../finance/separation.service.js'

/*
 * The rules of a records request in one place: which state each step starts from and leads to, and which duty takes
 * it. The service enforces them; the screens read the same table through `actions`.
 */

export type Step =
  | 'record'
  | 'assign'
  | 'clarify'
  | 'addTask'
  | 'finishTask'
  | 'upload'
  | 'markExemption'
  | 'keepLibrary'
  | 'draftLetter'
  | 'issueLetter'
  | 'extend'
  | 'determine'
  | 'produce'
  | 'close'
  | 'reopen'
  | 'recordFee'
  | 'logTime'
  | 'note'
  | 'link'
  | 'view'
  | 'message'
  | 'release'
  | 'publicSummary'
  | 'dismissDuplicate'
  | 'mail'

/**
 * Who takes each step. `assigned`: a CUSTODIAN only on a request they are assigned to (COUNSEL on any). Administrators
 * act only through duties granted to them, like anyone else.
 */
export const STEP_DUTIES: Record<Step, { duties: readonly PublicInfoDuty[]; custodianMustBeAssigned?: boolean }> = {
  record: { duties: ['COORDINATOR'] },
  assign: { duties: ['COORDINATOR'] },
  clarify: { duties: ['COORDINATOR'] },
  addTask: { duties: ['COORDINATOR'] },
  produce: { duties: ['COORDINATOR'] },
  close: { duties: ['COORDINATOR'] },
  reopen: { duties: ['COORDINATOR'] },
  recordFee: { duties: ['COORDINATOR'] },
  finishTask: { duties: ['CUSTODIAN', 'COUNSEL', 'COORDINATOR'], custodianMustBeAssigned: true },
  upload: { duties: ['CUSTODIAN', 'COUNSEL'], custodianMustBeAssigned: true },
  markExemption: { duties: ['CUSTODIAN', 'COUNSEL'], custodianMustBeAssigned: true },
  link: { duties: ['COORDINATOR', 'CUSTODIAN', 'COUNSEL'], custodianMustBeAssigned: true },
  keepLibrary: { duties: ['COUNSEL'] },
  draftLetter: { duties: ['COORDINATOR', 'COUNSEL'] },
  issueLetter: { duties: ['SIGNATORY'] },
  extend: { duties: ['SIGNATORY'] },
  determine: { duties: ['SIGNATORY'] },
  logTime: { duties: ['COORDINATOR', 'CUSTODIAN', 'COUNSEL', 'SIGNATORY'], custodianMustBeAssigned: true },
  note: { duties: ['COORDINATOR', 'CUSTODIAN', 'COUNSEL', 'SIGNATORY'], custodianMustBeAssigned: true },
  view: { duties: ['COORDINATOR', 'CUSTODIAN', 'COUNSEL', 'SIGNATORY', 'VIEWER'] },
  // The requester hears from the people working the request; what they write is e-mailed as the records office's.
  message: { duties: ['COORDINATOR', 'CUSTODIAN', 'COUNSEL'], custodianMustBeAssigned: true },
  // Releasing a produced file puts it in the requester's hands (and the archive's): those who produced and reviewed it.
  release: { duties: ['COORDINATOR', 'CUSTODIAN', 'COUNSEL'], custodianMustBeAssigned: true },
  publicSummary: { duties: ['COORDINATOR'] },
  dismissDuplicate: { duties: ['COORDINATOR'] },
  // The To mail list, its envelopes, and a letter's e-mail sent again.
  mail: { duties: ['COORDINATOR'] },
}

/** The kinds of record whose people `finance_participants` keeps (migration 0037), and the parts each records. */
export const RECORD_TYPES = { request: 'request', letter: 'letter' } as const
export const PARTS = {
  recorded: 'recorded',
  clarified: 'clarified',
  extended: 'extended',
  determined: 'determined',
  produced: 'produced',
  closed: 'closed',
  reopened: 'reopened',
  drafted: 'drafted',
  edited: 'edited',
  signed: 'signed',
} as const

/**
 * Separation of duties in Public Information, declared once: the step, the duty that takes it, and the parts whose
 * players may not take it. Whoever drafted or edited a letter does not sign it: a second person reads what leaves.
 */
export const SEPARATION = {
  issueLetter: { step: 'sign', rule: { duty: 'SIGNATORY', barred: [PARTS.drafted, PARTS.edited] } },
} as const satisfies Partial<Record<Step, { step: string; rule: SeparationRule }>>

/** The states each state-changing step starts from, and where it leads. */
export const TRANSITIONS = {
  clarify: { from: ['RECEIVED', 'CLARIFYING', 'REOPENED'], to: 'CLARIFYING' },
  determine: { from: ['RECEIVED', 'CLARIFYING', 'REOPENED'], to: 'DETERMINED' },
  produce: { from: ['DETERMINED'], to: 'PRODUCING' },
  close: { from: ['DETERMINED', 'PRODUCING'], to: 'CLOSED' },
  reopen: { from: ['CLOSED'], to: 'REOPENED' },
} as const satisfies Record<string, { from: readonly RequestState[]; to: RequestState }>

/** The one extension is made while the determination is pending. */
export const EXTENDABLE_STATES: readonly RequestState[] = ['RECEIVED', 'CLARIFYING']
/** States in which work on the records goes on (uploads, exemptions, tasks, fees). */
export const WORKING_STATES: readonly RequestState[] = ['RECEIVED', 'CLARIFYING', 'DETERMINED', 'PRODUCING', 'REOPENED']

export const isDisclosing = (outcome: string | null) => outcome !== null && DISCLOSING_OUTCOMES.includes(outcome as Outcome)

/**
 * The states a document may be released to the requester in: once the request is determined with an outcome that
 * discloses records. Released before the determination, a file would leave without counsel's review of what is
 * withheld; a reopened request waits for its new determination.
 */
export const RELEASE_STATES: readonly RequestState[] = ['DETERMINED', 'PRODUCING', 'CLOSED']
export const releasable = (row: { state: string; outcome: string | null }) =>
  RELEASE_STATES.includes(row.state as RequestState) && isDisclosing(row.outcome)

/** Why no document of the request can be released now, in words; null when one can. */
export function releaseRefusal(row: { number: string; state: string; outcome: string | null }): string | null {
  if (!RELEASE_STATES.includes(row.state as RequestState)) {
    const state = labelOf(recordsLabels.requestState, row.state).toLowerCase()
    return `${row.number} is ${state}: a document is released to the requester only once the request is determined and the records found disclosable, so that nothing leaves before the review of what is withheld.`
  }
  if (!isDisclosing(row.outcome)) {
    const outcome = labelOf(recordsLabels.outcome, row.outcome).toLowerCase()
    return `${row.number} was determined as ${outcome}: it discloses no records, so nothing is released to the requester.`
  }
  return null
}
export const isWithholding = (outcome: string | null) => outcome !== null && WITHHOLDING_OUTCOMES.includes(outcome as Outcome)

const KIND_WORDS: Record<LetterKind, string> = {
  ACKNOWLEDGMENT: 'Acknowledgment',
  DETERMINATION: 'Determination',
  EXTENSION: 'Extension',
  DENIAL: 'Denial',
  CLOSURE: 'Closure',
}

export interface CloseFacts {
  state: string
  outcome: string | null
  determinedAt: string | null
  extendedAt: string | null
  letters: Array<{ kind: string; state: string; issuedAt: string | null }>
}

/**
 * What a request lacks before it may close, in words (empty: nothing). Its requester must have been told in writing:
 * the determination (§7922.535(a); a denial's letter serves for a withholding one) issued after the latest
 * determination, the extension when one was made (§7922.535(b)), and every other letter drafted for it (a closure
 * letter follows the closing, so it never holds it back). The records found disclosable must have been produced.
 */
export function closeMissing(facts: CloseFacts): string[] {
  const unissued = new Set<LetterKind>()
  const issuedSince = (kinds: string[], since: string | null) =>
    facts.letters.some(
      (letter) => kinds.includes(letter.kind) && letter.state === 'ISSUED' && (since === null || (letter.issuedAt ?? '') >= since),
    )
  if (facts.outcome !== null) {
    const kinds = isWithholding(facts.outcome) ? ['DETERMINATION', 'DENIAL'] : ['DETERMINATION']
    if (!issuedSince(kinds, facts.determinedAt)) unissued.add('DETERMINATION')
  }
  if (facts.extendedAt !== null && !issuedSince(['EXTENSION'], null)) unissued.add('EXTENSION')
  for (const letter of facts.letters) if (letter.state === 'DRAFT' && letter.kind !== 'CLOSURE') unissued.add(letter.kind as LetterKind)
  const missing: string[] = []
  const kinds = [...unissued].map((kind) => KIND_WORDS[kind])
  if (kinds.length === 1) missing.push(`1 letter is not issued: ${kinds[0]!}`)
  else if (kinds.length > 1) missing.push(`${kinds.length} letters are not issued: ${kinds.join(', ')}`)
  if (facts.outcome === null) missing.push('the request is not determined')
  else if (isDisclosing(facts.outcome) && facts.state !== 'PRODUCING')
    missing.push(facts.outcome === 'PARTIAL' ? 'the records found disclosable were not produced' : 'no records were produced or denied')
  return missing
}

export interface LetterFacts {
  requesterName: string
  number: string
  receivedOn: string
  determinationDueOn: string
  state: string
  outcome: string | null
  estimatedProductionOn: string | null
  extension: { reason: string; extendedDueOn: string } | null
  responsible: Array<{ name: string; title: string }>
  citations: string[]
}

/** The parts a letter of this kind cannot leave without, and which are missing now (in words the refusal shows). */
export function missingLetterParts(kind: LetterKind, facts: LetterFacts): string[] {
  const missing: string[] = []
  if (!facts.requesterName.trim()) missing.push("the requester's name")
  switch (kind) {
    case 'ACKNOWLEDGMENT':
      if (!facts.determinationDueOn) missing.push('the date the determination is due')
      break
    case 'DETERMINATION':
      if (!facts.outcome) missing.push('the determination (the request is not determined yet)')
      else if (isDisclosing(facts.outcome) && !facts.estimatedProductionOn) missing.push('the estimated date the records will be produced')
      // A determination that withholds any record is a denial in writing (§7922.540): it names what it relies on and who.
      if (isWithholding(facts.outcome)) missing.push(...withholdingParts(facts))
      break
    case 'EXTENSION':
      if (!facts.extension) missing.push('the extension (its reason and the date the determination will come): none was made')
      break
    case 'DENIAL':
      if (!isWithholding(facts.outcome)) missing.push('a denial (the determination withholds nothing)')
      missing.push(...withholdingParts(facts))
      break
    case 'CLOSURE':
      if (facts.state !== 'CLOSED') missing.push('the closing of the request (it is not closed)')
      break
  }
  return missing
}

/** What a letter that withholds records must name (§7922.540): each exemption relied on and each person responsible. */
function withholdingParts(facts: LetterFacts): string[] {
  const missing: string[] = []
  if (facts.citations.length === 0) missing.push('each exemption relied on for the records withheld')
  if (facts.responsible.length === 0) missing.push('each person responsible for the denial, by name and title')
  for (const person of facts.responsible) {
    if (!person.name.trim()) missing.push('the name of each person responsible for the denial')
    else if (!person.title.trim()) missing.push(`the title of ${person.name}`)
  }
  return missing
}

/** Topics a request may name in the fiscal records, and the search task each suggests. */
const FISCAL_TOPICS: Array<{ topic: string; words: RegExp; task: string }> = [
  {
    topic: 'warrants',
    words: /\bwarrants?\b|\bchecks? (?:issued|paid)\b/i,
    task: 'Search the warrant register (accounts payable) for the warrants named',
  },
  {
    topic: 'vendors',
    words: /\bvendors?\b|\bpayments? to\b|\bsuppliers?\b/i,
    task: 'Search the vendor file and vendor payments for the vendors named',
  },
  {
    topic: 'contracts',
    words: /\bcontracts?\b|\bagreements?\b|\bpurchase orders?\b/i,
    task: 'Search board-approved contracts and purchase orders',
  },
  {
    topic: 'receipts',
    words: /\breceipts?\b|\bdeposits?\b|\bcash (?:received|collected)\b/i,
    task: 'Search Payment Receipts for the receipts and deposits named',
  },
  {
    topic: 'accruals',
    words: /\baccruals?\b|\byear-end\b|\bpayables?\b|\breceivables?\b/i,
    task: 'Search Accruals for the year-end accruals named',
  },
  {
    topic: 'pay',
    words: /\bpay(?:roll)?\b|\bsalar(?:y|ies)\b|\bcompensation\b|\bwages?\b/i,
    task: 'Search payroll records (pay and benefits) for the positions named',
  },
]

/** The fiscal topics a request's text names, with the search task to offer for each. */
export function fiscalSuggestions(text: string): Array<{ topic: string; task: string }> {
  return FISCAL_TOPICS.filter((topic) => topic.words.test(text)).map(({ topic, task }) => ({ topic, task }))
}
