import { checkInput, HttpUrlSchema } from '../../contract/pbx'
import type { Reply, RequestContext } from '../context'
import { HttpError, unauthorized } from '../errors'
import type { Router } from '../router'
import type { DemoState, IdpCode, Tenant, User } from '../state'
import { randomToken } from '../state'
import { findUser } from './credentials'
import { endSession } from './tokens'

/**
 * The identity provider's part, played by the demo PBX (README "Identity provider"): the sign-in
 * page at GET /idp/authorize that `POST /api/auth/sign_in/idp365` hands out, the form it posts
 * back to, and the one-time codes the token endpoint exchanges (grant_type=authorization_code).
 * These are web pages for a browser, outside /api: they answer HTML, not the JSON error shape.
 */

/** How long a code lives (RFC 6749 section 4.1.2 recommends at most 10 minutes). */
export const IDP_CODE_TTL_MS = 2 * 60 * 1000

/** For this demo the provider redirects only to the app on this computer (RFC 8252 section 7.3). */
const LOOPBACK_HOSTS = ['127.0.0.1', '[::1]', 'localhost']

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)

/** What a page may do: no scripts, nothing loaded, its form posted here only (then the redirect). */
const policy = (redirect: URL | undefined, inMeta: boolean): string => {
  // CSP has no syntax for an IPv6 host: for [::1] the form may go to the redirect's scheme
  const target = redirect ? (redirect.hostname.startsWith('[') ? ` ${redirect.protocol}` : ` ${redirect.origin}`) : ''
  const base = `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'${target}`
  // frame-ancestors is ignored in a <meta>; the header carries it
  return inMeta ? base : `${base}; frame-ancestors 'none'`
}

const STYLE =
  'body{font:16px system-ui,sans-serif;margin:10vh auto;max-width:26em;padding:0 1em;color:#1f2328}' +
  'h1{font-size:1.4em}label{display:block;margin:.8em 0 .2em}input{width:100%;box-sizing:border-box;padding:.45em;font:inherit}' +
  '.row{display:flex;gap:.6em;margin-top:1.2em}button{padding:.5em 1.2em;font:inherit}' +
  '.error{color:#b3261e;border:1px solid #b3261e;padding:.5em .8em;border-radius:4px}.note{color:#59636e;font-size:.9em}'

const page = (status: number, title: string, content: string, redirect?: URL): Reply => ({
  status,
  html:
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${policy(redirect, true)}">` +
    '<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${esc(title)}</title><style>${STYLE}</style></head><body>${content}</body></html>`,
  headers: {
    'Content-Security-Policy': policy(redirect, false),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  },
})

const errorPage = (status: number, message: string): Reply =>
  page(
    status,
    'Sign-in failed',
    `<h1>Sign-in failed</h1><p class="error" role="alert">${esc(message)}</p>` +
      '<p class="note">Go back to the app and start the sign-in again.</p>',
  )

/** A request of the sign-in page that cannot be served: answered as an HTML page with `status`. */
class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

interface Authorize {
  tenant: Tenant
  redirect: URL
  redirectUri: string
  state: string
}

/** The parameters of the sign-in page (query of the GET, hidden fields of the POST). */
const authorizeParams = (ctx: RequestContext, params: Record<string, string>): Authorize => {
  const domain = params.domain ?? ''
  if (domain === '') throw new PageError(400, 'domain: is required.')
  const tenant = ctx.state.tenantByDomain(domain)
  if (!tenant) throw new PageError(404, `domain: no tenant with the domain ${domain}.`)
  if (!tenant.idp) throw new PageError(400, `domain: identity provider sign-in is not enabled for ${tenant.name}.`)
  const redirectUri = params.redirect_uri ?? ''
  if (redirectUri === '') throw new PageError(400, 'redirect_uri: is required.')
  if (!checkInput(HttpUrlSchema, redirectUri).success) throw new PageError(400, 'redirect_uri: must be an http:// or https:// address.')
  const redirect = new URL(redirectUri)
  if (!LOOPBACK_HOSTS.includes(redirect.hostname)) {
    throw new PageError(400, 'redirect_uri: this provider sends you back only to an app on this computer (127.0.0.1, [::1] or localhost).')
  }
  if (redirect.hash !== '' || redirectUri.includes('#')) throw new PageError(400, 'redirect_uri: must not have a fragment (#…).')
  const state = params.state ?? ''
  if (state === '') throw new PageError(400, 'state: is required.')
  return { tenant, redirect, redirectUri, state }
}

const signInPage = (a: Authorize, status: number, username = '', error?: string): Reply =>
  page(
    status,
    `Sign in — ${a.tenant.name}`,
    '<p class="note">Identity provider (played by the demo PBX)</p>' +
      `<h1>Sign in to ${esc(a.tenant.name)}</h1>` +
      `<p class="note">${esc(a.tenant.domain)}</p>` +
      (error ? `<p class="error" role="alert">${esc(error)}</p>` : '') +
      '<form method="post" action="/idp/authorize">' +
      `<input type="hidden" name="domain" value="${esc(a.tenant.domain)}">` +
      `<input type="hidden" name="redirect_uri" value="${esc(a.redirectUri)}">` +
      `<input type="hidden" name="state" value="${esc(a.state)}">` +
      '<label for="username">User name</label>' +
      `<input id="username" name="username" autocomplete="username" required value="${esc(username)}"${username ? '' : ' autofocus'}>` +
      '<label for="password">Password</label>' +
      `<input id="password" name="password" type="password" autocomplete="current-password" required${username ? ' autofocus' : ''}>` +
      '<div class="row"><button type="submit" name="action" value="sign_in">Sign in</button>' +
      '<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></div>' +
      '</form>' +
      `<p class="note">After signing in you go back to the app at ${esc(a.redirect.host)}.</p>`,
    a.redirect,
  )

/** `redirect_uri` with the answer's parameters added (RFC 6749 section 4.1.2). */
const redirectTo = (a: Authorize, params: Record<string, string>): Reply => {
  const location = new URL(a.redirectUri)
  for (const [key, value] of Object.entries(params)) location.searchParams.set(key, value)
  location.searchParams.set('state', a.state)
  return { status: 302, headers: { Location: location.toString(), 'Referrer-Policy': 'no-referrer' } }
}

const issueCode = (state: DemoState, user: User, redirectUri: string): string => {
  const now = state.now()
  for (const [code, entry] of state.idpCodes) if (entry.expiresAt <= now) state.idpCodes.delete(code)
  const code = randomToken(24)
  state.idpCodes.set(code, { code, user, redirectUri, expiresAt: now + IDP_CODE_TTL_MS, used: false, session: undefined })
  return code
}

/** Runs a page handler; a request it cannot serve is answered with an HTML error page. */
const asPage = (run: () => Reply): Reply => {
  try {
    return run()
  } catch (error) {
    if (error instanceof PageError) return errorPage(error.status, error.message)
    // a wrong Content-Type of the POST (ctx.form) is the one HttpError here
    if (error instanceof HttpError) return errorPage(error.status, error.errors.map((e) => e.message).join(' '))
    throw error
  }
}

const showPage = (ctx: RequestContext): Reply => asPage(() => signInPage(authorizeParams(ctx, ctx.queryObject()), 200))

const submit = (ctx: RequestContext): Reply =>
  asPage(() => {
    const form = ctx.form()
    const a = authorizeParams(ctx, form)
    if (form.action === 'cancel') {
      return redirectTo(a, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' })
    }
    const username = form.username ?? ''
    const password = form.password ?? ''
    if (username === '' || password === '') return signInPage(a, 400, username, 'Enter your user name and password.')
    // the provider does its own checks: an account with a two-factor PBX sign-in is fine here
    const user = findUser(ctx.state, username, password, a.tenant.domain)
    if (!user) return signInPage(a, 401, username, 'The user name or password is wrong.')
    return redirectTo(a, { code: issueCode(ctx.state, user, a.redirectUri) })
  })

/**
 * The token endpoint's side of a code (grant_type=authorization_code): the code's entry, or a
 * 401 "login failed". A code works once: presented a second time it is refused and the session
 * it opened ends (RFC 6749 section 4.1.2); a code presented with another redirect_uri is used up.
 */
export const redeemIdpCode = (state: DemoState, code: string, redirectUri: string): IdpCode => {
  const entry = state.idpCodes.get(code)
  if (!entry || entry.expiresAt <= state.now()) {
    if (entry) state.idpCodes.delete(code)
    throw unauthorized('login failed: code is unknown, expired or already used')
  }
  if (entry.used) {
    if (entry.session) endSession(state, entry.session)
    entry.session = undefined
    throw unauthorized('login failed: code is unknown, expired or already used')
  }
  entry.used = true
  if (entry.redirectUri !== redirectUri) {
    throw unauthorized('login failed: redirect_uri is not the address the code was sent to')
  }
  return entry
}

export const registerIdentityProvider = (router: Router): void => {
  router.get('/idp/authorize', showPage).post('/idp/authorize', submit)
}
