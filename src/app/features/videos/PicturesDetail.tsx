/**
 * The video page's "Visuals" detail: what the finished video's scenes used ("Illustrations (5 scenes), designed
 * background (1)"), or, before that, what they will get on this server by the visual order and the sources it has.
 * Never the order alone, which names sources (stock, AI) a server without their keys cannot use.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { picturePlan, picturesSummary } from '~/contract/picture-choices';
import { VISUAL_ORDER_LABELS, type VideoRecord } from '~/contract/video';
import { $pictureSources, loadPictureSources } from './picture-sources';

type Said = { text: string; note: string };

function said(
  video: Pick<VideoRecord, 'status' | 'visuals' | 'visualOrder' | 'imageCount' | 'pictures' | 'storyboardId'>,
  available: { stock: boolean; ai: boolean } | null,
): Said {
  const used = picturesSummary(video.pictures);
  if (used) return { text: used, note: 'What its scenes used' };
  if (video.visuals === 'uploaded') return { text: `Your images (${video.imageCount})`, note: 'As you uploaded them' };
  if (video.status === 'succeeded')
    return {
      text: VISUAL_ORDER_LABELS[video.visualOrder],
      note: 'The order asked for; what each scene used was not kept',
    };
  if (!available) return { text: VISUAL_ORDER_LABELS[video.visualOrder], note: 'The order asked for' };
  return {
    text: picturePlan(video.visualOrder, available),
    note: video.storyboardId ? 'Planned on this server for “Chosen for you” scenes' : 'Planned on this server',
  };
}

export function PicturesDetail({ video }: { video: VideoRecord }) {
  const sources = useStore($pictureSources);
  useEffect(() => void loadPictureSources(), []);
  const { text, note } = said(video, sources ? { stock: sources.stock.available, ai: sources.ai.available } : null);
  return (
    <>
      <span data-testid="video-visuals">{text}</span>
      <span className="block text-xs text-fg-muted">{note}</span>
    </>
  );
}
