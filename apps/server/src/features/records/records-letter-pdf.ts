import PDFDocument from 'pdfkit'
import { EXTENSION_REASON_TEXT, type ExtensionReason, type LetterKind } from '@platform/contracts/records'
import { formatDay } from '@platform/contracts/records-clock'
import { type LetterFacts, isWithholding } from './records-rules.js'

// Loaded on first use by the letters service (pdfkit is large). Plain Helvetica on Letter paper.

const TITLES: Record<LetterKind, string> = {
  ACKNOWLEDGMENT: 'Acknowledgment of your public records request',
  DETERMINATION: 'Determination on your public records request',
  EXTENSION: 'Extension of time to respond to your public records request',
  DENIAL: 'Denial of records under the California Public Records Act',
  CLOSURE: 'Closure of your public records request',
}

const OUTCOME_WORDS: Record<string, string> = {
  DISCLOSABLE: 'the District has disclosable public records responsive to your request',
  PARTIAL: 'the District has responsive records, some of which are disclosable and some of which are withheld in whole or in part',
  DENIED: 'the District withholds the responsive records',
  NO_RECORDS: 'the District has no records responsive to your request',
  NOT_A_RECORDS_REQUEST: 'your message does not reasonably describe identifiable records, so it is not a request for records under the Act',
}

const day = (date: string) => formatDay(date, true)

export interface LetterContent {
  kind: LetterKind
  districtName: string
  facts: LetterFacts
  body: string
  /** The signatory's name and title; absent on a draft's preview. */
  signatory: { name: string; title: string } | null
  issuedOn: string | null
}

/** What a letter withholding records states (§7922.540): the exemptions relied on and the persons responsible. */
const denialGrounds = (facts: LetterFacts) => [
  'Under Government Code §7922.540 the District states the exemptions it relies on and the persons responsible for this denial.',
  `Exemptions relied on: ${facts.citations.join('; ')}.`,
  `Persons responsible for the denial: ${facts.responsible.map((person) => `${person.name}, ${person.title}`).join('; ')}.`,
]

/** The standard paragraphs of each letter, from the request's facts (the drafter's text follows them). */
function paragraphs(content: LetterContent): string[] {
  const { facts } = content
  const received = `Your request ${facts.number}, received ${day(facts.receivedOn)}`
  switch (content.kind) {
    case 'ACKNOWLEDGMENT':
      return [
        `${received}, has been recorded. Under Government Code §7922.535 the District will tell you by ${day(facts.determinationDueOn)} whether it has disclosable public records responsive to it.`,
      ]
    case 'DETERMINATION': {
      const lines = [`Regarding ${facts.number}: ${OUTCOME_WORDS[facts.outcome ?? ''] ?? ''}.`]
      if (facts.estimatedProductionOn)
        lines.push(`The District estimates that the records will be made available by ${day(facts.estimatedProductionOn)}.`)
      if (isWithholding(facts.outcome)) lines.push(...denialGrounds(facts))
      return lines
    }
    case 'EXTENSION': {
      const reason = facts.extension ? EXTENSION_REASON_TEXT[facts.extension.reason as ExtensionReason] : ''
      return [
        `${received}: under Government Code §7922.535(b) the District extends the time to respond because of ${reason}.`,
        facts.extension ? `The District will send its determination by ${day(facts.extension.extendedDueOn)}.` : '',
      ]
    }
    case 'DENIAL':
      return [`Regarding ${facts.number}: ${OUTCOME_WORDS[facts.outcome ?? ''] ?? ''}.`, ...denialGrounds(facts)]
    case 'CLOSURE':
      return [
        `${received}, is now closed. If you believe records remain outstanding, you may reply to this letter and the District will reopen it.`,
      ]
  }
}

/** A letter as PDF; a draft (no signatory yet) is marked DRAFT across its top. */
export function letterPdf(content: LetterContent): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: `${TITLES[content.kind]} ${content.facts.number}` } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  if (!content.signatory)
    doc.font('Helvetica-Bold').fontSize(14).fillColor('#c92a2a').text('DRAFT: not issued').fillColor('black').moveDown()
  doc.font('Helvetica-Bold').fontSize(12).text(content.districtName)
  doc.font('Helvetica').fontSize(11)
  if (content.issuedOn) doc.text(day(content.issuedOn))
  doc.moveDown().text(content.facts.requesterName)
  doc.moveDown().font('Helvetica-Bold').text(`${TITLES[content.kind]} (${content.facts.number})`).font('Helvetica').moveDown()
  for (const paragraph of paragraphs(content)) if (paragraph) doc.text(paragraph).moveDown(0.6)
  if (content.body.trim()) doc.text(content.body.trim()).moveDown(0.6)
  doc.moveDown().text('Sincerely,').moveDown(2)
  if (content.signatory) doc.text(content.signatory.name).text(content.signatory.title)
  doc.end()
  return done
}
