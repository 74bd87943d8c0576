import { pbxRequest, type RequestOptions } from './request'

/**
 * Password recovery (seed 4.1 and 5.6): forget_password mails a link carrying a token, send_otp
 * mails a one-time code for that token, verify_otp checks it, reset_password sets the new password.
 * Each answers 200 with no body.
 */
type Options = Pick<RequestOptions, 'signal' | 'timeoutMs' | 'trustedFingerprint256'>

export async function forgetPassword(
  baseUrl: string,
  body: { domain: string; username: string; callback_url: string },
  options: Options = {},
): Promise<void> {
  await pbxRequest(baseUrl, 'api/auth/forget_password', { ...options, method: 'POST', json: body })
}

export async function verifyOtp(baseUrl: string, token: string, code: string, options: Options = {}): Promise<void> {
  await pbxRequest(baseUrl, 'api/auth/verify_otp', { ...options, method: 'POST', json: { token, code } })
}

export async function resetPassword(baseUrl: string, token: string, newPassword: string, options: Options = {}): Promise<void> {
  await pbxRequest(baseUrl, 'api/auth/reset_password', { ...options, method: 'POST', json: { token, new_password: newPassword } })
}

/** The token of a reset link as pasted: the whole link (…?token=…) or the token alone. */
export function tokenOfResetLink(link: string): string | undefined {
  const text = link.trim()
  if (/^https?:\/\//i.test(text)) {
    try {
      return new URL(text).searchParams.get('token') ?? undefined
    } catch {
      return undefined
    }
  }
  return /^[A-Za-z0-9_-]{8,}$/.test(text) ? text : undefined
}
