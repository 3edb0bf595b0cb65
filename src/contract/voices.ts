/**
 * The one voice catalogue. The create page lists it, the API validates `voiceId` against it and the worker
 * resolves it to an engine voice, so a voice can never be offered that the server does not know.
 *
 * Offline voices run on eSpeak NG (server side only: it is GPL and never reaches the browser; this file is data) and,
 * where the server has it installed, Festival with an HTS voice. Cloud voices are listed too but only usable when
 * the server has that provider's key. Azure, Google and ElevenLabs voices are also read live from the providers by
 * the API (GET /voices), which merges them with these.
 */

export const VOICE_ENGINES = ['espeak', 'festival', 'openai', 'elevenlabs', 'azure', 'google'] as const;
export type VoiceEngine = (typeof VOICE_ENGINES)[number];
export type VoiceGender = 'female' | 'male' | 'neutral';

/** Engines whose voices are read from the provider at run time (the API serves them with the static ones). */
export const LIVE_ENGINES = ['azure', 'google', 'elevenlabs'] as const;
export type LiveEngine = (typeof LIVE_ENGINES)[number];

export interface Voice {
  /** Stable id stored with every video, e.g. "en-us-olivia". */
  id: string;
  /** Persona name shown in the picker. */
  name: string;
  /** BCP 47 language tag. */
  language: string;
  languageName: string;
  gender: VoiceGender;
  engine: VoiceEngine;
  /** What the engine itself calls this voice: an eSpeak voice+variant, an OpenAI voice or an ElevenLabs voice id. */
  engineVoice: string;
  /** A short line in the voice's own language for the picker's preview button. */
  preview: string;
  /** Speaking styles the provider offers for this voice (Azure's "cheerful", ElevenLabs' "narration"...). */
  styles?: string[];
  /** A voice made on the provider account itself (an ElevenLabs clone), not one of the provider's own. */
  custom?: boolean;
}

interface Language {
  espeak: string;
  tag: string;
  name: string;
  preview: string;
  /** Persona name → eSpeak variant ("" = the language's own default voice, which is male). */
  voices: ReadonlyArray<readonly [name: string, variant: string, gender: VoiceGender]>;
}

const F = 'female';
const M = 'male';

const PREVIEW_EN = 'Hi there! This is how your video will sound with my voice.';
const PREVIEW_PT = 'Olá! É assim que o seu vídeo vai soar com a minha voz.';

/**
 * Languages whose eSpeak voice reads ordinary text in that language. Japanese is left out on purpose: eSpeak only
 * reads kana, so everyday scripts with kanji would come out garbled.
 */
const LANGUAGES: readonly Language[] = [
  {
    espeak: 'en-us',
    tag: 'en-US',
    name: 'English (US)',
    preview: PREVIEW_EN,
    voices: [
      ['James', '', M],
      ['Olivia', 'f3', F],
      ['Ethan', 'm3', M],
      ['Ava', 'f2', F],
      ['Noah', 'm7', M],
      ['Sophia', 'f4', F],
    ],
  },
  {
    espeak: 'en-gb-x-rp',
    tag: 'en-GB',
    name: 'English (UK)',
    preview: PREVIEW_EN,
    voices: [
      ['Oliver', '', M],
      ['Amelia', 'f3', F],
      ['Harry', 'm3', M],
      ['Charlotte', 'f4', F],
    ],
  },
  {
    espeak: 'en-gb-scotland',
    tag: 'en-GB-scotland',
    name: 'English (Scotland)',
    preview: PREVIEW_EN,
    voices: [
      ['Callum', '', M],
      ['Isla', 'f3', F],
    ],
  },
  {
    espeak: 'en-029',
    tag: 'en-029',
    name: 'English (Caribbean)',
    preview: PREVIEW_EN,
    voices: [
      ['Marcus', '', M],
      ['Shanice', 'f2', F],
    ],
  },
  {
    espeak: 'es',
    tag: 'es-ES',
    name: 'Spanish (Spain)',
    preview: '¡Hola! Así sonará tu vídeo con mi voz.',
    voices: [
      ['Mateo', '', M],
      ['Lucía', 'f3', F],
      ['Hugo', 'm3', M],
    ],
  },
  {
    espeak: 'es-419',
    tag: 'es-419',
    name: 'Spanish (Latin America)',
    preview: '¡Hola! Así sonará tu video con mi voz.',
    voices: [
      ['Diego', '', M],
      ['Valentina', 'f3', F],
      ['Camila', 'f2', F],
    ],
  },
  {
    espeak: 'fr',
    tag: 'fr-FR',
    name: 'French (France)',
    preview: 'Bonjour ! Voici comment votre vidéo sonnera avec ma voix.',
    voices: [
      ['Louis', '', M],
      ['Camille', 'f3', F],
      ['Léa', 'f2', F],
    ],
  },
  {
    espeak: 'fr-be',
    tag: 'fr-BE',
    name: 'French (Belgium)',
    preview: 'Bonjour ! Voici comment votre vidéo sonnera avec ma voix.',
    voices: [['Arthur', '', M]],
  },
  {
    espeak: 'de',
    tag: 'de-DE',
    name: 'German',
    preview: 'Hallo! So wird dein Video mit meiner Stimme klingen.',
    voices: [
      ['Lukas', '', M],
      ['Hannah', 'f3', F],
      ['Felix', 'm3', M],
    ],
  },
  {
    espeak: 'it',
    tag: 'it-IT',
    name: 'Italian',
    preview: 'Ciao! Ecco come suonerà il tuo video con la mia voce.',
    voices: [
      ['Marco', '', M],
      ['Giulia', 'f3', F],
    ],
  },
  {
    espeak: 'pt-br',
    tag: 'pt-BR',
    name: 'Portuguese (Brazil)',
    preview: PREVIEW_PT,
    voices: [
      ['Gabriel', '', M],
      ['Beatriz', 'f3', F],
    ],
  },
  {
    espeak: 'pt',
    tag: 'pt-PT',
    name: 'Portuguese (Portugal)',
    preview: PREVIEW_PT,
    voices: [
      ['Tiago', '', M],
      ['Inês', 'f2', F],
    ],
  },
  {
    espeak: 'nl',
    tag: 'nl-NL',
    name: 'Dutch',
    preview: 'Hallo! Zo klinkt jouw video met mijn stem.',
    voices: [
      ['Daan', '', M],
      ['Sanne', 'f3', F],
    ],
  },
  {
    espeak: 'sv',
    tag: 'sv-SE',
    name: 'Swedish',
    preview: 'Hej! Så här kommer din video att låta med min röst.',
    voices: [
      ['Erik', '', M],
      ['Elsa', 'f3', F],
    ],
  },
  {
    espeak: 'nb',
    tag: 'nb-NO',
    name: 'Norwegian',
    preview: 'Hei! Slik kommer videoen din til å høres ut med stemmen min.',
    voices: [
      ['Jonas', '', M],
      ['Nora', 'f3', F],
    ],
  },
  {
    espeak: 'da',
    tag: 'da-DK',
    name: 'Danish',
    preview: 'Hej! Sådan kommer din video til at lyde med min stemme.',
    voices: [
      ['Magnus', '', M],
      ['Freja', 'f3', F],
    ],
  },
  {
    espeak: 'fi',
    tag: 'fi-FI',
    name: 'Finnish',
    preview: 'Hei! Tältä videosi kuulostaa minun äänelläni.',
    voices: [
      ['Mikko', '', M],
      ['Aino', 'f3', F],
    ],
  },
  {
    espeak: 'pl',
    tag: 'pl-PL',
    name: 'Polish',
    preview: 'Cześć! Tak zabrzmi twój film z moim głosem.',
    voices: [
      ['Jakub', '', M],
      ['Zofia', 'f3', F],
    ],
  },
  {
    espeak: 'cs',
    tag: 'cs-CZ',
    name: 'Czech',
    preview: 'Ahoj! Takhle bude tvoje video znít s mým hlasem.',
    voices: [
      ['Tomáš', '', M],
      ['Tereza', 'f3', F],
    ],
  },
  {
    espeak: 'sk',
    tag: 'sk-SK',
    name: 'Slovak',
    preview: 'Ahoj! Takto bude tvoje video znieť s mojím hlasom.',
    voices: [['Martin', '', M]],
  },
  {
    espeak: 'hu',
    tag: 'hu-HU',
    name: 'Hungarian',
    preview: 'Szia! Így fog szólni a videód az én hangommal.',
    voices: [
      ['Bence', '', M],
      ['Réka', 'f3', F],
    ],
  },
  {
    espeak: 'ro',
    tag: 'ro-RO',
    name: 'Romanian',
    preview: 'Salut! Așa va suna videoclipul tău cu vocea mea.',
    voices: [
      ['Andrei', '', M],
      ['Ioana', 'f3', F],
    ],
  },
  {
    espeak: 'ru',
    tag: 'ru-RU',
    name: 'Russian',
    preview: 'Привет! Вот так будет звучать ваше видео с моим голосом.',
    voices: [
      ['Dmitri', '', M],
      ['Anastasia', 'f3', F],
    ],
  },
  {
    espeak: 'uk',
    tag: 'uk-UA',
    name: 'Ukrainian',
    preview: 'Привіт! Ось так звучатиме ваше відео з моїм голосом.',
    voices: [
      ['Taras', '', M],
      ['Oksana', 'f3', F],
    ],
  },
  {
    espeak: 'bg',
    tag: 'bg-BG',
    name: 'Bulgarian',
    preview: 'Здравейте! Ето как ще звучи вашето видео с моя глас.',
    voices: [['Georgi', '', M]],
  },
  {
    espeak: 'hr',
    tag: 'hr-HR',
    name: 'Croatian',
    preview: 'Bok! Ovako će tvoj video zvučati s mojim glasom.',
    voices: [['Luka', '', M]],
  },
  {
    espeak: 'sr',
    tag: 'sr-RS',
    name: 'Serbian',
    preview: 'Zdravo! Ovako će vaš video zvučati sa mojim glasom.',
    voices: [['Nikola', '', M]],
  },
  {
    espeak: 'el',
    tag: 'el-GR',
    name: 'Greek',
    preview: 'Γεια σας! Έτσι θα ακούγεται το βίντεό σας με τη φωνή μου.',
    voices: [
      ['Nikos', '', M],
      ['Eleni', 'f3', F],
    ],
  },
  {
    espeak: 'tr',
    tag: 'tr-TR',
    name: 'Turkish',
    preview: 'Merhaba! Videonuz benim sesimle böyle duyulacak.',
    voices: [
      ['Emre', '', M],
      ['Elif', 'f3', F],
    ],
  },
  {
    espeak: 'ar',
    tag: 'ar',
    name: 'Arabic',
    preview: 'مرحبًا! هكذا سيبدو الفيديو الخاص بك بصوتي.',
    voices: [
      ['Omar', '', M],
      ['Layla', 'f3', F],
    ],
  },
  {
    espeak: 'he',
    tag: 'he-IL',
    name: 'Hebrew',
    preview: 'שלום! כך הסרטון שלך יישמע עם הקול שלי.',
    voices: [['Noam', '', M]],
  },
  {
    espeak: 'fa',
    tag: 'fa-IR',
    name: 'Persian',
    preview: 'سلام! ویدیوی شما با صدای من این‌گونه شنیده می‌شود.',
    voices: [['Dariush', '', M]],
  },
  {
    espeak: 'hi',
    tag: 'hi-IN',
    name: 'Hindi',
    preview: 'नमस्ते! मेरी आवाज़ में आपका वीडियो ऐसा सुनाई देगा।',
    voices: [
      ['Arjun', '', M],
      ['Priya', 'f3', F],
    ],
  },
  {
    espeak: 'bn',
    tag: 'bn-IN',
    name: 'Bengali',
    preview: 'নমস্কার! আমার কণ্ঠে আপনার ভিডিওটি এমন শোনাবে।',
    voices: [['Rahul', '', M]],
  },
  {
    espeak: 'ur',
    tag: 'ur-PK',
    name: 'Urdu',
    preview: 'السلام علیکم! میری آواز میں آپ کی ویڈیو ایسی سنائی دے گی۔',
    voices: [['Imran', '', M]],
  },
  {
    espeak: 'ta',
    tag: 'ta-IN',
    name: 'Tamil',
    preview: 'வணக்கம்! என் குரலில் உங்கள் வீடியோ இப்படித்தான் ஒலிக்கும்.',
    voices: [['Karthik', '', M]],
  },
  {
    espeak: 'id',
    tag: 'id-ID',
    name: 'Indonesian',
    preview: 'Halo! Beginilah video Anda akan terdengar dengan suara saya.',
    voices: [
      ['Budi', '', M],
      ['Sari', 'f3', F],
    ],
  },
  {
    espeak: 'ms',
    tag: 'ms-MY',
    name: 'Malay',
    preview: 'Helo! Beginilah video anda akan kedengaran dengan suara saya.',
    voices: [['Aiman', '', M]],
  },
  {
    espeak: 'vi',
    tag: 'vi-VN',
    name: 'Vietnamese',
    preview: 'Xin chào! Video của bạn sẽ nghe như thế này với giọng của tôi.',
    voices: [
      ['Minh', '', M],
      ['Lan', 'f3', F],
    ],
  },
  {
    espeak: 'cmn',
    tag: 'zh-CN',
    name: 'Chinese (Mandarin)',
    preview: '你好！这就是你的视频用我的声音朗读的效果。',
    voices: [
      ['Wei', '', M],
      ['Mei', 'f3', F],
    ],
  },
  {
    espeak: 'yue',
    tag: 'zh-HK',
    name: 'Chinese (Cantonese)',
    preview: '你好！呢個就係用我把聲讀你段片嘅效果。',
    voices: [['Ka-ming', '', M]],
  },
  {
    espeak: 'ko',
    tag: 'ko-KR',
    name: 'Korean',
    preview: '안녕하세요! 제 목소리로 들으면 영상이 이렇게 들려요.',
    voices: [
      ['Min-jun', '', M],
      ['Ji-woo', 'f3', F],
    ],
  },
  {
    espeak: 'th',
    tag: 'th-TH',
    name: 'Thai',
    preview: 'สวัสดี! วิดีโอของคุณจะฟังเป็นแบบนี้ด้วยเสียงของฉัน',
    voices: [['Somchai', '', M]],
  },
  {
    espeak: 'sw',
    tag: 'sw-KE',
    name: 'Swahili',
    preview: 'Habari! Hivi ndivyo video yako itakavyosikika kwa sauti yangu.',
    voices: [['Baraka', '', M]],
  },
  {
    espeak: 'af',
    tag: 'af-ZA',
    name: 'Afrikaans',
    preview: 'Hallo! So sal jou video met my stem klink.',
    voices: [['Pieter', '', M]],
  },
  {
    espeak: 'ca',
    tag: 'ca-ES',
    name: 'Catalan',
    preview: 'Hola! Així sonarà el teu vídeo amb la meva veu.',
    voices: [
      ['Jordi', '', M],
      ['Núria', 'f3', F],
    ],
  },
  {
    espeak: 'eu',
    tag: 'eu-ES',
    name: 'Basque',
    preview: 'Kaixo! Horrela entzungo da zure bideoa nire ahotsarekin.',
    voices: [['Iker', '', M]],
  },
  {
    espeak: 'cy',
    tag: 'cy-GB',
    name: 'Welsh',
    preview: 'Helo! Dyma sut bydd dy fideo yn swnio gyda fy llais i.',
    voices: [['Rhys', '', M]],
  },
];

const slug = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const espeakVoices: Voice[] = LANGUAGES.flatMap((lang) =>
  lang.voices.map(([name, variant, gender]) => ({
    id: `${slug(lang.tag)}-${slug(name)}`,
    name,
    language: lang.tag,
    languageName: lang.name,
    gender,
    engine: 'espeak' as const,
    engineVoice: variant ? `${lang.espeak}+${variant}` : lang.espeak,
    preview: lang.preview,
  })),
);

/** OpenAI's voices speak many languages; they are listed under English, the language they were tuned on. */
const OPENAI_VOICES: ReadonlyArray<readonly [string, VoiceGender]> = [
  ['alloy', F],
  ['ash', M],
  ['coral', F],
  ['echo', M],
  ['fable', M],
  ['nova', F],
  ['onyx', M],
  ['sage', F],
  ['shimmer', F],
];

const openaiVoices: Voice[] = OPENAI_VOICES.map(([voice, gender]) => ({
  id: `openai-${voice}`,
  name: voice[0]!.toUpperCase() + voice.slice(1),
  language: 'en-US',
  languageName: 'English (multilingual)',
  gender,
  engine: 'openai',
  engineVoice: voice,
  preview: PREVIEW_EN,
}));

/** ElevenLabs' premade voices, by their public voice ids. */
const ELEVENLABS_VOICES: ReadonlyArray<readonly [string, string, VoiceGender]> = [
  ['Rachel', '21m00Tcm4TlvDq8ikWAM', F],
  ['Adam', 'pNInz6obpgDQGcFmaJgB', M],
  ['Antoni', 'ErXwobaYiN019PkySvjV', M],
  ['Bella', 'EXAVITQu4vr4xnSDxMaL', F],
  ['Domi', 'AZnzlk1XvdvUeBnXmlld', F],
  ['Elli', 'MF3mGyEYCl7XYWbV9V6O', F],
  ['Josh', 'TxGEqnHWrfWFTfGW9XjX', M],
  ['Arnold', 'VR6AewLTigWG4xSOukaG', M],
  ['Sam', 'yoZ06aMxZJJ28mfd3POQ', M],
];

const elevenlabsVoices: Voice[] = ELEVENLABS_VOICES.map(([name, voiceId, gender]) => ({
  id: `elevenlabs-${slug(name)}`,
  name,
  language: 'en-US',
  languageName: 'English (multilingual)',
  gender,
  engine: 'elevenlabs',
  engineVoice: voiceId,
  preview: PREVIEW_EN,
}));

/** Festival's CMU SLT voice, a statistical (HTS) model of a US English speaker: smoother than eSpeak, still synthetic. */
const festivalVoices: Voice[] = [
  {
    id: 'en-us-festival-slt',
    name: 'Sally',
    language: 'en-US',
    languageName: 'English (US)',
    gender: F,
    engine: 'festival',
    engineVoice: 'cmu_us_slt_arctic_hts',
    preview: PREVIEW_EN,
  },
];

export const VOICES: readonly Voice[] = [...espeakVoices, ...festivalVoices, ...openaiVoices, ...elevenlabsVoices];

/** The voice every server can speak with (eSpeak NG is always there): the default where nothing better is set up. */
export const DEFAULT_VOICE_ID = 'en-us-olivia';

const byId = new Map(VOICES.map((voice) => [voice.id, voice]));

/** A voice of the static catalogue; live voices are found through the API's merged catalogue. */
export const findVoice = (id: string): Voice | undefined => byId.get(id);

/** Live voices are named "<engine>:<the provider's own voice name>", so the id alone says which provider to ask. */
export const liveVoiceId = (engine: LiveEngine, engineVoice: string): string => `${engine}:${engineVoice}`;

const LIVE_ID = /^(azure|google|elevenlabs):([A-Za-z0-9][\w.-]{0,119})$/;

export function parseLiveVoiceId(id: string): { engine: LiveEngine; engineVoice: string } | undefined {
  const match = LIVE_ID.exec(id);
  return match ? { engine: match[1] as LiveEngine, engineVoice: match[2]! } : undefined;
}

export const UNKNOWN_VOICE_MESSAGE = 'Choose a voice from the list.';

/** What the request schemas accept; whether a live voice really exists is checked by the API against the catalogue. */
export const isCatalogueVoiceId = (id: string): boolean => byId.has(id) || parseLiveVoiceId(id) !== undefined;

const primary = (tag: string) => tag.split('-')[0]!.toLowerCase();

/** The static catalogue's preview line for a language (exact tag first, then the same base language), else English. */
export function previewLineFor(tag: string): string {
  const exact = LANGUAGES.find((lang) => lang.tag.toLowerCase() === tag.toLowerCase());
  return (exact ?? LANGUAGES.find((lang) => primary(lang.tag) === primary(tag)))?.preview ?? PREVIEW_EN;
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/**
 * The picker filters by language name, so a live voice takes the static catalogue's name for its tag when there is
 * one ("English (US)"), else the provider's own, else the platform's English name for the tag.
 */
export function languageNameFor(tag: string, providerName?: string): string {
  const known = LANGUAGES.find((lang) => lang.tag.toLowerCase() === tag.toLowerCase());
  if (known) return known.name;
  if (providerName) return providerName;
  try {
    return displayNames.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

export const GENDER_LABELS: Record<VoiceGender, string> = { female: 'Female', male: 'Male', neutral: 'Neutral' };

/** Which engines the server can use besides eSpeak NG (always there): cloud ones with keys, Festival if installed. */
export type ConfiguredEngines = Partial<Record<Exclude<VoiceEngine, 'espeak'>, boolean>>;

/** A cloud engine is configured when the server has its key; Festival when the server found it installed. */
export const configuredEngines = (keys: {
  openaiApiKey?: string | undefined;
  elevenlabsApiKey?: string | undefined;
  azureSpeechKey?: string | undefined;
  /** Azure needs a region or an endpoint besides its key. */
  azureSpeechBaseUrl?: string | undefined;
  googleTtsApiKey?: string | undefined;
  festivalInstalled?: boolean | undefined;
}): ConfiguredEngines => ({
  festival: keys.festivalInstalled === true,
  openai: Boolean(keys.openaiApiKey),
  elevenlabs: Boolean(keys.elevenlabsApiKey),
  azure: Boolean(keys.azureSpeechKey && keys.azureSpeechBaseUrl),
  google: Boolean(keys.googleTtsApiKey),
});

/** `GET /voices`: the merged catalogue, the engines the server can use, and the voice forms start with. */
export interface VoiceCatalogueAnswer {
  voices: Voice[];
  configured: ConfiguredEngines;
  /** `defaultVoiceId(voices, configured)`. */
  defaultVoiceId: string;
}

/**
 * How a voice sounds, by the kind of synthesis behind it, best first. `natural`: neural voices (OpenAI, ElevenLabs,
 * Azure neural, Google WaveNet, Neural2, Studio, Chirp), close to a person reading. `standard`: Festival's HTS
 * voice, a statistical model of one real speaker's recordings: smooth, human intonation, a slightly buzzy vocoder
 * timbre. `robotic`: eSpeak NG's formant synthesis, built from rules, not recordings: clear but machine-like, its
 * pitch moving in flat steps (measured on one paragraph at the same 160 words a minute: 40 % of eSpeak's 10 ms
 * pitch steps are flat against 17 % of Festival's).
 */
export const VOICE_QUALITIES = ['natural', 'standard', 'robotic'] as const;
export type VoiceQuality = (typeof VOICE_QUALITIES)[number];

export const QUALITY_LABELS: Record<VoiceQuality, string> = {
  natural: 'Natural',
  standard: 'Standard',
  robotic: 'Robotic',
};

/** Google's older "-Standard-" voices are not neural; the live list leaves them out, the rule still names them right. */
export function voiceQuality(voice: Pick<Voice, 'engine' | 'engineVoice'>): VoiceQuality {
  if (voice.engine === 'espeak') return 'robotic';
  if (voice.engine === 'festival') return 'standard';
  if (voice.engine === 'google' && /-Standard-/i.test(voice.engineVoice)) return 'standard';
  return 'natural';
}

const isEnglish = (voice: Voice) => primary(voice.language) === 'en';

/**
 * Voices in the order pickers list them: those the server can use first, better-sounding first within that, and
 * otherwise as the catalogue lists them.
 */
export function rankVoices(voices: readonly Voice[], configured: ConfiguredEngines): Voice[] {
  const rank = (voice: Voice) =>
    (isVoiceAvailable(voice, configured) ? 0 : VOICE_QUALITIES.length) + VOICE_QUALITIES.indexOf(voiceQuality(voice));
  return voices
    .map((voice, index) => ({ voice, index, rank: rank(voice) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ voice }) => voice);
}

/**
 * The voice a new video or voice-over starts with, and the one the API reads with when a request names none: the
 * best-sounding English voice this server can use, US English first. A neural voice where a cloud key is set,
 * Festival's where it is installed, else eSpeak's Olivia.
 */
export function defaultVoiceId(voices: readonly Voice[], configured: ConfiguredEngines): string {
  const english = rankVoices(voices.filter(isEnglish), configured).filter((voice) =>
    isVoiceAvailable(voice, configured),
  );
  const best = english[0] && voiceQuality(english[0]);
  const candidates = english.filter((voice) => voiceQuality(voice) === best);
  const pick =
    candidates.find((voice) => voice.id === DEFAULT_VOICE_ID) ??
    candidates.find((voice) => voice.language === 'en-US') ??
    candidates[0];
  return pick?.id ?? DEFAULT_VOICE_ID;
}

/** Engines that run on the server itself, with no account anywhere. */
export const isOfflineEngine = (engine: VoiceEngine): boolean => engine === 'espeak' || engine === 'festival';

export const isVoiceAvailable = (voice: Voice, configured: ConfiguredEngines): boolean =>
  voice.engine === 'espeak' || configured[voice.engine] === true;

/**
 * Each engine's names: `short` where voices are picked and priced (for a cloud engine, the provider whose key
 * unlocks it), `full` on a finished recording, saying which engine read it.
 */
export const ENGINE_LABELS: Record<VoiceEngine, { short: string; full: string }> = {
  espeak: { short: 'eSpeak NG', full: 'eSpeak NG (offline)' },
  festival: { short: 'Festival HTS', full: 'Festival HTS (offline)' },
  openai: { short: 'OpenAI', full: 'OpenAI TTS' },
  elevenlabs: { short: 'ElevenLabs', full: 'ElevenLabs' },
  azure: { short: 'Azure', full: 'Azure AI Speech' },
  google: { short: 'Google', full: 'Google Cloud Text-to-Speech' },
};

/** The engine as a speech record names it. */
export const engineTag = (engine: VoiceEngine): { id: VoiceEngine; label: string } => ({
  id: engine,
  label: ENGINE_LABELS[engine].full,
});

/** Shown next to a voice the server cannot use yet. */
export const unavailableVoiceMessage = (voice: Voice): string =>
  isOfflineEngine(voice.engine)
    ? `${ENGINE_LABELS[voice.engine].short} voices need ${ENGINE_LABELS[voice.engine].short} installed on the server.`
    : `${ENGINE_LABELS[voice.engine].short} voices need an ${ENGINE_LABELS[voice.engine].short} API key on the server.`;
