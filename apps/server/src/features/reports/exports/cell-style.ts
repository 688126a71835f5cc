import type { CellStyle } from '@platform/contracts/reports'

/*
 * Conditional-format styles as the exports apply them. The definition only accepts '#RRGGBB' colours, but the result
 * model carries plain strings, so anything else is dropped here rather than handed to Excel or pdfkit as garbage.
 */

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/

export interface SafeCellStyle {
  color: string | null
  background: string | null
  bold: boolean
}

export function safeCellStyle(style: CellStyle | null | undefined): SafeCellStyle | null {
  if (!style) return null
  const color = style.color && HEX_COLOR.test(style.color) ? style.color.toUpperCase() : null
  const background = style.background && HEX_COLOR.test(style.background) ? style.background.toUpperCase() : null
  const bold = style.bold === true
  return color || background || bold ? { color, background, bold } : null
}
