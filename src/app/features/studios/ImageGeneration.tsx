import { type SubmitEvent, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useConfirm } from '~/app/components/confirm';
import { type History, useHistory } from '~/app/components/history';
import { ScreenHeader } from '~/app/components/Screen';
import { type ImageEngineInfo, type ImagePage, type ImageRecord, imageRequestSchema } from '~/contract/images';
import { api } from '~/lib/api/client';
import { usePolling } from '~/lib/polling';
import { refreshAccount } from '~/stores/account';
import { ImageHistory } from './ImageHistory';
import { EMPTY_IMAGE_FORM, type ImageFormState, NewImagesForm } from './NewImagesForm';
import { useEngineAnswer } from './price';
import { useStudioSubmit } from './submit';

const POLL_MS = 1500;

const isFinished = (r: ImageRecord) => r.status === 'succeeded' || r.status === 'failed';

/** Follows the images still being made until they finish: their cards, the balance, a toast for what failed. */
function useImagesInProgress(history: History<ImageRecord>) {
  const pending = useMemo(() => history.items.filter((r) => !isFinished(r)).map((r) => r.id), [history.items]);
  usePolling(
    pending.length > 0 ? pending.join(',') : null,
    async (signal) => {
      const page = await api.get<ImagePage>(`/images?ids=${pending.join(',')}`, { signal });
      history.replace(page.items);
      if (page.items.some((r) => r.status === 'succeeded')) void refreshAccount();
      const failed = page.items.find((r) => r.status === 'failed');
      const made = page.items.filter((r) => r.status === 'succeeded').length;
      const reason = failed?.error ?? 'The image could not be made.';
      if (failed) toast.error(made > 0 ? `${made} of ${page.items.length} images were made. ${reason}` : reason);
    },
    { intervalMs: POLL_MS, immediate: false },
  );
}

export default function ImageGeneration() {
  const [form, setForm] = useState<ImageFormState>(EMPTY_IMAGE_FORM);
  const engineList = useEngineAnswer<{ engines: ImageEngineInfo[] }>('/images/engines');
  const engines = engineList.answer?.engines ?? [];
  const history = useHistory<ImageRecord>('/images', 12);
  const {
    errors,
    setErrors,
    busy,
    submit: send,
  } = useStudioSubmit<ImagePage>('/images', (page) => history.prepend(page.items));
  const confirm = useConfirm();
  const set = <K extends keyof ImageFormState>(key: K, value: ImageFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  useImagesInProgress(history);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    await send(imageRequestSchema, { ...form, seed: form.seed.trim() === '' ? undefined : form.seed });
  }

  function reuse(image: ImageRecord) {
    setForm({
      prompt: image.prompt,
      negativePrompt: image.negativePrompt,
      aspect: image.aspect,
      style: image.style,
      count: 1,
      seed: image.seed === null ? '' : String(image.seed),
      // An engine this server no longer has would leave nothing to price or run: the best available one runs instead.
      engine: engines.find((e) => e.id === image.engine.id && e.available)?.id ?? 'auto',
    });
    setErrors({});
    window.scrollTo({ top: 0, behavior: 'smooth' });
    toast.success('Settings loaded into the form.');
  }

  const remove = (image: ImageRecord) =>
    confirm.askDelete({
      title: 'Delete this image?',
      body: 'The image and its file are removed for good.',
      path: `/images/${image.id}`,
      deleted: 'Image deleted.',
      onDeleted: () => history.remove(image.id),
    });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <ScreenHeader
        icon="image"
        title="Image generator"
        description="Describe an image and get original artwork in the shape and style you need."
      />
      <NewImagesForm
        form={form}
        set={set}
        errors={errors}
        engines={engineList.answer?.engines}
        enginesFailed={engineList.failed}
        busy={busy}
        onSubmit={submit}
      />
      <ImageHistory history={history} onReuse={reuse} onDelete={remove} />
      {confirm.dialog}
    </div>
  );
}
