/**
 * The saved PBX a DECT batch most likely goes to, to preselect where one is chosen (the check of
 * its MACs, the push): the PBX it was pushed to, else the one its MACs were checked against, else
 * the PBX open now, else the only one saved.
 */
export function likelyTarget(
  known: { pushedTo?: string | null; checkedOn?: string | null },
  activeProfileId: string | null,
  savedProfileIds: readonly string[],
): string | null {
  return known.pushedTo ?? known.checkedOn ?? activeProfileId ?? (savedProfileIds.length === 1 ? savedProfileIds[0]! : null)
}
