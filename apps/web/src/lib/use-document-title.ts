import { useEffect } from 'react'

export const PLATFORM_NAME = 'District Staff Platform'

/** Sets the tab title to "<page> · District Staff Platform" while the page is shown. */
export function useDocumentTitle(page: string | null | undefined): void {
  useEffect(() => {
    document.title = page ? `${page} · ${PLATFORM_NAME}` : PLATFORM_NAME
  }, [page])
}
