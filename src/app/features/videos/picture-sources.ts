/**
 * Which picture sources this server has besides the offline ones (GET /videos/picture-sources): a stock library, an
 * image model. The visual-order setting of the create form and of the storyboard says what a missing one means.
 * Read once per page; until it answers, or when it fails, nothing is claimed either way.
 */
import { atom } from 'nanostores';
import { type AvailablePictureSources, availablePictureSourcesSchema } from '~/contract/video';
import { api } from '~/lib/api/client';

export const $pictureSources = atom<AvailablePictureSources | null>(null);

let loading: Promise<void> | undefined;

export function loadPictureSources(): Promise<void> {
  loading ??= api
    .get<AvailablePictureSources>('/videos/picture-sources', {
      parse: (data) => availablePictureSourcesSchema.parse(data),
    })
    .then((answer) => $pictureSources.set(answer))
    .catch((error: unknown) => {
      loading = undefined;
      console.error('Could not load the picture sources', error);
    });
  return loading;
}
