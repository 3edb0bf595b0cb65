/**
 * Chat completions over the OpenAI wire protocol (`POST {baseUrl}/chat/completions`). The same request works for
 * OpenAI, OpenRouter, Ollama (/v1), vLLM and LM Studio; the differences we meet are handled here: some servers
 * reject `response_format`, some return content as parts, reasoning models prepend <think> blocks. Transport,
 * deadlines and HTTP error messages are the shared ones of providers/http.ts.
 */
import type { LlmConfig } from '~/server/config/index.ts';
import { ProviderError, postJson, readBody } from '../http.ts';
import type { ChatMessage, ChatOptions, ChatProvider } from './types';

/** A 400 that names response_format means the server does not do JSON mode; worth repeating without it. */
const rejectsJsonMode = (error: unknown): boolean =>
  error instanceof ProviderError &&
  error.status === 400 &&
  /response_format|json_object|json mode/i.test(error.detail ?? '');

type ContentPart = { type?: string; text?: string };

/** `content` is a string on most servers, a list of parts on a few; reasoning models add <think> blocks. */
export function messageText(payload: unknown): string {
  const choice = (payload as { choices?: Array<{ message?: { content?: unknown }; text?: unknown }> })?.choices?.[0];
  const content = choice?.message?.content ?? choice?.text;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? (content as ContentPart[]).map((p) => (typeof p?.text === 'string' ? p.text : '')).join('')
        : '';
  return text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
}

/** The model names itself in error messages ("gpt-4o-mini is busy right now"), as the UI labels its scripts. */
export const unreadableReply = (model: string, detail: string): ProviderError =>
  new ProviderError('bad_output', `${model} sent back an answer we could not read. Please try again.`, {
    detail: detail.slice(0, 500),
  });

export function createOpenAICompatibleChat(config: LlmConfig): ChatProvider {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
  };
  const send = (messages: ChatMessage[], json: boolean, signal: AbortSignal | undefined) =>
    postJson(url, {
      service: config.model,
      headers,
      body: {
        model: config.model,
        messages,
        stream: false,
        ...(json ? { response_format: { type: 'json_object' } } : {}),
      },
      timeoutMs: config.timeoutMs,
      signal,
    });

  return {
    id: 'openai-compatible',
    model: config.model,
    async complete(messages: ChatMessage[], options: ChatOptions = {}): Promise<string> {
      const json = options.json ?? false;
      const response = await send(messages, json, options.signal).catch((error: unknown) => {
        if (json && rejectsJsonMode(error)) return send(messages, false, options.signal);
        throw error;
      });
      const raw = await readBody(config.model, () => response.text(), options.signal);
      let payload: unknown;
      try {
        payload = JSON.parse(raw);
      } catch {
        throw unreadableReply(config.model, raw);
      }
      const text = messageText(payload);
      if (!text) throw unreadableReply(config.model, 'empty message content');
      return text;
    },
  };
}
