/** The page is not laid out as the tracker's pages are: the site has changed, or it answered something else. */
export class TrackerLayoutError extends Error {}
