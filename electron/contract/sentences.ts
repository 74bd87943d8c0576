/**
 * Joining messages into sentences. A PBX's error ("Permission denied (status 403)") or a lower
 * layer's message may or may not end with a full stop; pasting the next sentence after it gave
 * "…(status 403) The push paused". These put the punctuation where it belongs, once: a message
 * used as a sentence ends with one '.', a message put in parentheses or after a colon loses its own.
 */

/** ends a sentence already: . ! ? or …, possibly followed by closing quotes or brackets */
const ENDED = /[.!?…]["'”’)\]]*$/

/** A message as a sentence: trimmed, its first word capitalised when it is a plain lower-case word, ending with '.' (kept when it ends with . ! ? …). */
export function asSentence(text: string): string {
  const trimmed = text.trim()
  if (trimmed === '') return ''
  const capitalised = /^[a-z]+\b/.test(trimmed) ? `${trimmed[0]!.toUpperCase()}${trimmed.slice(1)}` : trimmed
  return ENDED.test(capitalised) ? capitalised : `${capitalised.replace(/[,;:]+$/, '')}.`
}

/** A message put inside another sentence (in parentheses, after a colon): trimmed, without its final full stop. */
export function asClause(text: string): string {
  return text.trim().replace(/(?<!\.)\.$/, '').replace(/[,;:]+$/, '')
}

/** Sentences joined by one space, each ended properly; empty parts are left out. */
export function joinSentences(...parts: readonly (string | undefined)[]): string {
  return parts
    .filter((part): part is string => part !== undefined && part.trim() !== '')
    .map(asSentence)
    .join(' ')
}

/** A lead and what it introduces: "The push stopped: <detail>." (the lead's own full stop dropped, the detail ended). */
export function introduce(lead: string, detail: string): string {
  const clause = detail.trim()
  if (clause === '') return asSentence(lead)
  return `${asClause(lead)}: ${ENDED.test(clause) ? clause : `${asClause(clause)}.`}`
}
