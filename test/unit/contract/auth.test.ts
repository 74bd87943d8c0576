import { describe, expect, it } from 'vitest'
import {
  AuthUserSchema,
  ForgetPasswordBodySchema,
  IDP_PROVIDERS,
  IdpSignInBodySchema,
  OAUTH_CLIENT_ID,
  OAuthTokenFormSchema,
  RefreshBodySchema,
  ResetPasswordBodySchema,
  SessionLoginBodySchema,
  SessionStatusSchema,
  SignInBodySchema,
  SignInQuerySchema,
  TokenPairSchema,
  VerifyOtpBodySchema,
} from '../../../electron/contract/pbx'
import { parsed, passes, problems } from './helpers'

describe('sign-in', () => {
  it('takes username and password, and a domain for tenant users', () => {
    expect(passes(SignInBodySchema, { username: 'admin', password: 'admin' })).toBe(true)
    expect(passes(SignInBodySchema, { username: 'manager', password: 'x', domain: 'demo.pbx.example' })).toBe(true)
    expect(passes(SignInBodySchema, { username: 'admin', password: 'admin', domain: '' })).toBe(true)
  })

  it('refuses missing fields, a long domain and unknown fields', () => {
    expect(problems(SignInBodySchema, { password: 'x' })).toEqual(['username: is required'])
    expect(problems(SignInBodySchema, { username: 'a', password: '' })).toEqual(['password: enter a password'])
    expect(problems(SignInBodySchema, { username: 'a', password: 'b', domain: 'd'.repeat(281) }).join()).toContain('domain')
    expect(problems(SignInBodySchema, { username: 'a', password: 'b', qr: true })).toEqual(['qr: unknown field'])
  })

  it('reads qr as true or false', () => {
    expect(parsed(SignInQuerySchema, {})).toEqual({ qr: false })
    expect(parsed(SignInQuerySchema, { qr: 'true' })).toEqual({ qr: true })
    expect(problems(SignInQuerySchema, { qr: 'yes' })).toEqual(['qr: must be true or false'])
  })

  it('reads token answers leniently', () => {
    const pair = { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 1800, extra: true }
    expect(passes(TokenPairSchema, pair)).toBe(true)
    expect(passes(TokenPairSchema, { ...pair, expires_in: '1800' })).toBe(false)
    expect(passes(SessionStatusSchema, { access_token: 'a', expires_at: '2030-01-01T00:00:00Z', expires_in: 5, role: 'Admin' })).toBe(true)
    expect(passes(AuthUserSchema, { domain: '', role_name: 'SystemAdmin', capabilities: ['x'], password_verified: true })).toBe(true)
    expect(passes(RefreshBodySchema, { refresh_token: '' })).toBe(false)
  })

  it('knows one identity provider and checks its body', () => {
    expect(IDP_PROVIDERS).toEqual(['idp365'])
    expect(passes(IdpSignInBodySchema, { domain: 'demo.pbx.example', callback_url: 'https://app.example/cb' })).toBe(true)
    expect(problems(IdpSignInBodySchema, { domain: 'demo.pbx.example', callback_url: 'not a url' })).toEqual([
      'callback_url: must be an http:// or https:// address',
    ])
  })

  it('checks the cookie login body', () => {
    expect(passes(SessionLoginBodySchema, { username: 'admin', password: 'admin' })).toBe(true)
    expect(problems(SessionLoginBodySchema, { username: 'admin', password: 'admin', remember: true })).toEqual(['remember: unknown field'])
  })
})

describe('OAuth token form', () => {
  const base = { username: 'admin', password: 'admin', scope: 'all', client_id: OAUTH_CLIENT_ID }

  it('accepts the password and the refresh grant', () => {
    expect(passes(OAuthTokenFormSchema, { grant_type: 'password', ...base })).toBe(true)
    expect(passes(OAuthTokenFormSchema, { grant_type: 'password', ...base, domain: 'demo.pbx.example' })).toBe(true)
    expect(passes(OAuthTokenFormSchema, { grant_type: 'refresh_token', refresh_token: 'r', client_id: OAUTH_CLIENT_ID })).toBe(true)
  })

  it('refuses another client, another scope or another grant', () => {
    expect(problems(OAuthTokenFormSchema, { grant_type: 'password', ...base, client_id: 'x' })).toEqual([
      `client_id: must be ${OAUTH_CLIENT_ID}`,
    ])
    expect(problems(OAuthTokenFormSchema, { grant_type: 'password', ...base, scope: 'read' })).toEqual(['scope: must be all'])
    expect(passes(OAuthTokenFormSchema, { grant_type: 'authorization_code', ...base })).toBe(false)
  })
})

describe('password recovery', () => {
  it('needs domain, username and callback_url to start', () => {
    expect(passes(ForgetPasswordBodySchema, { domain: 'd.example', username: '1001', callback_url: 'https://app/x' })).toBe(true)
    expect(problems(ForgetPasswordBodySchema, {}).sort()).toEqual([
      'callback_url: is required',
      'domain: is required',
      'username: is required',
    ])
  })

  it('needs token and code to verify', () => {
    expect(problems(VerifyOtpBodySchema, { token: 't' })).toEqual(['code: is required'])
  })

  it('takes a new password of 8..64 characters', () => {
    expect(passes(ResetPasswordBodySchema, { token: 't', new_password: '12345678' })).toBe(true)
    expect(passes(ResetPasswordBodySchema, { token: 't', new_password: 'x'.repeat(64) })).toBe(true)
    expect(problems(ResetPasswordBodySchema, { token: 't', new_password: '1234567' })).toEqual([
      'new_password: must be at least 8 characters',
    ])
    expect(problems(ResetPasswordBodySchema, { token: 't', new_password: 'x'.repeat(65) })).toEqual([
      'new_password: must be at most 64 characters',
    ])
  })
})
