/** Which voices the picker lists, in which order: pure, so both screens filter the catalogue by the same rule. */
import { ENGINE_LABELS, isVoiceAvailable, type ConfiguredEngines, type Voice } from '~/contract/voices';

export interface VoiceFilters {
  search: string;
  language: string;
  gender: string;
}

export const voiceLanguages = (voices: readonly Voice[]): string[] => [...new Set(voices.map((v) => v.languageName))].sort((a, b) => a.localeCompare(b));

export function matchesVoice(voice: Voice, filters: VoiceFilters): boolean {
  const q = filters.search.trim().toLowerCase();
  return (
    (!filters.language || voice.languageName === filters.language) &&
    (!filters.gender || voice.gender === filters.gender) &&
    (!q || `${voice.name} ${voice.languageName} ${voice.language} ${ENGINE_LABELS[voice.engine].short} ${voice.styles?.join(' ') ?? ''}`.toLowerCase().includes(q))
  );
}

/** The matching voices, those the server can use first; the rest stay listed so people know they exist. */
export function listVoices(filters: VoiceFilters, configured: ConfiguredEngines, voices: readonly Voice[]): Voice[] {
  const shown = voices.filter((voice) => matchesVoice(voice, filters));
  return [...shown.filter((v) => isVoiceAvailable(v, configured)), ...shown.filter((v) => !isVoiceAvailable(v, configured))];
}
