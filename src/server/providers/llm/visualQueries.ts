/**
 * A stock-search query per scene. With a chat model configured it reads the whole script at once (so "it" in
 * scene 3 can become "the espresso machine"); without one, or when its answer is unusable, every scene gets the
 * built-in keywords (media/keywords.ts), so a video never waits on or fails because of the model.
 */
import type { LlmConfig } from '~/server/config/index.ts';
import { sceneQuery } from '~/server/media/keywords.ts';
import { createOpenAICompatibleChat } from './openaiCompatible';
import type { ChatMessage, ChatProvider } from './types';

export type SceneQueryWriter = (scenes: readonly string[], signal?: AbortSignal) => Promise<string[]>;

const SYSTEM_PROMPT = `You pick stock photos for the scenes of a narrated video.
For each scene, write a search query of 2 to 5 plain English words naming what the picture should show: concrete things, places, people or actions that a stock photo library would have. No brand names, no abstract words, no punctuation.
Reply with ONE JSON object and nothing else: {"queries": ["query for scene 1", "query for scene 2", ...]} with exactly one query per scene, in order.`;

export function sceneQueryMessages(scenes: readonly string[]): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: scenes.map((scene, i) => `Scene ${i + 1}: ${scene}`).join('\n\n') },
  ];
}

const MAX_QUERY_CHARS = 80;

/** The model's queries, or undefined when the reply is not one usable query per scene. */
export function parseSceneQueries(reply: string, count: number): string[] | undefined {
  const json = reply.slice(reply.indexOf('{'), reply.lastIndexOf('}') + 1);
  try {
    const queries = (JSON.parse(json) as { queries?: unknown }).queries;
    if (!Array.isArray(queries) || queries.length !== count) return undefined;
    const cleaned = queries.map((q) =>
      typeof q === 'string'
        ? q
            .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, MAX_QUERY_CHARS)
        : '',
    );
    return cleaned.every(Boolean) ? cleaned : undefined;
  } catch {
    return undefined;
  }
}

export const keywordSceneQueries: SceneQueryWriter = async (scenes) =>
  scenes.map((scene) => sceneQuery(scene, scenes.join(' ')));

export function chatSceneQueries(chat: ChatProvider, onFallback?: (reason: string) => void): SceneQueryWriter {
  return async (scenes, signal) => {
    try {
      const reply = await chat.complete(sceneQueryMessages(scenes), signal ? { json: true, signal } : { json: true });
      const queries = parseSceneQueries(reply, scenes.length);
      if (queries) return queries;
      onFallback?.(`${chat.model} sent no usable scene queries`);
    } catch (error) {
      signal?.throwIfAborted();
      onFallback?.(`${chat.model}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return keywordSceneQueries(scenes);
  };
}

export const createSceneQueryWriter = (
  llm: LlmConfig | undefined,
  onFallback?: (reason: string) => void,
): SceneQueryWriter => (llm ? chatSceneQueries(createOpenAICompatibleChat(llm), onFallback) : keywordSceneQueries);
