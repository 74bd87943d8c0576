import { PLACEHOLDER_PATTERN, placeholdersOf } from '@contract/email-placeholders'
import type { EmailTemplateName } from '@contract/pbx'

/**
 * The live preview of an email template: one HTML document for an `<iframe sandbox="" srcdoc>`.
 * The frame is what keeps the template harmless (no allow-scripts, no allow-same-origin: scripts
 * never run and the document has no origin), and the document carries its own
 * Content-Security-Policy so nothing is fetched from anywhere (images only as data: URLs). On top
 * of that, an HTML body is cleaned in an inert template first (no scripts, frames, forms, event
 * attributes, links that could navigate the frame, or addresses to fetch), so the preview shows
 * what the recipient reads and nothing else.
 */

export const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)

/** A body that holds HTML tags is shown as HTML; anything else is plain text. */
export const looksLikeHtml = (body: string): boolean => /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i.test(body)

/** Each placeholder of the kind replaced by its sample value (escaped for HTML when asked). */
export function fillSampleValues(text: string, name: EmailTemplateName, escape: (value: string) => string = (v) => v): string {
  const samples = new Map(placeholdersOf(name).map((placeholder) => [placeholder.key, placeholder.sample]))
  return text.replace(PLACEHOLDER_PATTERN, (whole, key: string) => {
    const sample = samples.get(key)
    return sample === undefined ? whole : escape(sample)
  })
}

/** Elements that run, embed, navigate, submit or fetch: dropped with what they hold. */
const DROPPED = 'script, noscript, iframe, frame, frameset, object, embed, applet, link, meta, base, form, input, button, select, textarea, audio, video, source, track, portal, template, svg script'
/** Attributes that hold an address to fetch or follow. */
const ADDRESS_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'formaction', 'poster', 'background', 'xlink:href', 'ping', 'data', 'lowsrc', 'dynsrc']

/**
 * An HTML body made inert: parsed into a `<template>` (whose content belongs to an inert document:
 * nothing in it runs or loads), then stripped of active elements, event attributes and addresses
 * (a data: image stays; a link keeps its text and shows its address as a tooltip). The template's
 * own `<html>`, `<head>` and `<body>` tags fall away; their content (styles included) stays.
 */
export function cleanHtml(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  const content = template.content
  for (const element of Array.from(content.querySelectorAll(DROPPED))) element.remove()
  for (const element of Array.from(content.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase()
      if (name.startsWith('on')) element.removeAttribute(attribute.name)
      else if (ADDRESS_ATTRIBUTES.includes(name)) {
        const keep = name === 'src' && element.tagName === 'IMG' && /^data:image\//i.test(attribute.value.trim())
        if (!keep) {
          if (name === 'href' && !element.hasAttribute('title')) element.setAttribute('title', attribute.value)
          element.removeAttribute(attribute.name)
        }
      }
    }
  }
  return template.innerHTML
}

export interface PreviewInput {
  name: EmailTemplateName
  from: string
  subject: string
  body: string
}

/**
 * The whole preview document: the CSP first, a header with sender and subject (as text), then
 * the body, placeholders replaced by their sample values: escaped when plain text, cleaned when
 * HTML. `fallback` words stand for a field left empty (the PBX's default).
 */
export function previewDocument(input: PreviewInput, fallback = '(the PBX default)'): string {
  const from = input.from.trim() === '' ? fallback : fillSampleValues(input.from, input.name)
  const subject = input.subject === '' ? fallback : fillSampleValues(input.subject, input.name)
  const body =
    input.body === ''
      ? `<p class="preview-default">${escapeHtml(`The PBX sends its default text for this kind of email.`)}</p>`
      : looksLikeHtml(input.body)
        ? cleanHtml(fillSampleValues(input.body, input.name, escapeHtml))
        : `<pre class="preview-text">${escapeHtml(fillSampleValues(input.body, input.name))}</pre>`
  return [
    // a language and a title, as any document has (the frame's words around the mail are English)
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview of the email</title>',
    `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`,
    '<meta name="color-scheme" content="light">',
    '<style>',
    'html{background:#fff;color:#1f2225}',
    'body{margin:0;font:14px/1.5 system-ui,sans-serif}',
    '.preview-head{padding:10px 14px;border-bottom:1px solid #ddd;background:#f6f7f8}',
    '.preview-head div{margin:2px 0}.preview-head b{display:inline-block;min-width:64px;color:#555;font-weight:600}',
    '.preview-body{padding:14px}',
    '.preview-text{margin:0;white-space:pre-wrap;font:inherit}',
    '.preview-default{margin:0;color:#666;font-style:italic}',
    '</style></head><body>',
    '<header class="preview-head">',
    `<div><b>From</b> ${escapeHtml(from)}</div>`,
    `<div><b>Subject</b> ${escapeHtml(subject)}</div>`,
    '</header>',
    `<main class="preview-body">${body}</main>`,
    '</body></html>',
  ].join('')
}
