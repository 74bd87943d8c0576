import { profileFields } from '../support/profile-fields'
import { selfSignedCertificate } from '../support/self-signed'
import { expect, test } from './harness'

const siteFields = (label: string, baseUrl: string, username: string) => profileFields(label, baseUrl, username, { domain: 'demo.pbx.example' })

test.describe('two-factor sign-in', () => {
  test('the password step asks for the mailed code, a wrong code is said, the right one signs in', async ({ app, services, pbx }) => {
    await services.handlers.saveProfile({ fields: siteFields('Site with 2FA', pbx.url, 'installer') })
    await app.reload()
    await app.getByRole('button', { name: 'Open Site with 2FA' }).click()
    await app.getByRole('textbox', { name: 'Password' }).fill('installer')
    await app.getByRole('button', { name: 'Sign in', exact: true }).click()

    await expect(app.getByText('The PBX emailed a one-time code to this user. Enter it to finish signing in.')).toBeVisible()
    const code = pbx.outbox.filter((m) => m.kind === 'otp' && m.username === 'installer').at(-1)?.code
    expect(code).toMatch(/^\d{6}$/)
    await app.getByRole('textbox', { name: 'One-time code' }).fill(code === '000000' ? '111111' : '000000')
    await app.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(app.getByText(/Wrong or expired code/)).toBeVisible()
    await app.screenshot({ path: 'test-results/screens/two-factor.png' })

    await app.getByRole('textbox', { name: 'One-time code' }).fill(code!)
    await app.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(app.getByText('signed in as installer · Admin')).toBeVisible()
    expect((await services.handlers.listSessions(undefined))[0]).toMatchObject({ status: 'signed_in', user: { username: 'installer' } })
  })
})

test.describe('a PBX with a self-signed certificate', () => {
  const certificate = selfSignedCertificate('pbx.site.example')
  test.use({ pbxOptions: { tls: certificate } })

  test('shows the fingerprint, is trusted for that PBX, then tests and signs in; the trust is saved', async ({ app, services, pbx }) => {
    await app.getByRole('button', { name: 'Add PBX' }).first().click()
    await app.getByLabel('Label').fill('Self-signed site')
    await app.getByLabel('Address').fill(pbx.url)
    await app.getByLabel('User name').fill('manager')
    await app.getByLabel('Tenant domain').fill('demo.pbx.example')
    await app.getByRole('button', { name: 'Test connection' }).click()

    const card = app.getByRole('region', { name: "The PBX's certificate is not trusted" })
    await expect(card).toBeVisible()
    // the fingerprint is shown as a person would read it aloud, in groups of four byte pairs
    const firstGroup = certificate.fingerprint256.split(':').slice(0, 4).join(':')
    await expect(card.getByText(new RegExp(firstGroup))).toBeVisible()
    await app.screenshot({ path: 'test-results/screens/certificate.png' })
    await card.getByRole('button', { name: 'Trust this certificate for this PBX' }).click()
    await expect(app.getByText('pbx.demo.example').first()).toBeVisible()
    await app.getByRole('button', { name: 'Add PBX' }).last().click()

    const [saved] = await services.handlers.listProfiles(undefined)
    expect(saved?.trustedCertificate?.fingerprint256).toBe(certificate.fingerprint256)

    await app.getByRole('button', { name: 'Open Self-signed site' }).click()
    await app.getByRole('textbox', { name: 'Password' }).fill('manager')
    await app.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(app.getByText('signed in as manager · Admin')).toBeVisible()
  })
})
