/**
 * How a studio opens /create with content filled in: it stores the narration under one sessionStorage key and
 * navigates to `/create?from=script`; the create screen takes it once (read and removed), so a reload or a later
 * visit starts clean. sessionStorage keeps long scripts out of the URL and stays in the tab that asked.
 */
export const CREATE_HANDOFF_KEY = 'nxn:create:script';
export const CREATE_HANDOFF_URL = '/create?from=script';

export interface CreateHandoff {
  /** The narration, in spoken order, paragraphs separated by blank lines. */
  script: string;
  title?: string;
  /** The video shape that suits the script's platform. */
  aspect?: '16:9' | '9:16' | '1:1';
  /** Where it came from, e.g. the script generation's id. */
  sourceId?: string;
}

export function saveCreateHandoff(handoff: CreateHandoff, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(CREATE_HANDOFF_KEY, JSON.stringify(handoff));
}

/** Returns the waiting handoff and removes it; null when there is none or it is unreadable. */
export function takeCreateHandoff(
  storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage,
): CreateHandoff | null {
  const raw = storage.getItem(CREATE_HANDOFF_KEY);
  if (raw === null) return null;
  storage.removeItem(CREATE_HANDOFF_KEY);
  try {
    const value = JSON.parse(raw) as Partial<CreateHandoff>;
    if (typeof value.script !== 'string' || !value.script.trim()) return null;
    return {
      script: value.script,
      ...(typeof value.title === 'string' ? { title: value.title } : {}),
      ...(value.aspect === '16:9' || value.aspect === '9:16' || value.aspect === '1:1' ? { aspect: value.aspect } : {}),
      ...(typeof value.sourceId === 'string' ? { sourceId: value.sourceId } : {}),
    };
  } catch {
    return null;
  }
}
