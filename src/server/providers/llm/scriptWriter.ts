/**
 * The script generator's provider seam: one ScriptWriter interface, backed either by a chat model (any
 * OpenAI-compatible endpoint) or by the offline built-in writer. The UI shows `engine.label` next to every result,
 * so a built-in script is never presented as AI.
 */
import {
  BUILTIN_WRITER_LABEL,
  PLATFORM_LABELS,
  type ScriptRequest,
  type ScriptResult,
  WORDS_PER_SECOND,
} from '~/contract/scripts';
import type { LlmConfig } from '~/server/config/index.ts';
import { writeBuiltinScript } from './builtinWriter';
import { createOpenAICompatibleChat, unreadableReply } from './openaiCompatible';
import { parseScriptReply } from './parseScript';
import type { ChatMessage, ChatProvider } from './types';

export interface ScriptWriter {
  readonly engine: ScriptResult['engine'];
  write(request: ScriptRequest, signal?: AbortSignal): Promise<ScriptResult>;
}

export const builtinScriptWriter = (): ScriptWriter => {
  const engine = { kind: 'builtin', label: BUILTIN_WRITER_LABEL } as const;
  return {
    engine,
    write: async (request) => ({ ...writeBuiltinScript(request), engine }),
  };
};

const SYSTEM_PROMPT = `You are an experienced video scriptwriter. You write tight, spoken-language scripts for short and long-form video.
Reply with ONE JSON object and nothing else, using exactly these keys:
{
  "titles": [3 to 5 title options, each under 100 characters],
  "hook": "the opening line(s) that grab attention in the first 3 seconds",
  "scenes": [{ "narration": "what the voice says in this scene", "visualCue": "what is on screen: shot, b-roll, on-screen text" }],
  "cta": "the closing call to action, spoken",
  "description": "a video description for the platform, 2-4 short paragraphs",
  "hashtags": ["#Tag", "..." up to 10]
}
Rules: narration is spoken aloud, so no stage directions, emojis or markdown in it. The hook and cta are separate from the scenes.
Speech runs at about 150 words per minute.`;

export function scriptMessages(request: ScriptRequest): ChatMessage[] {
  const words = Math.round(request.targetSeconds * WORDS_PER_SECOND);
  const lines = [
    `Topic: ${request.topic}`,
    `Audience: ${request.audience || 'a general audience'}`,
    `Tone: ${request.tone}`,
    `Platform: ${PLATFORM_LABELS[request.platform]}`,
    `Target length: ${request.targetSeconds} seconds, so about ${words} spoken words in total (hook + scenes + cta).`,
    request.platform === 'shorts' ? 'Vertical video: fast cuts, one idea per scene, 5-10 seconds per scene.' : '',
    request.keyPoints.length > 0
      ? `Cover these key points, one or more scenes each, in this order:\n${request.keyPoints.map((p) => `- ${p}`).join('\n')}`
      : '',
    request.callToAction ? `Call to action to use: ${request.callToAction}` : '',
  ];
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: lines.filter(Boolean).join('\n') },
  ];
}

export function llmScriptWriter(chat: ChatProvider): ScriptWriter {
  const engine = { kind: 'llm', label: `AI · ${chat.model}` } as const;
  return {
    engine,
    async write(request, signal) {
      const reply = await chat.complete(scriptMessages(request), signal ? { json: true, signal } : { json: true });
      const fallback = writeBuiltinScript(request);
      const script = parseScriptReply(reply, request.platform, fallback);
      if (!script) throw unreadableReply(chat.model, reply);
      return { ...script, engine };
    },
  };
}

/** The configured writer: the chat model when one is configured (config.llm), the built-in writer otherwise. */
export function createScriptWriter(llm: LlmConfig | undefined): ScriptWriter {
  return llm ? llmScriptWriter(createOpenAICompatibleChat(llm)) : builtinScriptWriter();
}
