/** The Upload tab: the user's own photo or clip, and what a clip's sound does under the voice. */
import { useId, useRef, useState } from 'react';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import { formatBytes } from '~/app/features/videos/model';
import { CLIP_AUDIO, type ClipAudio, type SceneVisual, type StoryboardScene } from '~/contract/storyboard';
import { type UploadedImage, uploadedImageSchema, VIDEO_UPLOAD, VIDEO_UPLOAD_ACCEPT } from '~/contract/video';
import { AllHostsFailedError, ApiError, api } from '~/lib/api/client';
import { uploadProblem } from '~/lib/upload-problem';
import { Notice, type VisualChoice } from './choice';

const CLIP_AUDIO_LABELS: Record<ClipAudio, string> = {
  mute: 'Mute clip sound',
  duck: 'Keep it quietly under the voice',
};

export function UploadTab({ scene, onPick }: { scene: StoryboardScene; onPick: (choice: VisualChoice) => void }) {
  const [audio, setAudio] = useState<ClipAudio>(scene.visual.kind === 'upload' ? scene.visual.audio : 'mute');
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'uploading'; name: string } | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const audioName = useId();

  async function upload(file: File) {
    const problem = uploadProblem(file);
    if (problem) {
      setState({ kind: 'failed', message: problem });
      return;
    }
    setState({ kind: 'uploading', name: file.name });
    const body = new FormData();
    body.append('file', file, file.name);
    try {
      const answer = await api.post<UploadedImage>('/videos/uploads', body, {
        parse: (data) => uploadedImageSchema.parse(data),
      });
      onPick({ visual: { kind: 'upload', fileId: answer.fileId, audio }, clip: answer.kind === 'video' });
    } catch (error) {
      const message =
        error instanceof ApiError && (error.status === 400 || error.status === 413 || error.status === 415)
          ? (error.fields['file'] ?? error.message)
          : error instanceof ApiError || error instanceof AllHostsFailedError
            ? error.message
            : 'The upload failed. Try again.';
      setState({ kind: 'failed', message });
    }
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-fg-muted">
        A photo (JPEG, PNG or WebP, up to {formatBytes(VIDEO_UPLOAD.maxBytes)}) or a video clip (MP4, MOV or WebM, up to{' '}
        {formatBytes(VIDEO_UPLOAD.maxClipBytes)}). A clip is trimmed or looped to the scene’s length; phone footage is
        turned the right way up.
      </p>
      <fieldset className="grid gap-1.5">
        <legend className="label">If it is a clip with sound</legend>
        {CLIP_AUDIO.map((choice) => (
          <label key={choice} className="flex cursor-pointer items-center gap-2 text-sm text-fg">
            <input
              type="radio"
              name={audioName}
              className="accent-cyan-400"
              checked={audio === choice}
              onChange={() => setAudio(choice)}
            />
            {CLIP_AUDIO_LABELS[choice]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => input.current?.click()}
          disabled={state.kind === 'uploading'}
        >
          {state.kind === 'uploading' ? <Spinner /> : <Icon name="upload" className="size-4" />}
          {state.kind === 'uploading' ? `Uploading ${state.name}…` : 'Choose a file'}
        </button>
        {scene.visual.kind === 'upload' && scene.visual.audio !== audio ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => onPick({ visual: { ...scene.visual, audio } as SceneVisual })}
          >
            Keep the current upload, {CLIP_AUDIO_LABELS[audio].toLowerCase()}
          </button>
        ) : null}
        <input
          ref={input}
          type="file"
          className="sr-only"
          accept={VIDEO_UPLOAD_ACCEPT}
          aria-label="Upload an image or a clip"
          tabIndex={-1}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      {state.kind === 'failed' ? <Notice tone="warning">{state.message}</Notice> : null}
    </div>
  );
}
