import { describe, expect, it } from 'vitest'
import { isLoopbackHost, isPlainHttpOffLoopback, normalisePbxAddress } from '../../../electron/contract/pbx-address'
import { PbxAddressSchema, PbxProfileFieldsSchema } from '../../../electron/contract/profiles'
import { problems } from './helpers'

const address = (text: string) => {
  const check = normalisePbxAddress(text)
  if (!check.ok) throw new Error(`refused ${text}: ${check.message}`)
  return check.address
}
const refusal = (text: string) => {
  const check = normalisePbxAddress(text)
  if (check.ok) throw new Error(`accepted ${text} as ${check.address}`)
  return check.message
}

describe('normalisePbxAddress: one form for an address', () => {
  it.each([
    ['https://pbx.example.com:8887', 'https://pbx.example.com:8887'],
    ['  https://pbx.example.com:8887  ', 'https://pbx.example.com:8887'],
    ['HTTPS://PBX.Example.COM:8887', 'https://pbx.example.com:8887'],
    ['https://pbx.example.com:8887/', 'https://pbx.example.com:8887'],
    ['https://pbx.example.com:8887///', 'https://pbx.example.com:8887'],
    // the default port is dropped; another scheme's default is not
    ['https://pbx.example:443', 'https://pbx.example'],
    ['http://pbx.example:80/', 'http://pbx.example'],
    ['http://pbx.example:443', 'http://pbx.example:443'],
    ['https://pbx.example:080', 'https://pbx.example:80'],
    // an international host name in punycode (WHATWG URL)
    ['https://Bücher.example:8887', 'https://xn--bcher-kva.example:8887'],
    ['https://MÜNCHEN.de', 'https://xn--mnchen-3ya.de'],
    // one trailing dot names the same host
    ['https://pbx.example.', 'https://pbx.example'],
    ['https://pbx.example.:8887/', 'https://pbx.example:8887'],
    // IP literals, as the parser writes them
    ['https://[FE80::0:1]:8887', 'https://[fe80::1]:8887'],
    ['http://[::1]:4000/', 'http://[::1]:4000'],
    ['https://10.0.0.5', 'https://10.0.0.5'],
    ['http://0x7f.1:4000', 'http://127.0.0.1:4000'],
  ])('%s → %s', (text, expected) => {
    expect(address(text)).toBe(expected)
    // the form is stable: normalising it again changes nothing
    expect(address(expected)).toBe(expected)
  })

  it('refuses a user name and password, and never repeats them', () => {
    const message = refusal('https://alice:secret@pbx.example:8887/')
    expect(message).toMatch(/^remove the user name and password from the address, leaving https:\/\/pbx\.example:8887;/)
    expect(message).toMatch(/saved in plain text/)
    expect(message).not.toMatch(/secret|alice/)
    // the password alone, an encoded one, one with an @ in it
    for (const text of ['https://:secret@pbx.example', 'https://alice:s%65cret@pbx.example', 'https://alice:se@cret@pbx.example', 'HTTP://Alice:Secret@PBX.example']) {
      const why = refusal(text)
      expect(why).toMatch(/^remove the user name and password/)
      expect(why.toLowerCase()).not.toMatch(/secret|s%65cret|cret|alice/)
    }
  })

  it('refuses a user name alone', () => {
    const message = refusal('https://alice@pbx.example')
    expect(message).toBe('remove the user name from the address, leaving https://pbx.example; the user name has its own field')
  })

  it('refuses a path: the API reference gives no base path, every path starts with /api', () => {
    expect(refusal('https://pbx.example:8887/api/info')).toBe('remove /api/info from the address: enter only https://pbx.example:8887 (the app adds /api/… itself)')
    expect(refusal('https://pbx.example/some/')).toMatch(/^remove \/some\/ from the address/)
    // a backslash is a slash to the parser: what follows it is a path, not another host
    expect(refusal('https://pbx.example\\@evil.example')).toMatch(/^remove \/@evil\.example from the address: enter only https:\/\/pbx\.example /)
  })

  it('refuses a query and a fragment, even an empty one', () => {
    for (const text of ['https://pbx.example/?x=1', 'https://pbx.example?', 'https://pbx.example/?x=1#frag']) {
      expect(refusal(text)).toBe('remove the part from “?” on: the address is only https://pbx.example (the app adds /api/… itself)')
    }
    for (const text of ['https://pbx.example/#frag', 'https://pbx.example#']) {
      expect(refusal(text)).toBe('remove the part from “#” on: the address is only https://pbx.example (the app adds /api/… itself)')
    }
  })

  it('takes only http:// and https://', () => {
    const generic = 'enter an http:// or https:// address, e.g. https://pbx.example.com:8887'
    for (const text of ['', '   ', 'pbx.example.com', 'pbx.example.com:8887', 'ftp://pbx.example', 'file:///etc/passwd', 'javascript:alert(1)', 'https:pbx.example', 'ws://pbx.example', '//pbx.example']) {
      expect(refusal(text)).toBe(generic)
    }
  })

  it('refuses what is not a host and port', () => {
    expect(refusal('https://pbx.example:65536')).toBe('enter an http:// or https:// address, e.g. https://pbx.example.com:8887')
    expect(refusal('https://pbx.example:0')).toBe('the port must be between 1 and 65535')
    expect(refusal('https://pbx example')).toMatch(/^enter an http/)
    expect(refusal('https://[fe80::1%25eth0]')).toMatch(/^enter an http/)
    expect(refusal('https://pbx..example')).toBe('the host name pbx..example has an empty part between its dots')
    expect(refusal('https://.pbx.example')).toMatch(/empty part between its dots/)
    expect(refusal('https://pbx.example..')).toMatch(/empty part between its dots/)
    expect(refusal(`https://${'a'.repeat(2050)}.example`)).toBe('must be at most 2048 characters')
  })
})

describe('the profile schema uses it', () => {
  const fields = { label: 'Acme', username: 'manager' }

  it('saves the normalised address', () => {
    expect(PbxProfileFieldsSchema.parse({ ...fields, baseUrl: 'HTTPS://PBX.Acme.example:443/' }).baseUrl).toBe('https://pbx.acme.example')
    expect(PbxAddressSchema.parse('https://pbx.example.')).toBe('https://pbx.example')
  })

  it('names the field and says why, without the password', () => {
    const found = problems(PbxProfileFieldsSchema, { ...fields, baseUrl: 'https://alice:secret@pbx.example' })
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^baseUrl: remove the user name and password from the address, leaving https:\/\/pbx\.example;/)
    expect(found[0]).not.toMatch(/secret/)
    expect(problems(PbxProfileFieldsSchema, { ...fields, baseUrl: 42 })).toEqual(['baseUrl: must be text'])
  })
})

describe('plain http off loopback', () => {
  it.each([
    ['http://pbx.example', true],
    ['http://pbx.example:8080/', true],
    ['HTTP://PBX.example', true],
    ['http://10.0.0.5', true],
    ['http://[fe80::1]', true],
    ['http://128.0.0.1', true],
    ['http://localhost.example', true],
    // loopback: this computer
    ['http://localhost:4000', false],
    ['http://LOCALHOST.', false],
    ['http://127.0.0.1:4000', false],
    ['http://127.255.10.1', false],
    ['http://[::1]:4000', false],
    ['http://[::ffff:127.0.0.1]', false],
    ['http://0x7f.1', false],
    // https, and what is not an address (its own message says so)
    ['https://pbx.example', false],
    ['http://alice:secret@pbx.example', false],
    ['pbx.example', false],
    ['', false],
  ])('%s → %s', (text, expected) => {
    expect(isPlainHttpOffLoopback(text)).toBe(expected)
  })

  it('knows loopback hosts as the parser writes them', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true)
    expect(isLoopbackHost('[::1]')).toBe(true)
    expect(isLoopbackHost('localhost')).toBe(true)
    expect(isLoopbackHost('[::2]')).toBe(false)
    expect(isLoopbackHost('127.example')).toBe(false)
  })
})
