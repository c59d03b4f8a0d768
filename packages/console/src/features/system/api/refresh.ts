/** Bans end by themselves: the lists are read again this often while the page is open. */
export const BANS_REFRESH_MS = 15_000
