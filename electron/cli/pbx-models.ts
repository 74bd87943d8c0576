import type { DectModelsAnswer } from '../contract/bridge-handsets'
import type { PbxProfile } from '../contract/profiles'
import { BridgeFailure, type OpenServices } from './context'
import { CliError } from './exit-codes'
import { openKept } from './sign-in'

/**
 * The DECT models of the PBX a new batch is for (`batch import --pbx`): read from it when it can be
 * reached with what the keychain keeps (and remembered), else its list as remembered from the last
 * time, with the reason it could not be reached. The import then checks the rows with them.
 */
export async function pbxModels(open: OpenServices, profile: PbxProfile): Promise<{ answer: DectModelsAnswer; unreached?: string }> {
  try {
    await openKept(open, profile)
    return { answer: await open.must('listDectModels', { profileId: profile.id }) }
  } catch (error) {
    // out of reach (a basement), or no password kept: what was read before is the list
    if (!(error instanceof CliError) && !(error instanceof BridgeFailure)) throw error
    return { answer: await open.must('listDectModels', { profileId: profile.id, offline: true }), unreached: error.message.replace(/\.$/, '') }
  }
}

/** What the import checked the models against, in a sentence for stderr. */
export function modelsNote(label: string, models: { answer: DectModelsAnswer; unreached?: string }): string {
  const { answer, unreached } = models
  const day = answer.fetchedAt?.slice(0, 10)
  if (unreached === undefined) {
    return answer.supported
      ? `Models: checked against the ${answer.models.length} DECT models of "${label}", read just now.`
      : `Models: "${label}" does not list its DECT models, so they are checked at the push.`
  }
  // the reason names the PBX's address (or that no password is kept) and what to do
  return answer.source === 'remembered'
    ? `${unreached}. The models are checked against the list of "${label}" as of ${day}.`
    : `${unreached}. No list of the DECT models of "${label}" is remembered: the models are checked at the push.`
}
