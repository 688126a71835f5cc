import {
  DISCLOSING_OUTCOMES,
  type LetterKind,
  type Outcome,
  type PublicInfoDuty,
  type RequestState,
  WITHHOLDING_OUTCOMES,
} from '@platform/contracts/records'

/*
 * The rules of a records request in one place: which state each step starts from and leads to, and which duty takes
 * it (issue 17, "Who takes each step"). The service enforces them; the screens read the same table through `actions`.
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
}

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
export const isWithholding = (outcome: string | null) => outcome !== null && WITHHOLDING_OUTCOMES.includes(outcome as Outcome)

/** A determined request is produced only when something is disclosable; otherwise it closes straight away. */
export function closeBlocker(state: string, outcome: string | null): string | null {
  if (state === 'DETERMINED' && isDisclosing(outcome)) return 'records were found disclosable: produce them first, then close'
  return null
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
      break
    case 'EXTENSION':
      if (!facts.extension) missing.push('the extension (its reason and the date the determination will come): none was made')
      break
    case 'DENIAL':
      if (!isWithholding(facts.outcome)) missing.push('a denial (the determination withholds nothing)')
      if (facts.responsible.length === 0) missing.push('each person responsible for the denial, by name and title')
      for (const person of facts.responsible) if (!person.title.trim()) missing.push(`the title of ${person.name}`)
      if (facts.citations.length === 0) missing.push("each exemption's citation")
      break
    case 'CLOSURE':
      if (facts.state !== 'CLOSED') missing.push('the closing of the request (it is not closed)')
      break
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
