import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { connect as tlsConnect, type PeerCertificate, type TLSSocket } from 'node:tls'
import type { CertificateInfo } from '../../contract/result'
import { cancelled, ServiceError } from '../errors'

/**
 * One HTTP exchange with a PBX over node:http/https, with the TLS rules of the app:
 * - normally the system's certificate checks apply, unchanged;
 * - a certificate the user trusted for this PBX (by SHA-256 fingerprint) is checked on every
 *   connection *before anything is sent*: the TLS connection is made and its certificate compared
 *   first, and only then does the request go out on it. A different certificate is refused.
 * Certificate checks are never switched off for anything else.
 */

export interface Exchange {
  method: string
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
  /** the SHA-256 fingerprint the user trusted for this PBX */
  trustedFingerprint256?: string
}

export interface ExchangeAnswer {
  status: number
  statusText: string
  contentType: string
  text: string
  /** the Set-Cookie headers (the cookie-style session login) */
  setCookie: string[]
}

const UNTRUSTED_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
])

export async function exchange(url: URL, options: Exchange): Promise<ExchangeAnswer> {
  const secure = url.protocol === 'https:'
  const socket = secure && options.trustedFingerprint256 ? await pinnedConnection(url, options.trustedFingerprint256, options.signal) : undefined
  try {
    return await send(url, options, socket)
  } catch (error) {
    const code = errorCode(error)
    if (secure && !socket && UNTRUSTED_CODES.has(code)) {
      const certificate = await peekCertificate(url, options.signal)
      throw untrusted(url, { ...certificate, reason: code })
    }
    throw error
  }
}

function send(url: URL, options: Exchange, socket: TLSSocket | undefined): Promise<ExchangeAnswer> {
  return new Promise<ExchangeAnswer>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: options.method,
      headers: { ...options.headers, ...(options.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(options.body)) }) },
      signal: options.signal,
      // with createConnection and no agent, node:http uses our already-checked socket as it is
      ...(socket ? { createConnection: () => socket } : {}),
    })
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          contentType: String(response.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
          setCookie: response.headers['set-cookie'] ?? [],
        }),
      )
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end(options.body)
  })
}

/** A TLS connection whose certificate has been compared with the trusted one; nothing sent yet. */
async function pinnedConnection(url: URL, trusted: string, signal: AbortSignal): Promise<TLSSocket> {
  const socket = await openTls(url, signal)
  const certificate = describe(socket.getPeerCertificate())
  if (certificate.fingerprint256 !== trusted) {
    socket.destroy()
    throw untrusted(url, { ...certificate, reason: 'CERTIFICATE_CHANGED', trustedFingerprint256: trusted })
  }
  return socket
}

/** Reads the certificate a server presents, sending nothing: to show it to the user, or its end date in the fleet. */
export async function peekCertificate(url: URL, signal: AbortSignal): Promise<Omit<CertificateInfo, 'reason'>> {
  const socket = await openTls(url, signal)
  const certificate = describe(socket.getPeerCertificate())
  socket.destroy()
  return certificate
}

/** A TLS connection that does not judge the certificate itself: the caller compares it. */
function openTls(url: URL, signal: AbortSignal): Promise<TLSSocket> {
  return new Promise<TLSSocket>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason instanceof Error ? signal.reason : cancelled())
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const socket = tlsConnect({
      host,
      port: Number(url.port || 443),
      ...(isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
    })
    const abort = () => {
      socket.destroy()
      reject(signal.reason instanceof Error ? signal.reason : cancelled())
    }
    signal.addEventListener('abort', abort, { once: true })
    socket.once('secureConnect', () => {
      signal.removeEventListener('abort', abort)
      resolve(socket)
    })
    socket.once('error', (error) => {
      signal.removeEventListener('abort', abort)
      reject(error)
    })
  })
}

function describe(certificate: PeerCertificate): Omit<CertificateInfo, 'reason'> {
  const name = (entity: Record<string, unknown> | undefined) =>
    entity ? Object.entries(entity).map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : String(value)}`).join(', ') : ''
  return {
    fingerprint256: certificate.fingerprint256 ?? '',
    subject: name(certificate.subject as unknown as Record<string, unknown> | undefined),
    issuer: name(certificate.issuer as unknown as Record<string, unknown> | undefined),
    validFrom: certificate.valid_from ?? '',
    validTo: certificate.valid_to ?? '',
  }
}

function untrusted(url: URL, certificate: CertificateInfo): ServiceError {
  const message =
    certificate.reason === 'CERTIFICATE_CHANGED'
      ? `The certificate of ${url.host} has changed since you trusted it. This can mean someone is intercepting the connection; ` +
        'nothing was sent. Trust the new certificate only if you know why it changed (e.g. the PBX was reinstalled).'
      : `The certificate of ${url.host} is not trusted by this computer (${certificate.reason}). ` +
        'Many PBXs use a self-signed certificate: compare its fingerprint with the one the PBX shows, then trust it for this PBX.'
  return new ServiceError('UNTRUSTED_CERTIFICATE', message, { certificate })
}

export function errorCode(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  return typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : ''
}
