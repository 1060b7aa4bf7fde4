/**
 * Where the login sends the owner after a company sign-in: the screen that asked them to sign
 * in (carried through the provider as `?to=` on the callback), if it is a path of this app.
 * Anything else (another origin, `//host`, a backslash trick, a non-path) is the overview, so the
 * parameter can never send someone off the site.
 */
export function returnPath(to: string | null): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.includes('\\') || /[\u0000-\u001f]/.test(to)) return '/';
  try {
    const url = new URL(to, 'https://app.invalid');
    return url.origin === 'https://app.invalid' ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}
