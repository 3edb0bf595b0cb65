/**
 * Which picture sources this server has besides the offline ones (illustrations, designed backgrounds): what the
 * storyboard says each scene will show, and what the visual-order setting warns about
 * (GET /videos/picture-sources). Read from the configuration once.
 */
import type { AvailablePictureSources } from '~/contract/video.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import { imageEngineSettings, resolveEngine } from '~/server/providers/images/engines.ts';

export function pictureSourceAvailability(config: Pick<ServerConfig, 'providers'>): AvailablePictureSources {
  const { pexelsApiKey, pixabayApiKey } = config.providers;
  const providers = [...(pexelsApiKey ? ['pexels'] : []), ...(pixabayApiKey ? ['pixabay'] : [])];
  const engine = resolveEngine('auto', imageEngineSettings(config));
  const ai = engine && engine !== 'offline' ? engine : null;
  return { stock: { available: providers.length > 0, providers }, ai: { available: ai !== null, engine: ai } };
}
