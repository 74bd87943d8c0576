/**
 * A first check of a PBX address in the form, so a typo is caught before a round trip. Main
 * validates the same input against the contract's `ProbePbxInputSchema` (an http or https URL)
 * and answers INVALID_INPUT with its own message; this check only mirrors it.
 * Answers what is wrong, or null when the address will do.
 */
export function baseUrlProblem(value: string): string | null {
  const text = value.trim()
  if (text === '') return 'Enter the PBX address, e.g. https://pbx.example.com:8887'
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'Enter a full address starting with http:// or https://, e.g. https://pbx.example.com:8887'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `The address must start with http:// or https:// (not ${url.protocol}//)`
  }
  if (url.hostname === '') return 'The address has no host name, e.g. https://pbx.example.com'
  return null
}
