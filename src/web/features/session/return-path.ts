/**
 * Where a sign-in goes back to: only this server's OAuth authorization endpoint, which sent the person
 * here, so the sign-in page is no open redirect.
 */
export const returnPath = (next: string | null) =>
  next && /^\/oauth\/authorize\?[^#\\]*$/.test(next) ? next : undefined
