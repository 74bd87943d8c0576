import { EMAIL_TEMPLATE_KINDS, fillSamples } from '@contract/email-placeholders'
import { EMAIL_TEMPLATE_NAMES } from '@contract/pbx'
import { cleanHtml, looksLikeHtml, PREVIEW_CSP, previewDocument } from '@renderer/components/templates/preview-document'
import { describe, expect, it } from 'vitest'

// The preview document of an email template: the frame's sandbox is the guarantee; these check
// that the document itself loads and runs nothing, and shows the template with sample values.

describe('the placeholders of each kind', () => {
  it('every kind has a title and its own placeholders, each with a description and a sample, keys unique', () => {
    for (const name of EMAIL_TEMPLATE_NAMES) {
      const kind = EMAIL_TEMPLATE_KINDS[name]
      expect(kind.name).toBe(name)
      expect(kind.title).not.toBe('')
      const keys = kind.placeholders.map((p) => p.key)
      expect(new Set(keys).size, name).toBe(keys.length)
      for (const placeholder of kind.placeholders) {
        expect(placeholder.key).toMatch(/^[a-z0-9_]+$/)
        expect(placeholder.description).not.toBe('')
        expect(placeholder.sample).not.toBe('')
      }
    }
    expect(EMAIL_TEMPLATE_KINDS.DISK_LOW.placeholders.map((p) => p.key)).toContain('disk_usage')
    expect(EMAIL_TEMPLATE_KINDS.QUEUE_CALL_LOST.placeholders.map((p) => p.key)).toEqual(expect.arrayContaining(['queue', 'caller']))
  })

  it('fills known placeholders (spaces inside the braces allowed) and leaves unknown ones as written', () => {
    expect(fillSamples('{{ queue }} lost {{caller}}; {{not_a_placeholder}}', 'QUEUE_CALL_LOST')).toBe('Sales lost +49 30 1234567; {{not_a_placeholder}}')
    // a placeholder of another kind is not this kind's
    expect(fillSamples('{{disk_usage}}', 'RECHARGE')).toBe('{{disk_usage}}')
  })
})

describe('previewDocument', () => {
  it('starts with its own Content-Security-Policy, before any content', () => {
    const doc = previewDocument({ name: 'DISK_LOW', from: 'a@b.example', subject: 'S', body: '<p>x</p>' })
    const csp = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`
    expect(PREVIEW_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:")
    expect(doc.indexOf(csp)).toBeGreaterThan(0)
    expect(doc.indexOf(csp)).toBeLessThan(doc.indexOf('<style>'))
    expect(doc.indexOf(csp)).toBeLessThan(doc.indexOf('<p>x</p>'))
  })

  it('escapes a plain-text body, the sender and the subject', () => {
    const doc = previewDocument({ name: 'DISK_LOW', from: '<x@y.example>', subject: 'Disk <b>{{disk_usage}}</b>', body: 'Usage {{disk_usage}} > {{threshold}} & <img src=x onerror=alert(1)' })
    expect(doc).toContain('&lt;x@y.example&gt;')
    expect(doc).toContain('Disk &lt;b&gt;91 %&lt;/b&gt;')
    expect(looksLikeHtml('Usage 91 % > 90 % & <img src=x onerror=alert(1)')).toBe(false)
    expect(doc).toContain('<pre class="preview-text">Usage 91 % &gt; 90 % &amp; &lt;img src=x onerror=alert(1)</pre>')
  })

  it('shows an HTML body as HTML, made inert: no scripts, handlers, frames, forms, remote addresses or navigating links', () => {
    const body = [
      '<html><head><style>p{color:red}</style><script>alert(1)</script><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"></head>',
      '<body onload="alert(2)"><p onclick="alert(3)">Hi {{user_name}} &lt;3</p>',
      '<img src="https://tracker.example/pixel.gif" alt="pixel"><img src="data:image/png;base64,iVBORw0KGgo=" alt="logo">',
      '<a href="https://example.com/{{extension}}">portal</a><iframe src="https://evil.example"></iframe>',
      '<div style="background:url(https://tracker.example/bg.png)">styled</div>',
      '<form action="https://evil.example"><input name="x"></form><svg><script>alert(4)</script><use href="https://evil.example/x.svg#a"></use></svg></body></html>',
    ].join('')
    expect(looksLikeHtml(body)).toBe(true)
    const doc = previewDocument({ name: 'USER_CREATION', from: '', subject: '', body })
    expect(doc).not.toMatch(/<script|onload=|onclick=|onerror=|<iframe|<form|<input|<base|http-equiv="refresh"/i)
    expect(doc).not.toContain('tracker.example/pixel.gif')
    expect(doc).not.toContain('href=')
    expect(doc).toContain('<p>Hi Anna Schmidt &lt;3</p>')
    expect(doc).toContain('<style>p{color:red}</style>')
    expect(doc).toContain('src="data:image/png;base64,iVBORw0KGgo="')
    expect(doc).toContain('<a title="https://example.com/1001">portal</a>')
    // a CSS address stays in the markup, and the document's CSP (img-src data:) refuses to load it
    expect(doc).toContain('styled')
    expect(doc).toContain('(the PBX default)')
  })

  it('cleanHtml keeps ordinary markup as it is', () => {
    expect(cleanHtml('<table><tbody><tr><td><b>Queue</b></td></tr></tbody></table>')).toBe('<table><tbody><tr><td><b>Queue</b></td></tr></tbody></table>')
  })
})
