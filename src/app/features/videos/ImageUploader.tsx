/**
 * The user's own images and clips for the video's scenes: pick or drop files, each checked here with the server's
 * limits and then uploaded (POST /videos/uploads, one at a time so a phone connection is not split many ways).
 * Scenes use them in this order, repeating when there are more scenes than files.
 */
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import {
  type UploadedImage,
  uploadedImageSchema,
  VIDEO_LIMITS,
  VIDEO_UPLOAD,
  VIDEO_UPLOAD_ACCEPT,
} from '~/contract/video';
import { ApiError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { isClipFile, uploadProblem } from '~/lib/upload-problem';
import { formatBytes, move } from './model';

interface Pending {
  key: string;
  name: string;
  preview: string;
  clip: boolean;
}

/** A clip shows its first picture, like an image's thumbnail. */
function Preview({ url, clip, alt, className }: { url: string; clip: boolean; alt: string; className: string }) {
  return clip ? (
    <video src={url} muted playsInline preload="metadata" aria-label={alt} className={className} />
  ) : (
    <img src={url} alt={alt} className={className} loading="lazy" />
  );
}

/** An uploaded file in its scene place, with the buttons that move it or take it out. */
function UploadedTile({
  image,
  index,
  last,
  onMove,
  onRemove,
}: {
  image: UploadedImage;
  index: number;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <li
      className="group relative overflow-hidden rounded-xl border border-white/10 bg-ink-900"
      data-testid="uploaded-image"
    >
      <Preview
        url={image.url}
        clip={image.kind === 'video'}
        alt={`${image.kind === 'video' ? 'Clip' : 'Image'} ${index + 1}${image.name ? `: ${image.name}` : ''}`}
        className="aspect-video w-full object-cover"
      />
      <span className="absolute left-2 top-2 grid size-6 place-items-center rounded-full bg-ink-950/80 text-xs font-semibold text-fg">
        {index + 1}
      </span>
      <div className="flex items-center justify-between gap-1 border-t border-white/10 px-1.5 py-1">
        <button
          type="button"
          className="btn btn-ghost btn-sm !min-h-8 !px-2"
          aria-label={`Move image ${index + 1} earlier`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <Icon name="chevronLeft" className="size-4" />
        </button>
        <span className="truncate text-[0.6875rem] text-fg-subtle" title={image.name ?? undefined}>
          {image.durationSec !== null ? `${image.durationSec.toFixed(1)} s · ` : ''}
          {image.width}×{image.height}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm !min-h-8 !px-2"
          aria-label={`Move image ${index + 1} later`}
          disabled={last}
          onClick={() => onMove(1)}
        >
          <Icon name="chevronRight" className="size-4" />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm !min-h-8 !px-2 text-danger"
          aria-label={`Remove image ${index + 1}`}
          onClick={onRemove}
        >
          <Icon name="close" className="size-4" />
        </button>
      </div>
    </li>
  );
}

function UploadingTile({ item }: { item: Pending }) {
  return (
    <li
      className="relative overflow-hidden rounded-xl border border-white/10 bg-ink-900"
      aria-label={`Uploading ${item.name}`}
    >
      <Preview url={item.preview} clip={item.clip} alt="" className="aspect-video w-full object-cover opacity-40" />
      <span className="absolute inset-0 grid place-items-center">
        <Spinner className="size-6" />
      </span>
      <p className="truncate border-t border-white/10 px-2 py-2 text-[0.6875rem] text-fg-subtle">Uploading…</p>
    </li>
  );
}

async function uploadOne(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post('/videos/uploads', body, { parse: (data) => uploadedImageSchema.parse(data) });
}

export function ImageUploader({
  images,
  onChange,
  error,
}: {
  images: UploadedImage[];
  onChange: (update: (images: UploadedImage[]) => UploadedImage[]) => void;
  error?: string | undefined;
}) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const room = VIDEO_LIMITS.maxImages - images.length - pending.length;

  const previews = useRef(new Set<string>());
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  async function add(files: readonly File[]) {
    const problems = files.map(uploadProblem).filter((p): p is string => p !== null);
    for (const problem of problems.slice(0, 3)) toast.error(problem);
    const accepted = files.filter((file) => uploadProblem(file) === null);
    if (accepted.length > room)
      toast.error(
        `A video can use up to ${VIDEO_LIMITS.maxImages} images and clips; ${accepted.length - Math.max(0, room)} were left out.`,
      );
    const queue = accepted.slice(0, Math.max(0, room)).map((file, i) => ({
      file,
      key: `${Date.now()}-${i}-${file.name}`,
      name: file.name,
      preview: URL.createObjectURL(file),
      clip: isClipFile(file),
    }));
    for (const item of queue) previews.current.add(item.preview);
    setPending((current) => [
      ...current,
      ...queue.map(({ key, name, preview, clip }) => ({ key, name, preview, clip })),
    ]);
    for (const item of queue) {
      try {
        const uploaded = await uploadOne(item.file);
        onChange((current) => [...current, uploaded]);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 400 || error.status === 413))
          toast.error(`${item.name}: ${error.fields.file ?? error.message}`);
        else notifyApiError(error);
      } finally {
        setPending((current) => current.filter((p) => p.key !== item.key));
        URL.revokeObjectURL(item.preview);
        previews.current.delete(item.preview);
      }
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void add([...event.dataTransfer.files]);
  };

  return (
    <div className="grid gap-3">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone takes dragged files; its button is the keyboard's way in */}
      <div
        className={`relative flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed px-4 py-6 text-center transition-colors ${
          dragging ? 'border-cyan-300 bg-cyan-400/10' : error ? 'border-danger/70' : 'border-white/20 bg-white/[0.02]'
        }`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Icon name="upload" className="size-6 text-brand-300" />
        <p className="text-sm text-fg-muted">
          Drop images and clips here or{' '}
          <button
            type="button"
            className="font-semibold text-cyan-300 underline-offset-2 hover:underline"
            onClick={() => input.current?.click()}
            disabled={room <= 0}
          >
            choose files
          </button>
        </p>
        <p className="hint">
          JPEG, PNG or WebP images up to {formatBytes(VIDEO_UPLOAD.maxBytes)}; MP4, MOV or WebM clips up to{' '}
          {formatBytes(VIDEO_UPLOAD.maxClipBytes)} and {VIDEO_UPLOAD.maxClipSec / 60} minutes (trimmed or looped to each
          scene). At least {VIDEO_UPLOAD.minSide} px on each side. Up to {VIDEO_LIMITS.maxImages}, used in this order.
        </p>
        <input
          ref={input}
          type="file"
          className="sr-only"
          accept={VIDEO_UPLOAD_ACCEPT}
          multiple
          aria-label="Upload images and clips"
          tabIndex={-1}
          onChange={(e) => {
            void add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      {images.length + pending.length > 0 ? (
        <ol
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          aria-label="Your images and clips, in scene order"
        >
          {images.map((image, index) => (
            <UploadedTile
              key={image.fileId}
              image={image}
              index={index}
              last={index === images.length - 1}
              onMove={(by) => onChange((current) => move(current, index, by))}
              onRemove={() => onChange((current) => current.filter((i) => i.fileId !== image.fileId))}
            />
          ))}
          {pending.map((item) => (
            <UploadingTile key={item.key} item={item} />
          ))}
        </ol>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
