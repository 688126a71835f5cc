import { Fragment } from 'react'

/** Characters after which an address may wrap: host names, e-mail addresses, paths. */
const BREAK_AFTER = /([@./_:-])/

/**
 * An address (e-mail, host name, URL) that wraps only at its dots, at-signs, slashes, hyphens and colons when its box
 * is narrow, never in the middle of a word.
 */
export function BreakableText({ children }: { children: string }) {
  const pieces = children.split(BREAK_AFTER)
  return (
    <>
      {pieces.map((piece, index) =>
        BREAK_AFTER.test(piece) ? (
          <Fragment key={index}>
            {piece}
            <wbr />
          </Fragment>
        ) : (
          piece
        ),
      )}
    </>
  )
}
