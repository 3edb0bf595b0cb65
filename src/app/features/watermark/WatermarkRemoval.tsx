import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirm } from '~/app/components/confirm';
import { useHistory } from '~/app/components/history';
import { ScreenHeader } from '~/app/components/Screen';
import type { WatermarkRecord } from '~/contract/watermark';
import { api } from '~/lib/api/client';
import { RemovalEditor } from './RemovalEditor';
import { whileLive } from './requests';
import { UploadCard } from './UploadCard';
import { VideoHistory } from './VideoHistory';

/** Watermark removal studio: upload a video you own, adjust the found marks, preview, render, download. */
export default function WatermarkRemoval() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const history = useHistory<WatermarkRecord>('/watermark-removal');
  const [open, setOpen] = useState<WatermarkRecord | null>(null);
  const { askDelete, dialog } = useConfirm();

  useEffect(() => {
    if (!openId) {
      setOpen(null);
      return;
    }
    return whileLive(api.get<WatermarkRecord>(`/watermark-removal/${openId}`), setOpen);
  }, [openId]);

  const select = useCallback((id: string) => setParams({ id }), [setParams]);
  const onUploaded = useCallback(
    (id: string) => {
      select(id);
      void history.reload();
    },
    [select, history.reload],
  );
  const remove = (item: WatermarkRecord) =>
    askDelete({
      title: `Delete ${item.name}?`,
      body: 'The uploaded video and its clean copy are deleted for good.',
      path: `/watermark-removal/${item.id}`,
      deleted: 'Video deleted',
      onDeleted: () => {
        history.remove(item.id);
        if (openId === item.id) setParams({});
      },
    });

  return (
    <div className="grid gap-8">
      <ScreenHeader
        icon="wand"
        title="Watermark removal"
        description="Take logos, channel bugs and text marks out of your own videos: we find them, you check the boxes, we render a clean copy."
      />
      <UploadCard onUploaded={onUploaded} />
      {open ? <RemovalEditor key={open.id} initial={open} onChanged={(r) => history.replace([r])} /> : null}
      <VideoHistory history={history} onOpen={select} onDelete={remove} />
      {dialog}
    </div>
  );
}
