/** The video actions both agent pages offer; each reports its outcome as a toast and refreshes the balance. */
import { toast } from 'sonner';
import { handleStudioError } from '~/app/components/request-errors';
import { type VideoRecord, videoRecordSchema } from '~/contract/video';
import { api } from '~/lib/api/client';
import { refreshAccount } from '~/stores/account';

const path = (id: string, action = '') => `/videos/${encodeURIComponent(id)}${action}`;
const parse = (data: unknown) => videoRecordSchema.parse(data);

/** The request's answer, or null when it did not happen (the reason was shown). The balance is refreshed either way. */
async function act<T>(request: () => Promise<T>, done: string): Promise<T | null> {
  try {
    const result = await request();
    toast.success(done);
    return result;
  } catch (error) {
    handleStudioError(error);
    return null;
  } finally {
    void refreshAccount();
  }
}

export const retryVideo = (id: string): Promise<VideoRecord | null> =>
  act(() => api.post<VideoRecord>(path(id, '/retry'), undefined, { parse }), 'Making your video again.');

export const cancelVideo = (id: string): Promise<VideoRecord | null> =>
  act(
    () => api.post<VideoRecord>(path(id, '/cancel'), undefined, { parse }),
    'Video cancelled. Its credits are back in your balance.',
  );

export const deleteVideo = async (id: string): Promise<boolean> =>
  (await act(() => api.delete(path(id)).then(() => true), 'Video deleted.')) ?? false;

/** A draft is its storyboard; videos already rendered from it stay. */
export const deleteStoryboard = async (id: string): Promise<boolean> =>
  (await act(() => api.delete(`/storyboards/${encodeURIComponent(id)}`).then(() => true), 'Draft deleted.')) ?? false;

/** "my-video-title-1a2b3c4d" for downloaded file names. */
export const fileStem = (video: Pick<VideoRecord, 'id' | 'title'>): string =>
  `${
    video.title
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'nxn-video'
  }-${video.id.slice(0, 8)}`;
