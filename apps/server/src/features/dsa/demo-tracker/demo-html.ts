/** Markup that is already safe: the `html` tag inserts it unchanged instead of escaping it. */
export class Html {
  constructor(readonly markup: string) {}

  toString() {
    return this.markup
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes text for an element body or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!)
}

type Value = Html | string | number | null | undefined | false | readonly Value[]

function render(value: Value): string {
  if (value instanceof Html) return value.markup
  if (Array.isArray(value)) return value.map(render).join('')
  if (value === null || value === undefined || value === false) return ''
  return escapeHtml(String(value))
}

/**
 * Template tag for the demo pages. Every interpolated value is escaped unless it is `Html`, so data (which tests
 * deliberately fill with odd text) can never break the markup. The template's own line breaks become CRLF, as on the
 * real IIS pages, while line breaks inside values are kept exactly as the data has them.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n')
  let markup = crlf(strings[0]!)
  values.forEach((value, index) => {
    markup += render(value) + crlf(strings[index + 1]!)
  })
  return new Html(markup)
}
