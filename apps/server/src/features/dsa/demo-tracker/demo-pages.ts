import { STATUS_CODES } from 'node:http'
import { type Html, html } from './demo-html.js'
import { type Controls, type PageOptions, controlsFor, pageShell } from './demo-page-shell.js'
import type { DemoProject } from './demo-projects.js'

export type { PageOptions } from './demo-page-shell.js'

/** An application the summary page was asked for but does not know. */
export interface NotFoundApplication {
  notFound: true
  officeId: string
  appId: string
}

/** A client shown on the index page. */
export interface DemoClient {
  clientId: string
  name: string
}

/** One labelled value: the `LabelNN` number (null: a bare `<b>` label), the label text, the value span's control and its text. */
type Field = readonly [labelNumber: number | null, label: string, control: string, value: string]

const SPACER_ROW = html`<tr><td colspan="6">&nbsp;</td></tr>`
/** The certification page marks its value spans like this. */
const READ_ONLY = html` ReadOnly="true" style="display:inline-block;"`

/** Rows of label/value cell pairs in the six-column tables of the detail pages; a lone field spans the row. */
function fieldTable(c: Controls, rows: ReadonlyArray<readonly Field[]>, valueAttributes?: Html): Html {
  const row = (fields: readonly Field[]) => html`     <tr>
${fields.map(
  ([labelNumber, label, control, value]) => html`     <td align="left">${c.label(labelNumber, label)}</td>
     <td align="left"${fields.length === 1 ? html` colspan="5"` : ''}>
         ${c.value(control, value, valueAttributes)}</td>
`,
)}     </tr>
     ${SPACER_ROW}
`
  return html`<table width="100%" cellpadding="0"  cellspacing="0" align="center" border="0">
${rows.map(row)}    </table>`
}

/** Office, application number, file number and name: the head of every detail page, read to check the session. */
function headerFields(project: DemoProject | null): Field[][] {
  return [
    [
      [2, 'Office ID:', 'lblOffice', project?.officeId ?? ''],
      [4, 'Application #:', 'lblApplication', project?.appId ?? ''],
      [1, 'File #:', 'lblFile', project?.fileNumber ?? ''],
    ],
    [[7, 'Project Name:', 'lblPname', project?.projectName ?? '']],
  ]
}

/** Disabled checkboxes like the summary page's review services; their state is not data the demo varies. */
function checkbox(c: Controls, control: string, label: string, checked: boolean): Html {
  return html`<span disabled="disabled"><input id="${c.id(control)}" type="checkbox" name="${c.name(control)}"${checked ? html` checked="checked"` : ''} disabled="disabled" /><label for="${c.id(control)}">${label}</label></span>`
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString()

/** `ProjectList.aspx?ClientId=…`: the `gdvsch` grid, header row first, then one row per application in the given order. */
export function listPage(clientId: string, projects: readonly DemoProject[], options: PageOptions = {}): string {
  const c = controlsFor(options)
  const rows = projects.map((project) => {
    const href = `ApplicationSummary.aspx?${query({ OriginId: project.officeId, AppId: project.appId })}`
    return html`		<tr>
			<td align="center" width="50"><a href="${href}">Select</a></td><td align="left" width="110">${project.officeId}  ${project.appId}</td><td align="left" width="110">${project.ptn}</td><td align="left">${project.projectName}</td>
		</tr>
`
  })
  return pageShell({
    heading: 'Project List',
    action: `./ProjectList.aspx?${query({ ClientId: clientId })}`,
    viewStateGenerator: 'C1B3A2F0',
    content: html`<div>
	<table cellspacing="0" cellpadding="0" align="Center" rules="all" bordercolor="Black" border="1" id="${c.id('gdvsch')}" width="700">
		<tr align="center" valign="middle" bgcolor="#707070">
			<th scope="col">&nbsp;</th><th scope="col"><font color="White">Application #</font></th><th scope="col"><font color="White">PTN #</font></th><th scope="col"><font color="White">Project Name</font></th>
		</tr>
${rows}	</table>
</div>`,
  })
}

/**
 * `ApplicationSummary.aspx`: every field of the application. For an unknown application ASP.NET still answers 200 with
 * the same page, its value spans empty and `lbl42AppNotFound` holding the message.
 */
export function summaryPage(subject: DemoProject | NotFoundApplication, options: PageOptions = {}): string {
  const c = controlsFor(options)
  const project = 'notFound' in subject ? null : subject
  const message = project ? '' : `Application ${subject.officeId} ${subject.appId} not found.`
  const v = (pick: (p: DemoProject) => string) => (project ? pick(project) : '')
  const fields: Field[][] = [
    ...headerFields(project),
    [[11, 'Project Scope:', 'lblProjectScope', v((p) => p.projectScope)]],
    [[15, 'Address:', 'lblAddress', v((p) => p.address)]],
    [
      [12, 'City:', 'lblCity', v((p) => p.city)],
      [13, 'Zip:', 'lblZip', v((p) => p.zip)],
    ],
    [
      [3, 'PTN #:', 'lblPTN', v((p) => p.ptn)],
      [5, 'OPSC #:', 'lblOPSC', v((p) => p.opsc)],
    ],
    [
      [8, 'Project Type:', 'lblProjectType', v((p) => p.projectType)],
      [6, '# Of Incr:', 'lblInc', v((p) => p.increments)],
    ],
    [
      [9, 'Project Class:', 'lblPclass', v((p) => p.projectClass)],
      [10, 'Special Type:', 'lblSpecialType', v((p) => p.specialType)],
    ],
    [
      [24, 'Estimated Amt:', 'lblEstAmt', v((p) => p.estimatedAmount)],
      [25, 'Contracted Amt:', 'lblContAmt', v((p) => p.contractedAmount)],
    ],
    [
      [26, 'Construction Change Document Amt:', 'lblCOamt', v((p) => p.changeDocumentAmount)],
      [null, 'Final Project Cost:', 'lblFinalProjectCost', v((p) => p.finalProjectCost)],
    ],
    [
      [27, 'Adj Est.Date#1:', 'lblAdjDate1', ''],
      [28, 'Adj Est.Amt#1:', 'lblAdjAmt1', ''],
    ],
    [
      [29, 'Adj Est.Date#2:', 'lblAdjDate2', ''],
      [30, 'Adj Est.Amt#2:', 'lblAdjAmt2', ''],
    ],
    [
      [31, 'Received Date:', 'lblRecvDate', v((p) => p.receivedDate)],
      [32, 'Approved Date:', 'lblAppDate', v((p) => p.approvedDate)],
    ],
    [
      [33, 'Approval Ext. Date:', 'lblAppExtDate', v((p) => p.approvalExtensionDate)],
      [41, 'Closed Date:', 'lblCloseDate', v((p) => p.closedDate)],
    ],
  ]
  const action = `./ApplicationSummary.aspx?${query({ OriginId: subject.officeId, AppId: subject.appId })}`
  return pageShell({
    heading: 'Application Summary',
    action,
    viewStateGenerator: '1544B2E5',
    eventValidation: true,
    content: html`<span id="${c.id('lbl42AppNotFound')}"><b><font color="#FF3300" size="5">${message}</font></b></span>
<br />
${fieldTable(c, fields)}
    <br />
    <table width="100%" cellpadding="0"  cellspacing="0" align="center" border="0">
    <tr>
    <td style="width:26%;" align="left">
    <b>${checkbox(c, 'chkIncompSubm', 'Incomplete Submittal', false)}</b></td>
    <td style="width:40%;" align="left">${c.label(17, 'Complete Submittal Received Date:')}</td>
    <td style="width:22%;" align="left">
        ${c.value(
          'lblCompRecvDate',
          v((p) => p.completeSubmittalReceivedDate),
        )}</td>
    </tr>
    </table>
    <br />
    <table width="100%" cellpadding="0"  cellspacing="0" align="center" border="0">
    <tr><td colspan="3">${c.label(14, 'Required review services')}</td></tr>
    <tr>
    <td>${checkbox(c, 'chkAcs', 'Access Compliance', project !== null)}</td>
    <td>${checkbox(c, 'chkFLS', 'Fire & Life Safety', project !== null)}</td>
    <td>${checkbox(c, 'chkSS', 'Structural Safety', project !== null)}</td>
    </tr>
    </table>
    <br />
    <table width="100%" cellpadding="0"  cellspacing="0"  border="0">
        <tr>
            <td>${c.label(22, "Client's Notes:")}</td>
            <td colspan="5">${c.value('lblNotes', ' ')}</td>
        </tr>
    </table>
    <br />`,
  })
}

/**
 * `ProjectCloseout.aspx` ("Project Certification Status"): the void date and the last certification letter. `null`
 * (no application in the session) gives the page with empty values, which is what a lost session looks like.
 */
export function certificationPage(project: DemoProject | null, options: PageOptions = {}): string {
  const c = controlsFor(options)
  const v = (pick: (p: DemoProject) => string) => (project ? pick(project) : '')
  const fields: Field[][] = [
    [[3, 'Field Engineer:', 'lblFieldEnf', v((p) => p.fieldEngineer)]],
    [
      [5, 'Engineer Recomm. Date:', 'lblEngRecomDate', v((p) => p.engineerRecommendationDate)],
      [18, 'Void/Canceled Date:', 'lblVoidCanceledDate', v((p) => p.voidCanceledDate)],
    ],
    [
      [6, '90 Day Letter Date:', 'lbl90DayLetter', v((p) => p.ninetyDayLetterDate)],
      [8, '90 Day Exp. Date:', 'lbl90DayExpDate', v((p) => p.ninetyDayExpirationDate)],
    ],
    [
      [9, '90 Day Ext. Date:', 'lbl90ExtDate', ''],
      [10, 'Ext. 90 Day Exp. Date:', 'lblExtExp', ''],
    ],
    [
      [14, '60 Day Letter Date:', 'lbl60DayLetter', ''],
      [15, '60 Day Exp. Date:', 'lbl60DayExpDate', ''],
    ],
    [
      [16, '60 Day Ext. Date:', 'lbl60DayExtDate', ''],
      [17, 'Ext. 60 Day Exp. Date:', 'lbl60DayExtExp', ''],
    ],
    [
      [12, 'Last Certification Date:', 'lblCloseDate', v((p) => p.lastCertificationDate)],
      [13, 'Last Certification Letter Type:', 'lblCloseLetType', v((p) => p.lastCertificationLetterType)],
    ],
  ]
  return pageShell({
    heading: 'Project Certification Status',
    action: './ProjectCloseout.aspx',
    viewStateGenerator: '6D867298',
    content: html`${fieldTable(c, [...headerFields(project), [[11, 'Project Scope:', 'lblProjectScope', v((p) => p.projectScope)]]])}
        <br />
${fieldTable(c, fields, READ_ONLY)}`,
  })
}

/** The grid shows dates zero-padded (`09/06/2001`) although the summary page does not; malformed text passes unchanged. */
function zeroPadded(date: string): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(date)
  return match ? `${match[1]!.padStart(2, '0')}/${match[2]!.padStart(2, '0')}/${match[3]}` : date
}

/** `FieldReviewStatus.aspx`: the `gdvF` grid, one row for the field engineer of an approved application. */
export function fieldReviewPage(project: DemoProject | null, options: PageOptions = {}): string {
  const c = controlsFor(options)
  const reviews = project?.approvedDate && project.fieldEngineer ? [project] : []
  const cell = (row: number, control: string, text: string, align: string, width: number) =>
    html`<td align="${align}" width="${width}">
                                    <span id="${c.id(`gdvF_ctl${String(row).padStart(2, '0')}_${control}`)}" class="content">${text}</span>
                                </td>`
  // GridView numbers its data rows from ctl02 (ctl01 is the header).
  const rows = reviews.map(
    (p, index) => html`<tr>
			${cell(index + 2, 'lblRevOffice', 'San Diego', 'center', 80)}${cell(index + 2, 'lblFieldReviewer', p.fieldEngineer, 'left', 110)}${cell(index + 2, 'lblStartDate', zeroPadded(p.approvedDate), 'center', 70)}${cell(index + 2, 'lblFinishDate', zeroPadded(p.closedDate), 'center', 70)}${cell(index + 2, 'lblApprovedDate', zeroPadded(p.approvedDate), 'center', 70)}${cell(index + 2, 'lblNotes', '', 'left', 300)}
		</tr>`,
  )
  return pageShell({
    heading: 'Field Review Status',
    action: './FieldReviewStatus.aspx',
    viewStateGenerator: '840F741A',
    eventValidation: true,
    content: html`${fieldTable(c, headerFields(project))}
        <br />
        <div>
	<table cellspacing="0" cellpadding="0" align="Center" rules="all" bordercolor="Black" border="1" id="${c.id('gdvF')}" width="700">
		<tr align="center" valign="middle" bgcolor="#707070">
			<th align="center" scope="col"><font color="White">Reviewing Office</font></th><th align="center" scope="col"><font color="White">Field Reviewer</font></th><th scope="col"><font color="White">Start Date</font></th><th scope="col"><font color="White">Finish Date</font></th><th scope="col"><font color="White">Approved Date</font></th><th scope="col"><font color="White">Field Reviewer Notes</font></th>
		</tr>${rows}
	</table>
</div>`,
  })
}

/**
 * The tracker's home: the demo's clients in a grid shaped like the real `CountySchoolProjects.aspx` (link with
 * `ClientId=` in cell 0, client id in cell 1, name in cell 2), so a person can click through to a list.
 */
export function indexPage(clients: readonly DemoClient[], options: PageOptions = {}): string {
  const c = controlsFor(options)
  const rows = clients.map(
    ({ clientId, name }) => html`		<tr>
			<td align="center" width="50"><a href="ProjectList.aspx?${query({ ClientId: clientId })}">Select</a></td><td align="left" width="110">${clientId}</td><td align="left">${name}</td>
		</tr>
`,
  )
  return pageShell({
    heading: 'Project Status eTracker',
    action: './Default.aspx',
    viewStateGenerator: 'CA0B0334',
    content: html`<p>Demonstration tracker: the applications below are generated, not real DSA data.</p>
<div>
	<table cellspacing="0" cellpadding="0" align="Center" rules="all" bordercolor="Black" border="1" id="${c.id('gdvsch')}" width="700">
		<tr align="center" valign="middle" bgcolor="#707070">
			<th scope="col">&nbsp;</th><th scope="col"><font color="White">Client ID</font></th><th scope="col"><font color="White">Client Name</font></th>
		</tr>
${rows}	</table>
</div>`,
  })
}

/** The bare IIS/ASP.NET error page, outside the CA.gov shell as real server errors are. */
export function errorPage(status: number, detail?: string): string {
  const reason = STATUS_CODES[status] ?? 'Error'
  const text = detail ?? (status === 404 ? 'The resource cannot be found.' : `HTTP Error ${status}. ${reason}.`)
  return html`<!DOCTYPE html>
<html>
    <head>
        <title>${reason}</title>
        <meta name="viewport" content="width=device-width" />
    </head>
    <body bgcolor="white">
            <span><H1>Server Error in '/DSA/Tracker' Application.<hr width=100% size=1 color=silver></H1>
            <h2> <i>${text}</i> </h2></span>
    </body>
</html>
`.markup
}
