import { createHash } from 'node:crypto'
import { type Html, html } from './demo-html.js'

/** How the pages name their controls. */
export interface PageOptions {
  /** Prefix of every control id. The real site uses `ctl00_MainContent_`; an older version used `ctl00_ContentPlaceHolder1_`. */
  idPrefix?: string
  /** Renames the grids and value spans as a redesign would, so a parser keyed on today's id suffixes finds nothing. */
  layoutChanged?: boolean
}

export const DEFAULT_ID_PREFIX = 'ctl00_MainContent_'

/** New names after the simulated redesign; any other `lblXxx` value span becomes `txtXxx`. */
const REDESIGNED_CONTROLS: Record<string, string> = { gdvsch: 'gvProjects', gdvF: 'gvFieldReviews', lblApplication: 'txtApplicationNumber' }

/** Builders for the ids and the label/value spans of ASP.NET WebForms controls, honouring the page options. */
export function controlsFor(options: PageOptions = {}) {
  const prefix = options.idPrefix ?? DEFAULT_ID_PREFIX
  const rename = (control: string) => REDESIGNED_CONTROLS[control] ?? control.replace(/^lbl/, 'txt')
  const id = (control: string) => prefix + (options.layoutChanged ? rename(control) : control)
  return {
    id,
    /** The form field name ASP.NET derives from the id: `ctl00$MainContent$chkAcs`. */
    name: (control: string) => id(control).replace(/_/g, '$'),
    /** A field label; `null` renders the one label the real summary page has without a span (Final Project Cost). */
    label: (labelNumber: number | null, text: string) =>
      labelNumber === null ? html`<b>${text}</b>` : html`<span id="${id(`Label${labelNumber}`)}"><b>${text}</b></span>`,
    /** A value span: the text a scraper reads. */
    value: (control: string, text: string, attributes?: Html) => html`<span id="${id(control)}"${attributes ?? ''}>${text}</span>`,
  }
}
export type Controls = ReturnType<typeof controlsFor>

/**
 * A stand-in for ASP.NET's serialized view state: opaque base64 of a realistic size (the real ones are 0.6 to 1.7 KB),
 * stable for the same page so responses are reproducible.
 */
function fakeViewState(seed: string, bytes = 720): string {
  const chunks: Buffer[] = []
  for (let i = 0; chunks.length * 32 < bytes; i++) chunks.push(createHash('sha256').update(`${seed}:${i}`).digest())
  return Buffer.concat(chunks).subarray(0, bytes).toString('base64')
}

const eventValidation = (action: string) => html`
	<input type="hidden" name="__EVENTVALIDATION" id="__EVENTVALIDATION" value="${fakeViewState(`${action}#events`, 300)}" />`

const SIDEBAR_LINKS = [
  ['default.aspx', 'Home'],
  ['ApplicationSummary.aspx', 'Application Summary'],
  ['ProjectFee.aspx', 'Project Fee'],
  ['ProjectSchedule.aspx', 'Project Schedule'],
  ['ServiceReviewStatus.aspx', 'Service Review Status'],
  ['FieldReviewStatus.aspx', 'Field Review Status'],
  ['Addenda.aspx', 'Addenda'],
  ['ChangeOrders.aspx', 'Construction Change Documents'],
  ['DeferredApprovals.aspx', 'Deferred Submittals'],
  ['Revision.aspx', 'Revision'],
  ['ProjectProfessional.aspx', 'Project Professional'],
  ['ProjectCloseout.aspx', 'Project Certification'],
  ['ProjectRequiredDoc.aspx', 'Documents Required List'],
] as const

export interface ShellPage {
  /** `<h2>` above the form. */
  heading: string
  /** The form's action as ASP.NET writes it: the page and the query it was requested with, e.g. `./ProjectList.aspx?ClientId=36-67`. */
  action: string
  /** `__VIEWSTATEGENERATOR` differs per page on the real site. */
  viewStateGenerator: string
  /** The summary and field review pages also carry `__EVENTVALIDATION`. */
  eventValidation?: boolean
  content: Html
}

/**
 * The CA.gov 2014 template every tracker page sits in, trimmed of scripts and most navigation but keeping what a
 * scraper may meet: `<main class="main-primary">`, the `aspnetForm` with its hidden view state fields, and the sidebar
 * of bare (session-dependent) tracker links.
 */
export function pageShell(page: ShellPage): string {
  return html`
<!doctype html>

<!--[if (gt IE 9)]><!--> <html class="no-js" lang="en"> <!--<![endif]-->

<head>
<meta charset="utf-8"/>

<title></title>

<meta name="Author" content="State of California" />
<meta name="Description" content="State of California" />
<meta name="Keywords" content="California, government" />
<meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1">
<meta name="viewport" content="width=device-width, initial-scale=1.0, minimum-scale=1.0">

<link rel="stylesheet" href="Styles/cagov.core.css">
<link rel="stylesheet" href="Styles/colorscheme-oceanside.css">
<link rel="stylesheet" href="Styles/custom.css">
<link rel="shortcut icon" href="../favicon.ico">

<script type="text/javascript">
	var defaultActiveLink = "Project Status eTracker";
</script>
</head>

<body class="two-column">

<header role="banner" id="header" class="global-header">
	<div id="skip-to-content"><a href="#main-content">Skip to Main Content</a></div>
<div class="branding">
    <div class="header-cagov-logo"><a href="http://www.ca.gov/"><img src="images/template2014/header-ca.gov.png" alt="CA.gov" /></a></div>
    <div class="header-organization-banner"><a href="https://www.dgs.ca.gov/dsa/"><img src="images/template2014/header-organization.png" alt="Organization Title" /></a></div>
</div>
<nav id="navigation" class="main-navigation single off-canvas auto-highlight">
    <ul id="nav_list" class="top-level-nav">
        <li class="nav-item">
            <a href="Default.aspx" class="first-level-link">Home</a>
        </li>
        <li class="nav-item">
            <a href="ProjectStatus.aspx" class="first-level-link">Project Status eTracker</a>
        </li>
    </ul>
</nav>
	<div class="header-decoration"></div>
</header>

<div id="main-content" class="main-content">
    <div class="wrapper">
        <main role="main" class="main-primary">
            <!--<ol class="breadcrumb">
                <li><a href="Default.aspx">Home</a></li>
            </ol>-->

    <h2>
        ${page.heading}</h2>
<form name="aspnetForm" method="post" action="${page.action}" id="aspnetForm">
<div>
<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="${fakeViewState(page.action)}" />
</div>

<div>
	<input type="hidden" name="__VIEWSTATEGENERATOR" id="__VIEWSTATEGENERATOR" value="${page.viewStateGenerator}" />
	<input type="hidden" name="__VIEWSTATEENCRYPTED" id="__VIEWSTATEENCRYPTED" value="" />${page.eventValidation ? eventValidation(page.action) : ''}
</div>
${page.content}
</form>

        </main>

        <div class="main-secondary">
<div class="column_inner">

<h3>Tracker Links</h3>
	<b>Project Status</b>
	<ul class="list_decorative_blue">
${SIDEBAR_LINKS.map(
  ([href, text]) => html`		<li><a href="${href}">${text}</a></li>
`,
)}	</ul>
</div>
        </div>
    </div>
</div>

<!-- Global Footer -->
<footer id="footer" class="global-footer">
    <ul>
		<li><a href="#skip-to-content">Back to Top</a></li>
        <li><a href="https://www.dgs.ca.gov/Privacy">Privacy Policy</a></li>
        <li><a href="https://www.dgs.ca.gov/Contact">Contact Us</a></li>
	</ul>
	<div class="copyright">
		Copyright &copy; 2015 State of California
	</div>
</footer>

</body>
</html>`.markup
}
