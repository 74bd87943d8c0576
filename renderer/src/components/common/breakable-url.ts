import { h, type FunctionalComponent } from 'vue'
import './breakable-url.css'

/** after these a long address may go on to the next line: its parts stay whole */
const BREAK_AFTER = /([/.?&=#_-]+)/

/**
 * An address (a provisioning URL) that wraps where a reader expects it to, after a slash, a dot
 * or the like, never inside a word (issue 42): a part is broken only when it alone is wider than
 * the line (`overflow-wrap: break-word`). The whole address is the text: copied, found and read
 * out as it is.
 */
export const BreakableUrl: FunctionalComponent<{ url: string }> = ({ url }) =>
  h(
    'span',
    { class: 'breakable-url' },
    url.split(BREAK_AFTER).flatMap((part, at) => (at % 2 === 1 ? [part, h('wbr')] : part ? [part] : [])),
  )
BreakableUrl.props = ['url']
