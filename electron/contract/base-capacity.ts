/**
 * A base's handsets against its model's lines (issue 43: capacity per base), as the enrolment, the
 * On site tab and the command line say it: room, nearly full (80 % of the lines and more), full,
 * or over (a base holding more than its model takes, set up elsewhere). The lines come from the
 * PBX's DECT models (`GET /api/dect_phone_models`); the scan refuses a handset past them.
 */

/** From this share of its lines on, a base is nearly full: the enrolment warns. */
export const NEARLY_FULL_PERCENT = 80

export const CAPACITY_LEVELS = ['room', 'nearly_full', 'full', 'over'] as const
export type CapacityLevel = (typeof CAPACITY_LEVELS)[number]

export function capacityLevel(used: number, lines: number): CapacityLevel {
  if (used > lines) return 'over'
  if (used === lines) return 'full'
  // whole numbers: 8 of 10 is 80 %, with no rounding of a share
  return used * 100 >= lines * NEARLY_FULL_PERCENT ? 'nearly_full' : 'room'
}

/** "8 of 10 lines: 2 left", "10 of 10 lines: full", "11 of 10 lines: 1 more than the model takes", "3 of 10 lines". */
export function capacityText(used: number, lines: number): string {
  const figures = `${used} of ${lines} ${lines === 1 ? 'line' : 'lines'}`
  const level = capacityLevel(used, lines)
  if (level === 'over') return `${figures}: ${used - lines} more than the model takes`
  if (level === 'full') return `${figures}: full`
  if (level === 'nearly_full') return `${figures}: ${lines - used} left`
  return figures
}
