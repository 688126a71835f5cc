import { useEffect } from 'react'

export const PLATFORM_NAME = 'District Staff Platform'

/** Sets the tab title to "<page> · <site>" while the page is shown: the staff platform's name unless another site is named. */
export function useDocumentTitle(page: string | null | undefined, site: string = PLATFORM_NAME): void {
  useEffect(() => {
    document.title = page ? `${page} · ${site}` : site
  }, [page, site])
}
