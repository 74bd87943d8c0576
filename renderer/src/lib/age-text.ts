/**
 * How long ago something happened, in a few words for a table cell (the fleet's figures, the
 * last use of a saved PBX): "just now", "2 min ago", "3 h ago", "1 day ago", "5 days ago"; "never"
 * without a time. Plain arithmetic: the first screen loads no date library for it (issue 17).
 */
export function ageText(at: string | undefined, now: number): string {
  if (at === undefined) return 'never'
  const then = Date.parse(at)
  if (Number.isNaN(then)) return 'never'
  const seconds = Math.max(0, Math.round((now - then) / 1000))
  if (seconds < 60) return 'just now'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  return `${days} ${days === 1 ? 'day' : 'days'} ago`
}
