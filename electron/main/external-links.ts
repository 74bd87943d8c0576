/**
 * The one way the app opens something outside itself: an http:// or https:// address in the
 * user's browser (the identity provider's sign-in page). Anything else (file:, javascript:, a
 * custom scheme that would start another program) is refused before it reaches the shell.
 */
export function webAddressOnly(open: (url: string) => Promise<void>): (url: string) => Promise<void> {
  return async (url) => {
    const parsed = URL.canParse(url) ? new URL(url) : undefined
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new Error(`Only http:// and https:// addresses are opened in the browser, not ${parsed ? parsed.protocol : 'this text'}`)
    }
    await open(parsed.toString())
  }
}
