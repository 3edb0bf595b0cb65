/**
 * Small building blocks the three studio screens share: labelled fields with their errors, the engine badge,
 * paged history, downloads and the handling of a failed request.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { AllHostsFailedError, ApiError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { refreshAccount } from '~/stores/account';
import { Icon } from '../components/Icon';

export type FieldErrors = Record<string, string>;

/** zod issues → `{ "scenes.0.narration": message }`, the same shape the API's 400 answers carry. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}

/**
 * Shows what went wrong with a studio request and returns the field errors to put under the inputs. A 402 names
 * the shortfall and links to plans; a provider failure (424) and any other answer show the server's own message.
 */
export function handleStudioError(error: unknown): FieldErrors {
  if (error instanceof ApiError) {
    if (error.status === 400 && Object.keys(error.fields).length > 0) {
      toast.error('Please check the highlighted fields.');
      return { ...error.fields };
    }
    if (error.status === 402) {
      toast.error(error.message, { action: { label: 'Get credits', onClick: () => window.location.assign('/pricing') } });
      void refreshAccount();
      return {};
    }
  }
  if (error instanceof AllHostsFailedError || error instanceof ApiError) notifyApiError(error);
  else {
    console.error(error);
    toast.error('Something unexpected happened. Please try again.');
  }
  return {};
}

/**
 * The studios' submit: validate with the shared schema (field errors under the inputs), post, refresh the balance
 * the request just held credits from, and turn a failure into field errors and a toast.
 */
export function useStudioSubmit<Result>(path: string, onDone: (result: Result) => void) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  async function submit<Input>(schema: z.ZodType<Input>, input: unknown): Promise<void> {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      const result = await api.post<Result>(path, parsed.data);
      setErrors({});
      void refreshAccount();
      onDone(result);
    } catch (error) {
      setErrors(handleStudioError(error));
    } finally {
      setBusy(false);
    }
  }
  return { errors, setErrors, busy, submit };
}

export function Field({
  label,
  error,
  hint,
  children,
  optional = false,
}: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="label">
        {label}
        {optional ? <span className="ml-1 font-normal text-fg-subtle">(optional)</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Names the engine that made a result; the offline engines say plainly that they are not AI. */
export function EngineBadge({ label, kind }: { label: string; kind: 'ai' | 'offline' }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium ${
        kind === 'ai' ? 'border-cyan-400/30 bg-cyan-400/10 text-cyan-300' : 'border-white/15 bg-white/5 text-fg-muted'
      }`}
      data-testid="engine-badge"
    >
      <Icon name={kind === 'ai' ? 'sparkles' : 'info'} className="size-3.5" />
      {label}
    </span>
  );
}

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return <span className={`${className} inline-block animate-spin rounded-full border-2 border-white/25 border-t-white`} aria-hidden="true" />;
}

export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a file the API serves (signed URL), under a file name of our choosing. */
export async function downloadUrl(url: string, fileName: string): Promise<void> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Download failed (${response.status})`);
    downloadBlob(await response.blob(), fileName);
  } catch (error) {
    console.error(error);
    toast.error('The download failed. Please try again.');
  }
}

export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied to the clipboard.`);
  } catch {
    toast.error('Copying is blocked in this browser. Select the text and copy it instead.');
  }
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A newest-first history from a paged endpoint (`?cursor=&limit=`): first page on mount, "load more" appends,
 * `reload` starts over (after a new generation), `replace`/`remove` keep the list in step with edits.
 */
export function useHistory<T extends { id: string }>(path: string, limit = 12) {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const run = ++generation.current;
    setState((s) => (s === 'ready' ? s : 'loading'));
    try {
      const page = await api.get<Page<T>>(`${path}?limit=${limit}`);
      if (run !== generation.current) return;
      setItems(page.items);
      setCursor(page.nextCursor);
      setState('ready');
    } catch (error) {
      if (run !== generation.current) return;
      setState('error');
      if (error instanceof AllHostsFailedError) notifyApiError(error);
    }
  }, [path, limit]);

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await api.get<Page<T>>(`${path}?limit=${limit}&cursor=${encodeURIComponent(cursor)}`);
      setItems((current) => [...current, ...page.items.filter((item) => !current.some((c) => c.id === item.id))]);
      setCursor(page.nextCursor);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setLoadingMore(false);
    }
  }, [cursor, path, limit]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = useCallback((updated: T[]) => {
    setItems((current) => current.map((item) => updated.find((u) => u.id === item.id) ?? item));
  }, []);
  const prepend = useCallback((added: T[]) => {
    setItems((current) => [...added, ...current.filter((item) => !added.some((a) => a.id === item.id))]);
  }, []);
  const remove = useCallback((id: string) => setItems((current) => current.filter((item) => item.id !== id)), []);

  return { items, state, hasMore: cursor !== null, loadingMore, loadMore, reload, replace, prepend, remove };
}

export function LoadMore({ hasMore, loading, onClick }: { hasMore: boolean; loading: boolean; onClick: () => void }) {
  if (!hasMore) return null;
  return (
    <button type="button" className="btn btn-secondary btn-sm mx-auto mt-4" onClick={onClick} disabled={loading}>
      {loading ? <Spinner /> : null}
      Load more
    </button>
  );
}
