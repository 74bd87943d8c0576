import fc from 'fast-check'
import { describe, expect } from 'vitest'
import { ADDRESS_MAX, normalisePbxAddress } from '../../../electron/contract/pbx-address'
import { PbxAddressSchema } from '../../../electron/contract/profiles'
import { fuzzTest } from './fuzz-settings'

/**
 * The PBX address boundary (contract/pbx-address.ts): whatever is typed or pasted, the answer is
 * either an address in its one form (http or https, a host and a port, nothing else, the same
 * when normalised again) or a refusal in words that never repeats a user name or password of the
 * text. Nothing throws, and the schema says the same as the function.
 */

/** Checks one answer; `secrets`: parts of the input a refusal must not repeat. */
function checkAnswer(input: string, secrets: readonly string[] = []): void {
  const answer = normalisePbxAddress(input)
  const schema = PbxAddressSchema.safeParse(input)
  if (answer.ok) {
    const { address } = answer
    expect(address).toMatch(/^https?:\/\/[^/?#@\s]+$/)
    const url = new URL(address)
    expect(url.origin).toBe(address)
    expect(url.username + url.password + url.search + url.hash).toBe('')
    expect(url.pathname).toBe('/')
    // idempotent: the one form is its own form
    expect(normalisePbxAddress(address)).toEqual({ ok: true, address })
    expect(schema).toMatchObject({ success: true, data: address })
  } else {
    expect(typeof answer.message).toBe('string')
    expect(answer.message.trim()).not.toBe('')
    for (const secret of secrets) expect(answer.message).not.toContain(secret)
    expect(schema.success).toBe(false)
    expect(schema.error?.issues.map((issue) => issue.message)).toEqual([answer.message])
  }
}

/** how the function tells an address from other text (the parser alone would take "http:/x" too) */
const SCHEME = /^https?:\/\//i

/**
 * A refusal does not depend on the user name or password the parser sees in the text: the same
 * text with another user name and password is refused in the same words. (Comparing words, not
 * looking for the password in them: a password "name" is in "remove the user name" by chance.)
 */
function checkUserinfoUnsaid(input: string): void {
  const text = input.trim()
  if (!SCHEME.test(text) || text.length > ADDRESS_MAX) return
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return
  }
  if (url.username === '' && url.password === '') return
  if (url.username !== '') url.username = 'someone'
  if (url.password !== '') url.password = 'something'
  if (url.href.length > ADDRESS_MAX) return
  expect(normalisePbxAddress(url.href)).toEqual(normalisePbxAddress(input))
}

const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ maxLength: 80 }))

const scheme = fc.constantFrom('http', 'https', 'HTTP', 'HtTpS', 'ftp', 'ws', 'file', 'javascript', 'http:', 'https:/', '')
/** hosts: names, IPs, unicode (punycoded by the parser), empty labels, junk */
const host = fc.oneof(
  fc.domain(),
  fc.ipV4(),
  fc.ipV6().map((ip) => `[${ip}]`),
  fc.ipV4Extended(),
  fc.constantFrom('localhost', 'pbx.example.com.', 'a..b', '.pbx', 'pbx..', 'münchen.example', 'пбх.рф', 'ＰＢＸ.example', 'xn--mnchen-3ya.de', '[::1]', '[::ffff:127.0.0.1]', '%41.example', 'exa mple.com', ''),
  fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 3 }).map((labels) => labels.join('.')),
)
const port = fc.oneof(fc.constant(''), fc.integer({ min: -1, max: 70_000 }).map((n) => `:${n}`), fc.constantFrom(':', ':80', ':443', ':0', ':00080', ':8887', ':x'))
const tail = fc.oneof(
  fc.constantFrom('', '/', '//', '///', '/api', '/api/', '?', '#', '?a=1', '#top', '/?', '/#', '\\', '/%2e', '/.', '/..'),
  fc.webPath(),
  fc.webQueryParameters().map((q) => `?${q}`),
  fc.webFragments().map((f) => `#${f}`),
)
/** a user name and password that a refusal must never repeat: marked so any piece of them is seen */
const userinfo = fc.oneof(
  fc.constant({ text: '', secrets: [] as string[] }),
  fc.stringMatching(/^[a-z0-9._~-]{1,10}$/).map((u) => ({ text: `usrq${u}@`, secrets: [`usrq${u}`] })),
  fc
    .tuple(fc.stringMatching(/^[a-z0-9._~-]{1,10}$/), fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=%-]{1,12}$/))
    .map(([u, p]) => ({ text: `usrq${u}:Zq${p}@`, secrets: [`usrq${u}`, `Zq${p}`] })),
)
const whitespace = fc.constantFrom('', ' ', '\t', '\n', '\u00a0', '\u200b', '\ufeff')

/** address-like text built from parts, most of it plausible, some of it not */
const addressLike = fc
  .record({ before: whitespace, scheme, slashes: fc.constantFrom('://', '://', '://', ':/', ':', ':///'), userinfo, host, port, tail, after: whitespace })
  .map((p) => ({ input: `${p.before}${p.scheme}${p.slashes}${p.userinfo.text}${p.host}${p.port}${p.tail}${p.after}`, secrets: p.userinfo.secrets }))

/** fast-check's own web addresses, with and without user info, query and fragment */
const webUrl = fc
  .record({ withUserInfo: fc.boolean(), withIPv4: fc.boolean(), withIPv6: fc.boolean(), withPort: fc.boolean(), withQueryParameters: fc.boolean(), withFragments: fc.boolean() })
  .chain(({ withQueryParameters, withFragments, ...authority }) =>
    fc.webUrl({ validSchemes: ['http', 'https', 'HTTPS', 'ftp'], authoritySettings: { ...authority, withIPv4Extended: authority.withIPv4 }, withQueryParameters, withFragments }),
  )

/**
 * A password with a character an address cannot hold in it (/ ? # \): the parser reads the part
 * before it as a host and port and the rest as a path, query or fragment. The refusal must repeat
 * neither the user name nor any of the password.
 */
const brokenUserinfo = fc
  .record({
    scheme: fc.constantFrom('http', 'https'),
    user: fc.stringMatching(/^[a-z0-9]{1,8}$/),
    start: fc.stringMatching(/^[0-9]{0,5}$/),
    cut: fc.constantFrom('/', '?', '#', '\\', '/?', '#/'),
    rest: fc.stringMatching(/^[A-Za-z0-9!$&'()*+,;=._~-]{0,10}$/),
    host: fc.domain(),
    tail: fc.constantFrom('', '/', ':8887', ':8887/'),
  })
  .map((p) => ({ input: `${p.scheme}://usrq${p.user}:${p.start}${p.cut}Zq${p.rest}@${p.host}${p.tail}`, secrets: [`usrq${p.user}`, `Zq${p.rest}`] }))

describe('fuzz: PBX addresses', () => {
  fuzzTest('any text: an address in its one form, or a refusal in words; never a throw', () =>
    fc.property(anyText, (input) => {
      checkAnswer(input)
      checkUserinfoUnsaid(input)
    }),
  )

  fuzzTest('address-like text (schemes, user info, unicode hosts, ports, paths): one form or a refusal that keeps secrets', () =>
    fc.property(addressLike, ({ input, secrets }) => {
      checkAnswer(input, secrets)
      checkUserinfoUnsaid(input)
    }),
  )

  fuzzTest("fast-check's web addresses: one form or a refusal that keeps secrets", () =>
    fc.property(webUrl, (input) => {
      checkAnswer(input)
      checkUserinfoUnsaid(input)
    }),
  )

  fuzzTest('a password with / ? # in it: refused, repeating neither the user name nor the password', () =>
    fc.property(brokenUserinfo, ({ input, secrets }) => {
      expect(normalisePbxAddress(input).ok).toBe(false)
      checkAnswer(input, secrets)
      checkUserinfoUnsaid(input)
    }),
  )
})
