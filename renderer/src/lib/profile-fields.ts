import type { PbxProfile, PbxProfileFields } from '@contract/profiles'

/** Every field the user sets on a saved PBX, as the saved-PBX form and `saveProfile` take them. */
export type ProfileFields = Required<PbxProfileFields>

/**
 * The fields of a saved PBX as saved (plain copies: what crosses the Bridge is structured-cloned),
 * for an edit that changes some of them and keeps the rest.
 */
export function profileFields(profile: PbxProfile): ProfileFields {
  return {
    label: profile.label,
    baseUrl: profile.baseUrl,
    username: profile.username,
    domain: profile.domain,
    signInMethod: profile.signInMethod,
    customer: profile.customer,
    tags: [...profile.tags],
    notes: profile.notes,
    group: profile.group,
    colour: profile.colour,
    favourite: profile.favourite,
  }
}
