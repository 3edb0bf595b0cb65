/** Which voices the picker lists, in which order: pure, so both screens filter the catalogue by the same rule. */
import {
  type ConfiguredEngines,
  ENGINE_LABELS,
  QUALITY_LABELS,
  rankVoices,
  type Voice,
  voiceQuality,
} from '~/contract/voices';

export interface VoiceFilters {
  search: string;
  language: string;
  gender: string;
}

export const voiceLanguages = (voices: readonly Voice[]): string[] =>
  [...new Set(voices.map((v) => v.languageName))].sort((a, b) => a.localeCompare(b));

export function matchesVoice(voice: Voice, filters: VoiceFilters): boolean {
  const q = filters.search.trim().toLowerCase();
  return (
    (!filters.language || voice.languageName === filters.language) &&
    (!filters.gender || voice.gender === filters.gender) &&
    (!q ||
      `${voice.name} ${voice.languageName} ${voice.language} ${ENGINE_LABELS[voice.engine].short} ${QUALITY_LABELS[voiceQuality(voice)]} ${voice.styles?.join(' ') ?? ''}`
        .toLowerCase()
        .includes(q))
  );
}

/**
 * The matching voices, those the server can use first and the better-sounding first among them (`rankVoices`); the
 * rest stay listed so people know they exist.
 */
export function listVoices(filters: VoiceFilters, configured: ConfiguredEngines, voices: readonly Voice[]): Voice[] {
  return rankVoices(
    voices.filter((voice) => matchesVoice(voice, filters)),
    configured,
  );
}
