/** The brand kit's requests (GET/PUT /brand-kit, the logo upload and removal), each answered with the whole kit. */
import { type BrandKit, type BrandKitSettings, brandKitSchema } from '~/contract/brand';
import { api } from '~/lib/api/client';

const parse = (data: unknown): BrandKit => brandKitSchema.parse(data);

export const loadBrandKit = (): Promise<BrandKit> => api.get('/brand-kit', { parse });
export const saveBrandKit = (settings: BrandKitSettings): Promise<BrandKit> =>
  api.put('/brand-kit', settings, { parse });
export const removeBrandLogo = (): Promise<BrandKit> => api.delete('/brand-kit/logo', { parse });

export function uploadBrandLogo(file: File): Promise<BrandKit> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post('/brand-kit/logo', body, { parse });
}
