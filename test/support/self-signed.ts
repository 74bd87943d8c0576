import { execFileSync } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A fresh self-signed certificate for 127.0.0.1, made with Debian's openssl, as many PBXs ship
 * with. Answers the PEM pair for the demo PBX and the fingerprint a person would compare.
 */
export function selfSignedCertificate(commonName = 'pbx.test.example'): { cert: string; key: string; fingerprint256: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pbx-cert-'))
  try {
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
        '-subj', `/CN=${commonName}`, '-addext', 'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    )
    const cert = readFileSync(join(dir, 'cert.pem'), 'utf8')
    return { cert, key: readFileSync(join(dir, 'key.pem'), 'utf8'), fingerprint256: new X509Certificate(cert).fingerprint256 }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
