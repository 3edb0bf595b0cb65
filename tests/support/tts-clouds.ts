/**
 * Local servers speaking the documented REST protocols of Azure AI Speech, Google Cloud Text-to-Speech and
 * ElevenLabs' voice list, with voice lists of realistic size and shape (generated from locale and name tables), key
 * checks answered as each provider does, and errors or stalls on request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type CloudKind = 'azure' | 'google' | 'elevenlabs';

/** What the next request gets instead of a normal answer. */
export type Failure = 429 | 500 | 502 | 503 | 'hang';

export interface TtsCloud {
  url: string;
  /** Requests seen: method, path with query, headers, body text. */
  requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }>;
  /** The next `count` requests fail this way. */
  fail(failure: Failure, count?: number): void;
  close(): Promise<void>;
}

const AZURE_LOCALES: ReadonlyArray<readonly [string, string]> = [
  ['af-ZA', 'Afrikaans (South Africa)'],
  ['am-ET', 'Amharic (Ethiopia)'],
  ['ar-AE', 'Arabic (United Arab Emirates)'],
  ['ar-EG', 'Arabic (Egypt)'],
  ['ar-SA', 'Arabic (Saudi Arabia)'],
  ['az-AZ', 'Azerbaijani (Latin, Azerbaijan)'],
  ['bg-BG', 'Bulgarian (Bulgaria)'],
  ['bn-IN', 'Bangla (India)'],
  ['bs-BA', 'Bosnian (Bosnia and Herzegovina)'],
  ['ca-ES', 'Catalan'],
  ['cs-CZ', 'Czech (Czechia)'],
  ['cy-GB', 'Welsh (United Kingdom)'],
  ['da-DK', 'Danish (Denmark)'],
  ['de-AT', 'German (Austria)'],
  ['de-CH', 'German (Switzerland)'],
  ['de-DE', 'German (Germany)'],
  ['el-GR', 'Greek (Greece)'],
  ['en-AU', 'English (Australia)'],
  ['en-CA', 'English (Canada)'],
  ['en-GB', 'English (United Kingdom)'],
  ['en-IE', 'English (Ireland)'],
  ['en-IN', 'English (India)'],
  ['en-NZ', 'English (New Zealand)'],
  ['en-US', 'English (United States)'],
  ['en-ZA', 'English (South Africa)'],
  ['es-AR', 'Spanish (Argentina)'],
  ['es-CO', 'Spanish (Colombia)'],
  ['es-ES', 'Spanish (Spain)'],
  ['es-MX', 'Spanish (Mexico)'],
  ['es-US', 'Spanish (United States)'],
  ['et-EE', 'Estonian (Estonia)'],
  ['eu-ES', 'Basque'],
  ['fa-IR', 'Persian (Iran)'],
  ['fi-FI', 'Finnish (Finland)'],
  ['fil-PH', 'Filipino (Philippines)'],
  ['fr-BE', 'French (Belgium)'],
  ['fr-CA', 'French (Canada)'],
  ['fr-CH', 'French (Switzerland)'],
  ['fr-FR', 'French (France)'],
  ['ga-IE', 'Irish (Ireland)'],
  ['gl-ES', 'Galician'],
  ['gu-IN', 'Gujarati (India)'],
  ['he-IL', 'Hebrew (Israel)'],
  ['hi-IN', 'Hindi (India)'],
  ['hr-HR', 'Croatian (Croatia)'],
  ['hu-HU', 'Hungarian (Hungary)'],
  ['hy-AM', 'Armenian (Armenia)'],
  ['id-ID', 'Indonesian (Indonesia)'],
  ['is-IS', 'Icelandic (Iceland)'],
  ['it-IT', 'Italian (Italy)'],
  ['ja-JP', 'Japanese (Japan)'],
  ['jv-ID', 'Javanese (Latin, Indonesia)'],
  ['ka-GE', 'Georgian (Georgia)'],
  ['kk-KZ', 'Kazakh (Kazakhstan)'],
  ['km-KH', 'Khmer (Cambodia)'],
  ['kn-IN', 'Kannada (India)'],
  ['ko-KR', 'Korean (Korea)'],
  ['lo-LA', 'Lao (Laos)'],
  ['lt-LT', 'Lithuanian (Lithuania)'],
  ['lv-LV', 'Latvian (Latvia)'],
  ['mk-MK', 'Macedonian (North Macedonia)'],
  ['ml-IN', 'Malayalam (India)'],
  ['mn-MN', 'Mongolian (Mongolia)'],
  ['mr-IN', 'Marathi (India)'],
  ['ms-MY', 'Malay (Malaysia)'],
  ['mt-MT', 'Maltese (Malta)'],
  ['my-MM', 'Burmese (Myanmar)'],
  ['nb-NO', 'Norwegian Bokmål (Norway)'],
  ['ne-NP', 'Nepali (Nepal)'],
  ['nl-BE', 'Dutch (Belgium)'],
  ['nl-NL', 'Dutch (Netherlands)'],
  ['pl-PL', 'Polish (Poland)'],
  ['ps-AF', 'Pashto (Afghanistan)'],
  ['pt-BR', 'Portuguese (Brazil)'],
  ['pt-PT', 'Portuguese (Portugal)'],
  ['ro-RO', 'Romanian (Romania)'],
  ['ru-RU', 'Russian (Russia)'],
  ['si-LK', 'Sinhala (Sri Lanka)'],
  ['sk-SK', 'Slovak (Slovakia)'],
  ['sl-SI', 'Slovenian (Slovenia)'],
];
const FIRST_NAMES: ReadonlyArray<readonly [string, 'Female' | 'Male']> = [
  ['Ava', 'Female'],
  ['Andrew', 'Male'],
  ['Emma', 'Female'],
  ['Brian', 'Male'],
  ['Jenny', 'Female'],
  ['Guy', 'Male'],
];
const AZURE_STYLES = ['assistant', 'chat', 'customerservice', 'newscast', 'cheerful', 'sad', 'excited', 'friendly'];

/** 480 neural voices in 80 locales, six each, shaped like the documented `voices/list` answer. */
export function azureVoiceList() {
  return AZURE_LOCALES.flatMap(([locale, localeName], l) =>
    FIRST_NAMES.map(([first, gender], n) => {
      const name = `${first}${l}`;
      return {
        Name: `Microsoft Server Speech Text to Speech Voice (${locale}, ${name}Neural)`,
        DisplayName: name,
        LocalName: name,
        ShortName: `${locale}-${name}Neural`,
        Gender: gender,
        Locale: locale,
        LocaleName: localeName,
        ...(n < 2 ? { StyleList: AZURE_STYLES.slice(n * 2, n * 2 + 4) } : {}),
        SampleRateHertz: '24000',
        VoiceType: 'Neural',
        Status: 'GA',
        WordsPerMinute: String(140 + n * 5),
      };
    }),
  );
}

const GOOGLE_LANGUAGES = [
  'ar-XA',
  'bn-IN',
  'cmn-CN',
  'cs-CZ',
  'da-DK',
  'de-DE',
  'el-GR',
  'en-AU',
  'en-GB',
  'en-IN',
  'en-US',
  'es-ES',
  'es-US',
  'fi-FI',
  'fil-PH',
  'fr-CA',
  'fr-FR',
  'gu-IN',
  'hi-IN',
  'hu-HU',
  'id-ID',
  'it-IT',
  'ja-JP',
  'kn-IN',
  'ko-KR',
  'ml-IN',
  'nb-NO',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sk-SK',
  'sv-SE',
  'ta-IN',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'vi-VN',
];
const GOOGLE_KINDS: ReadonlyArray<readonly [string, string]> = [
  ['Wavenet-A', 'FEMALE'],
  ['Wavenet-B', 'MALE'],
  ['Neural2-C', 'FEMALE'],
  ['Standard-A', 'FEMALE'],
];

/** 160 voices in 40 languages, 120 of them neural, shaped like the documented `voices.list` answer. */
export function googleVoiceList() {
  return {
    voices: GOOGLE_LANGUAGES.flatMap((code) =>
      GOOGLE_KINDS.map(([kind, ssmlGender]) => ({
        languageCodes: [code],
        name: `${code}-${kind}`,
        ssmlGender,
        naturalSampleRateHertz: kind.startsWith('Standard') ? 22050 : 24000,
      })),
    ),
  };
}

/** ElevenLabs' premade voices the static catalogue already lists (the live list repeats them). */
const PREMADE_IDS = ['21m00Tcm4TlvDq8ikWAM', 'pNInz6obpgDQGcFmaJgB', 'ErXwobaYiN019PkySvjV'];

/** 85 voices: three premade ones the static catalogue knows, 72 more premade and ten of the account's clones. */
export function elevenLabsVoiceList() {
  const made = (i: number, category: string) => ({
    voice_id: `Voice${String(i).padStart(3, '0')}abcdefghijklm`.slice(0, 20),
    name: category === 'cloned' ? `My clone ${i}` : `Speaker ${i}`,
    category,
    labels: {
      accent: 'american',
      description: 'warm',
      age: 'middle_aged',
      gender: i % 2 ? 'male' : 'female',
      use_case: 'narration',
    },
    description: null,
    preview_url: `https://storage.example/voices/${i}.mp3`,
    available_for_tiers: [],
    settings: null,
    verified_languages:
      i % 5 === 0
        ? [
            {
              language: 'de',
              model_id: 'eleven_multilingual_v2',
              accent: 'standard',
              locale: 'de-DE',
              preview_url: null,
            },
          ]
        : [],
  });
  return {
    voices: [
      ...PREMADE_IDS.map((voice_id, i) => ({ ...made(900 + i, 'premade'), voice_id })),
      ...Array.from({ length: 72 }, (_, i) => made(i, 'premade')),
      ...Array.from({ length: 10 }, (_, i) => made(100 + i, 'cloned')),
    ],
  };
}

/** Half a second of a tone per ten characters, 24 kHz 16-bit mono: enough audio for the adapters to measure. */
function speech(text: string): Buffer {
  const pcm = new Int16Array(Math.max(1, Math.ceil(text.length / 10)) * 12_000);
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.round(Math.sin((i * 2 * Math.PI * 220) / 24_000) * 9000 * (i % 12_000 < 9000 ? 1 : 0));
  return Buffer.from(pcm.buffer);
}

function wav(pcm: Buffer, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

const text = (xml: string) =>
  xml
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

type Answer = { status: number; type?: string; body: string | Buffer };
const json = (status: number, body: unknown): Answer => ({
  status,
  type: 'application/json',
  body: JSON.stringify(body),
});

/** Each provider's documented answers; `null` = path not served. */
function answer(kind: CloudKind, key: string, req: http.IncomingMessage, url: URL, body: string): Answer | null {
  if (kind === 'azure') {
    if (req.headers['ocp-apim-subscription-key'] !== key) {
      return json(401, {
        error: {
          code: '401',
          message:
            'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
        },
      });
    }
    if (req.method === 'GET' && url.pathname === '/cognitiveservices/voices/list') return json(200, azureVoiceList());
    if (req.method === 'POST' && url.pathname === '/cognitiveservices/v1') {
      if (req.headers['content-type'] !== 'application/ssml+xml') return { status: 415, body: '' };
      if (req.headers['x-microsoft-outputformat'] !== 'raw-24khz-16bit-mono-pcm')
        return { status: 400, body: 'Unsupported output format' };
      const voice = /<voice[^>]* name='([^']+)'/.exec(body)?.[1];
      if (!voice || !azureVoiceList().some((v) => v.ShortName === voice))
        return { status: 400, body: `Unsupported voice ${voice ?? ''}.` };
      return { status: 200, type: 'audio/x-wav', body: speech(text(body)) };
    }
    return null;
  }
  if (kind === 'google') {
    if (url.searchParams.get('key') !== key) {
      return json(400, {
        error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' },
      });
    }
    if (req.method === 'GET' && url.pathname === '/v1/voices') return json(200, googleVoiceList());
    if (req.method === 'POST' && url.pathname === '/v1/text:synthesize') {
      const request = JSON.parse(body) as {
        input?: { text?: string };
        voice?: { name?: string; languageCode?: string };
        audioConfig?: { audioEncoding?: string; sampleRateHertz?: number };
      };
      if (
        !googleVoiceList().voices.some(
          (v) => v.name === request.voice?.name && v.languageCodes.includes(request.voice.languageCode ?? ''),
        )
      ) {
        return json(400, {
          error: {
            code: 400,
            message: `Voice '${request.voice?.name ?? ''}' does not exist.`,
            status: 'INVALID_ARGUMENT',
          },
        });
      }
      if (request.audioConfig?.audioEncoding !== 'LINEAR16')
        return json(400, { error: { code: 400, message: 'Unsupported audio encoding.', status: 'INVALID_ARGUMENT' } });
      return json(200, {
        audioContent: wav(speech(request.input?.text ?? ''), request.audioConfig.sampleRateHertz ?? 24_000).toString(
          'base64',
        ),
      });
    }
    return null;
  }
  if (req.headers['xi-api-key'] !== key)
    return json(401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
  if (req.method === 'GET' && url.pathname === '/v1/voices') return json(200, elevenLabsVoiceList());
  return null;
}

const FAILURE_BODIES: Record<CloudKind, (status: number) => unknown> = {
  azure: (status) =>
    status === 429
      ? { error: { code: '429', message: 'Too many requests. Please try again later.' } }
      : { error: { code: String(status), message: 'Service unavailable' } },
  google: (status) => ({
    error: {
      code: status,
      message: status === 429 ? 'Quota exceeded for quota metric.' : 'Internal error encountered.',
      status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL',
    },
  }),
  elevenlabs: (status) => ({
    detail: {
      status: status === 429 ? 'too_many_concurrent_requests' : 'internal_error',
      message: 'Please try again.',
    },
  }),
};

export async function startTtsCloud(kind: CloudKind, options: { key: string; port?: number }): Promise<TtsCloud> {
  const requests: TtsCloud['requests'] = [];
  const failures: Failure[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const failure = failures.shift();
      if (failure === 'hang') return;
      if (failure !== undefined) {
        res.writeHead(failure, { 'content-type': 'application/json' });
        res.end(JSON.stringify(FAILURE_BODIES[kind](failure)));
        return;
      }
      const reply = answer(kind, options.key, req, new URL(req.url ?? '/', 'http://local'), body);
      if (!reply) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(reply.status, reply.type ? { 'content-type': reply.type } : {});
      res.end(reply.body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail(failure, count = 1) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
