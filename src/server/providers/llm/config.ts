/**
 * Which chat model writes scripts. Nothing set → the built-in writer. LLM_BASE_URL alone is enough for keyless
 * local servers (Ollama: http://127.0.0.1:11434/v1, LM Studio: http://127.0.0.1:1234/v1, vLLM: http://host:8000/v1);
 * LLM_API_KEY alone means OpenAI itself.
 */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
/** The browser gives up on a request after 30 s; the writer has to answer (or fail cleanly) before that. */
const DEFAULT_TIMEOUT_MS = 25_000;

export function loadLlmConfig(env: Record<string, string | undefined> = process.env): LlmConfig | undefined {
  const get = (name: string) => env[name]?.trim() || undefined;
  const baseUrl = get('LLM_BASE_URL');
  const apiKey = get('LLM_API_KEY');
  if (!baseUrl && !apiKey) return undefined;
  const model = get('LLM_MODEL') ?? (baseUrl ? undefined : DEFAULT_OPENAI_MODEL);
  if (!model) throw new Error('LLM_MODEL is required when LLM_BASE_URL points at a non-OpenAI server');
  const rawTimeout = get('LLM_TIMEOUT_MS');
  const timeoutMs = rawTimeout === undefined ? DEFAULT_TIMEOUT_MS : Number(rawTimeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new Error(`LLM_TIMEOUT_MS must be a positive integer, got "${rawTimeout}"`);
  return { baseUrl: (baseUrl ?? OPENAI_BASE_URL).replace(/\/+$/, ''), apiKey, model, timeoutMs };
}
