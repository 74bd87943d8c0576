/**
 * Short confirmation tones for the scan mode, made with Web Audio (no audio files): a high
 * 100 ms beep for a scan taken, a lower one for a duplicate or a refused scan.
 */
export type BeepKind = 'ok' | 'warning' | 'error'

const FREQUENCY: Record<BeepKind, number> = { ok: 1320, warning: 440, error: 220 }
const DURATION_S = 0.1

type AudioContextClass = typeof AudioContext
let context: AudioContext | null = null

function audioContext(): AudioContext | null {
  if (context) return context
  const Context: AudioContextClass | undefined =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext
  if (!Context) return null
  try {
    context = new Context()
  } catch {
    return null
  }
  return context
}

/** Plays one beep; silent where the computer has no audio. */
export function beep(kind: BeepKind): void {
  const audio = audioContext()
  if (!audio) return
  try {
    if (audio.state === 'suspended') void audio.resume()
    const oscillator = audio.createOscillator()
    const gain = audio.createGain()
    oscillator.type = 'sine'
    oscillator.frequency.value = FREQUENCY[kind]
    gain.gain.value = 0.2
    oscillator.connect(gain)
    gain.connect(audio.destination)
    const now = audio.currentTime
    oscillator.start(now)
    oscillator.stop(now + DURATION_S)
  } catch {
    // no sound is no reason to stop scanning
  }
}

/** Forgets the audio context (tests install another AudioContext between cases). */
export function resetBeep(): void {
  context = null
}
