/**
 * Whether this server can make videos now (GET /videos/availability: a worker with ffmpeg, ffprobe and the caption
 * fonts), and the notice the create screen, the storyboard and a video that failed for that reason show instead
 * of a render that must fail.
 */
import { useCallback, useEffect, useState } from 'react';
import { Icon } from '~/app/components/Icon';
import {
  cannotDoYet,
  installCommand,
  missingNames,
  type RenderAvailability,
  renderAvailabilitySchema,
} from '~/contract/system-tools';
import { api } from '~/lib/api/client';

/** null until the server answered (or when it could not be asked: the request itself then says what is wrong). */
export function useRenderAvailability(): { availability: RenderAvailability | null; refresh: () => void } {
  const [availability, setAvailability] = useState<RenderAvailability | null>(null);
  const refresh = useCallback(() => {
    api.get('/videos/availability', { parse: (data) => renderAvailabilitySchema.parse(data) }).then(
      (answer) => setAvailability(answer as RenderAvailability),
      () => undefined,
    );
  }, []);
  useEffect(refresh, [refresh]);
  return { availability, refresh };
}

export function RenderUnavailable({ availability }: { availability: RenderAvailability | null }) {
  if (!availability || availability.ready) return null;
  const { missing } = availability;
  return (
    <section
      className="grid gap-2 rounded-xl border border-danger/30 bg-danger/10 px-3 py-3 text-sm text-danger"
      role="alert"
      data-testid="render-unavailable"
    >
      <p className="flex items-start gap-2 font-semibold">
        <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
        {cannotDoYet('make videos')}
      </p>
      <p className="text-fg-muted">
        It is missing {missingNames(missing)}. Whoever runs it can install {missing.length > 1 ? 'them' : 'it'} with:
      </p>
      <code className="block break-words whitespace-pre-wrap rounded-lg bg-black/40 px-2 py-1.5 font-mono text-xs text-fg">
        {installCommand(missing)}
      </code>
      <p className="text-fg-muted">Nothing is charged until a video can be made.</p>
    </section>
  );
}
