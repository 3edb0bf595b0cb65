/**
 * The image studio's engines: the offline abstract artwork always, OpenAI images when OPENAI_API_KEY is set, FLUX
 * on fal.ai when FAL_KEY is set. Labels are what the gallery shows under each image.
 */
import {
  type ImageEngineChoice,
  type ImageEngineId,
  type ImageEngineInfo,
  resolveImageEngine,
} from '~/contract/images.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import { createDesignedImageProvider } from '~/server/providers/images/designed-provider.ts';
import { createOpenAiImageProvider } from '~/server/providers/images/openai.ts';
import type { ImageProvider } from '~/server/providers/images/types.ts';
import { createFalFluxProvider } from './fal.ts';

export interface ImageEngineSettings {
  openai: { apiKey: string; baseUrl: string; model: string } | undefined;
  fal: { apiKey: string; baseUrl: string; model: string } | undefined;
}

/** An engine is there when its key is configured. */
export function imageEngineSettings({ providers }: Pick<ServerConfig, 'providers'>): ImageEngineSettings {
  const { openaiApiKey, falApiKey } = providers;
  return {
    openai: openaiApiKey
      ? { apiKey: openaiApiKey, baseUrl: providers.openaiBaseUrl, model: providers.openaiImageModel }
      : undefined,
    fal: falApiKey ? { apiKey: falApiKey, baseUrl: providers.falBaseUrl, model: providers.falModel } : undefined,
  };
}

export const OFFLINE_ARTWORK_LABEL = 'Abstract artwork (offline, not AI)';

export function engineLabel(id: ImageEngineId, settings: ImageEngineSettings): string {
  if (id === 'openai') return `OpenAI · ${settings.openai?.model ?? 'gpt-image-1'}`;
  if (id === 'fal') return `FLUX · ${(settings.fal?.model ?? 'fal-ai/flux/dev').replace(/^fal-ai\//, '')} (fal.ai)`;
  return OFFLINE_ARTWORK_LABEL;
}

export function listImageEngines(settings: ImageEngineSettings): ImageEngineInfo[] {
  return (['fal', 'openai', 'offline'] as const).map((id) => ({
    id,
    label: engineLabel(id, settings),
    available: id === 'offline' || settings[id] !== undefined,
  }));
}

/** The engine a request runs on; undefined when the user picked one the server has no key for. */
export function resolveEngine(choice: ImageEngineChoice, settings: ImageEngineSettings): ImageEngineId | undefined {
  return resolveImageEngine(choice, (id) => id === 'offline' || settings[id] !== undefined);
}

export function createImageProvider(
  id: ImageEngineId,
  settings: ImageEngineSettings,
): ImageProvider & { close?: () => Promise<void> } {
  if (id === 'fal' && settings.fal) return createFalFluxProvider(settings.fal);
  if (id === 'openai' && settings.openai) return createOpenAiImageProvider(settings.openai);
  return createDesignedImageProvider();
}
