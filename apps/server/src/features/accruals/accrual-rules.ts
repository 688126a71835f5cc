import { type AccrualInputParsed, isRestrictedResource } from '@platform/contracts/accruals'
import { type PostingAccounts } from '@platform/contracts/finance'
import { accrualsLabels } from '@platform/contracts/labels/accruals'
import { AppError } from '../../lib/errors.js'
import type { AccrualContent, AccrualsRepository, CycleRow } from './accruals.repository.js'
import { vendorKey } from './accruals.repository.js'

/** A rule a request breaks: its status kind and machine code, and a sentence that says why. */
export interface Problem {
  kind: 'bad_request' | 'unprocessable'
  code: string
  message: string
}

export interface RuleDeps {
  accountProblems: (account: string) => Promise<string[]>
  postingAccounts: () => Promise<PostingAccounts>
  siteOf: (siteId: number) => Promise<{ id: number; name: string; active: boolean } | null>
  repository: Pick<AccrualsRepository, 'possibleDuplicates'>
}

/**
 * The server's rules on a request's content, all checked and every problem returned, so the import
 * preview can list them per row and a single request is refused with the first. Input shape (lines adding up, an
 * estimate's note) is the contract's; these need the database: the site, the chart, the posting accounts, the cycle's
 * cut-off and the other requests of the cycle.
 */
export async function checkContent(
  deps: RuleDeps,
  input: AccrualInputParsed,
  cycle: Pick<CycleRow, 'cycle_id' | 'cutoff_on'>,
  accrualId: number | null,
): Promise<{
  content: AccrualContent | null
  problems: Problem[]
  duplicates: Awaited<ReturnType<RuleDeps['repository']['possibleDuplicates']>>
}> {
  const problems: Problem[] = []
  const site = await deps.siteOf(input.siteId)
  if (!site) problems.push({ kind: 'bad_request', code: 'unknown_site', message: `There is no site ${input.siteId}.` })
  else if (!site.active)
    problems.push({ kind: 'unprocessable', code: 'site_inactive', message: `${site.name} is inactive: no accruals are requested there.` })

  for (const [index, line] of input.lines.entries()) {
    for (const problem of await deps.accountProblems(line.account))
      problems.push({ kind: 'bad_request', code: 'invalid_account', message: `Line ${index + 1} (${line.account}): ${problem}` })
  }
  let accrualAccount: string | null
  if (input.type === 'OTHER') {
    accrualAccount = input.accrualAccount
    for (const problem of accrualAccount ? await deps.accountProblems(accrualAccount) : []) {
      problems.push({ kind: 'bad_request', code: 'invalid_account', message: `The accrual account ${accrualAccount}: ${problem}` })
    }
  } else {
    accrualAccount = (await deps.postingAccounts()).accrualAccounts[input.type] ?? null
    if (!accrualAccount) {
      problems.push({
        kind: 'unprocessable',
        code: 'accrual_account_missing',
        message: `The district has no accrual account for the type ${accrualsLabels.type[input.type]} in its posting accounts; an administrator adds it under Finance settings.`,
      })
    }
  }

  if (input.type === 'PAYABLE' && input.forGoods && input.receivedOn && input.receivedOn > cycle.cutoff_on) {
    problems.push({
      kind: 'unprocessable',
      code: 'received_after_cutoff',
      message: `The goods were received on ${input.receivedOn}, after the cut-off date ${cycle.cutoff_on}: they belong to the next fiscal year and are not accrued.`,
    })
  }

  const restricted = input.lines.filter((line) => isRestrictedResource(line.account))
  if (restricted.length > 0 && !input.restrictedJustification) {
    problems.push({
      kind: 'unprocessable',
      code: 'justification_required',
      message: `Line ${restricted.map((line) => line.account).join(', ')} charges a restricted resource; say why the accrual may be charged to it in the justification for the restricted resource (restrictedJustification).`,
    })
  }

  const duplicates = await deps.repository.possibleDuplicates(cycle.cycle_id, {
    accrualId,
    poNumber: input.poNumber,
    invoiceNumber: input.invoiceNumber,
    vendorKey: vendorKey(input.vendor),
    amountCents: input.amountCents,
  })
  if (duplicates.length > 0 && !input.duplicateNote) {
    problems.push({
      kind: 'unprocessable',
      code: 'possible_duplicate',
      message: `This may duplicate accrual ${duplicates.map((row) => `#${row.accrual_id}`).join(', ')} (same PO and invoice, or same vendor and amount in this cycle). To go on, say why it is not a duplicate (duplicateNote).`,
    })
  }

  const content: AccrualContent | null =
    problems.length > 0 || !accrualAccount
      ? null
      : {
          cycleId: cycle.cycle_id,
          siteId: input.siteId,
          type: input.type,
          accrualAccount,
          namedAccount: input.type === 'OTHER' ? accrualAccount : null,
          clearing: input.clearing,
          forGoods: input.forGoods,
          vendor: input.vendor,
          description: input.description,
          poNumber: input.poNumber,
          invoiceNumber: input.invoiceNumber,
          receivedOn: input.receivedOn,
          servicePeriodFrom: input.servicePeriodFrom,
          servicePeriodTo: input.servicePeriodTo,
          basis: input.basis,
          basisNote: input.basisNote,
          amountCents: input.amountCents,
          lines: input.lines,
          duplicateNote: input.duplicateNote,
          restrictedJustification: input.restrictedJustification,
        }
  return { content, problems, duplicates }
}

/** Refuses with the first problem (bad input before broken rules), or hands back the content. */
export function contentOrThrow(result: Awaited<ReturnType<typeof checkContent>>): AccrualContent {
  const first = result.problems.find((problem) => problem.kind === 'bad_request') ?? result.problems[0]
  if (first) {
    const sameCode = result.problems.filter((problem) => problem.code === first.code)
    throw new AppError(first.kind, sameCode.map((problem) => problem.message).join(' '), { code: first.code })
  }
  return result.content!
}

/** Whether the cycle is past its lock date on the district's calendar (after it only a CONTROLLER adds or changes). */
export const isLocked = (cycle: Pick<CycleRow, 'lock_on'>, today: string) => today > cycle.lock_on
