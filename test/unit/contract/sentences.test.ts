import { describe, expect, it } from 'vitest'
import { asClause, asSentence, introduce, joinSentences } from '../../../electron/contract/sentences'

describe('joining messages into sentences', () => {
  it('ends a message without a full stop before the next sentence (the 403 of a push)', () => {
    expect(joinSentences('the PBX failed this request on purpose (test fault, status 403)', 'The push paused; resume it when this is solved.')).toBe(
      'The PBX failed this request on purpose (test fault, status 403). The push paused; resume it when this is solved.',
    )
  })

  it('adds no second full stop, and keeps ! ? … and a closing quote or bracket after them', () => {
    expect(joinSentences('Permission denied.', 'Paused.')).toBe('Permission denied. Paused.')
    expect(joinSentences('Really?', 'Wait…', 'He said "no."', '(See the log.)')).toBe('Really? Wait… He said "no." (See the log.)')
  })

  it('replaces a trailing comma, semicolon or colon, and leaves out empty parts', () => {
    expect(joinSentences('The PBX said:', undefined, '  ', 'Try again')).toBe('The PBX said. Try again.')
  })

  it('capitalises a plain lower-case first word only (not iLBC, not a MAC)', () => {
    expect(asSentence('iLBC is not offered')).toBe('iLBC is not offered.')
    expect(asSentence('00:15:65 is short')).toBe('00:15:65 is short.')
    expect(asSentence('permission denied')).toBe('Permission denied.')
  })

  it('drops the full stop of a message put in parentheses or after a colon, not an ellipsis', () => {
    expect(`The PBX could not be reached (${asClause('Could not reach pbx:8887: connection refused.')}).`).toBe(
      'The PBX could not be reached (Could not reach pbx:8887: connection refused).',
    )
    expect(asClause('and so on...')).toBe('and so on...')
    expect(introduce('The push stopped.', 'disk full')).toBe('The push stopped: disk full.')
    expect(introduce('The push stopped', 'Disk full.')).toBe('The push stopped: Disk full.')
  })
})
