/**
 * A PBX's address, as the user types it and as every request is built from it. One function
 * (`normalisePbxAddress`) decides what an address is; the profile schema (`PbxAddressSchema` in
 * profiles.ts), the request builder of the PBX client and the renderer's form all use it, so the
 * address saved, the connection test and the sign-in can never go to different places. No schema
 * library here: the renderer's PBX list, on its first screen, uses this file without loading zod
 * at start (issue 17).
 *
 * The API reference gives every path relative to `{base_url}` and starts each with `/api`; it
 * documents no base path. So an address is a scheme, a host and a port, nothing else:
 * - only http:// and https://;
 * - no user name or password (they would be saved in plain text, exported, and sent by Node as
 *   Basic auth to every request): refused, and the message never repeats them;
 * - no path other than '/', no query, no fragment: refused (the app adds /api/… itself);
 * - scheme and host lower-case, an international host name in punycode, the default port dropped,
 *   a trailing dot of the host and trailing slashes dropped (all by the WHATWG URL parser, which the
 *   renderer and main share).
 */

export const ADDRESS_EXAMPLE = 'https://pbx.example.com:8887'
/** long enough for any real address; a paste of a whole page is not one */
export const ADDRESS_MAX = 2048

const NOT_AN_ADDRESS = `enter an http:// or https:// address, e.g. ${ADDRESS_EXAMPLE}`
const SCHEME = /^(https?):\/\//i

export type AddressCheck = { ok: true; address: string } | { ok: false; message: string }

const refused = (message: string): AddressCheck => ({ ok: false, message })

/**
 * The address of a PBX in its one form (`https://pbx.example.com:8887`, no trailing slash), or why
 * the text is not one, in words for the Address field. A refusal never quotes a user name or
 * password that was in the text.
 */
export function normalisePbxAddress(input: string): AddressCheck {
  const text = input.trim()
  if (text.length > ADDRESS_MAX) return refused(`must be at most ${ADDRESS_MAX} characters`)
  // without "scheme://" the parser would take "pbx.example.com:8887" for a scheme of its own
  if (!SCHEME.test(text)) return refused(NOT_AN_ADDRESS)
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return refused(NOT_AN_ADDRESS)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refused(NOT_AN_ADDRESS)

  const host = hostOf(url)
  const origin = `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`
  if (url.username !== '' || url.password !== '') {
    return refused(
      url.password !== ''
        ? `remove the user name and password from the address, leaving ${origin}; the user name has its own field and the password is asked when you sign in (a password in an address would be saved in plain text)`
        : `remove the user name from the address, leaving ${origin}; the user name has its own field`,
    )
  }
  // "user:password@" the parser did not take for user info, the password cut by "/", "?", "#" or
  // "\" ("https://admin:2024/secret@pbx" reads as host admin, port 2024, path /secret@pbx): the
  // messages below would repeat parts of it; this one repeats nothing of the text
  const at = text.indexOf('@')
  if (at !== -1 && text.slice(0, at).replace(SCHEME, '').includes(':')) {
    return refused(`remove the part with “@”: enter only the scheme, host and port, e.g. ${ADDRESS_EXAMPLE}; the user name has its own field and the password is asked when you sign in`)
  }
  // the parser keeps an empty "?" or "#" in href but not in search / hash
  if (url.search !== '' || url.href.includes('?')) return refused(`remove the part from “?” on: the address is only ${origin} (the app adds /api/… itself)`)
  if (url.hash !== '' || url.href.includes('#')) return refused(`remove the part from “#” on: the address is only ${origin} (the app adds /api/… itself)`)
  if (!/^\/*$/.test(url.pathname)) return refused(`remove ${url.pathname} from the address: enter only ${origin} (the app adds /api/… itself)`)
  if (host === '' || host.startsWith('.') || host.endsWith('.') || host.includes('..')) {
    return refused(`the host name ${host || '(none)'} has an empty part between its dots`)
  }
  if (url.port === '0') return refused('the port must be between 1 and 65535')
  return { ok: true, address: origin }
}

/** The host as the parser wrote it (lower-case, punycode, IPv6 in brackets), one trailing dot dropped: "pbx.example." is "pbx.example". */
function hostOf(url: URL): string {
  return url.hostname.endsWith('.') && !url.hostname.endsWith('..') ? url.hostname.slice(0, -1) : url.hostname
}

// ---------------------------------------------------------------------------------------------
// Plain http
// ---------------------------------------------------------------------------------------------

/** Why plain http to a PBX off this computer is a risk, in words (the app's warning, and the command line's). */
export const PLAIN_HTTP_RISK = 'the password and everything you send cross the network unencrypted. Use https unless this PBX is on a cable you trust.'

/** What the app says beside a PBX reached over plain http (not on this computer). */
export const PLAIN_HTTP_WARNING = `Plain http: ${PLAIN_HTTP_RISK}`

/**
 * Whether the host is this computer: `localhost`, 127.0.0.0/8, ::1 (and ::ffff:127.x.y.z).
 * `hostname` as the WHATWG parser writes it (IPv4 in dotted decimal, IPv6 in brackets, compressed).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host === 'localhost') return true
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true
  return host === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host)
}

/**
 * Whether a PBX at this address is reached over plain http across a network: the password and
 * every token would cross it in clear. False for https, for this computer, and for text the
 * contract refuses as an address (the field's own message says what is wrong with it).
 */
export function isPlainHttpOffLoopback(address: string): boolean {
  const check = normalisePbxAddress(address)
  if (!check.ok) return false
  const url = new URL(check.address)
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname)
}
