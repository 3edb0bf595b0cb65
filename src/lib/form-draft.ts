/**
 * What the user had typed on a screen survives a trip to the payment page. Checkout is a full page load away and
 * back, so before leaving, the values of the screen's form fields are kept in sessionStorage under the route; when
 * the checkout returns to that route, they are put back once the screen has rendered its fields again.
 *
 * It works on any screen without the screen's help: fields are matched by name or label, else by position, and values
 * are written through the element's native setter followed by the event React listens to, so controlled inputs
 * update their state exactly as if the user had typed.
 */

const PREFIX = 'nxn:draft:';
const SKIPPED_TYPES = new Set(['file', 'password', 'hidden', 'submit', 'button', 'reset', 'image']);

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
interface SavedField {
  key: string;
  value: string;
  checked?: boolean;
}

function fieldsOf(root: ParentNode): Field[] {
  return [...root.querySelectorAll<Field>('input, textarea, select')].filter(
    (field) => !(field instanceof HTMLInputElement && SKIPPED_TYPES.has(field.type)),
  );
}

const isChoice = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * A field's name across page loads: its name or aria-label, else its place among the other unnamed fields. Never
 * its id: React's useId numbers differ from one load to the next. Options of one group share a name, so a choice is
 * known by its value too.
 */
function keyed(root: ParentNode): [string, Field][] {
  let unnamed = 0;
  return fieldsOf(root).map((field) => {
    const name = field.name || field.getAttribute('aria-label') || `#${unnamed++}`;
    return [`${field.tagName.toLowerCase()}:${name}${isChoice(field) ? `=${field.value}` : ''}`, field];
  });
}

export function saveDraft(root: ParentNode, route: string, storage: Storage = sessionStorage): void {
  const saved: SavedField[] = keyed(root).flatMap(([key, field]) =>
    // Checking the chosen radio unchecks the rest of its group; the others need not be kept.
    field instanceof HTMLInputElement && field.type === 'radio' && !field.checked
      ? []
      : [{ key, value: field.value, ...(isChoice(field) ? { checked: field.checked } : {}) }],
  );
  if (saved.length > 0) storage.setItem(PREFIX + route, JSON.stringify(saved));
}

function write(field: Field, saved: SavedField): void {
  if (isChoice(field) && saved.checked !== undefined) {
    // A click toggles the box through React's own change handling.
    if (field.checked !== saved.checked) field.click();
    return;
  }
  if (field.value === saved.value) return;
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, saved.value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Puts a saved draft back into `root` and forgets it. The screen may still be loading (a lazy chunk, a voice list)
 * and a restored field may bring others (a filter shows other options), so each field is written as soon as it is
 * there, for up to `timeoutMs`. Resolves true when anything was restored.
 */
export async function restoreDraft(
  root: ParentNode,
  route: string,
  { storage = sessionStorage, timeoutMs = 5_000 } = {},
): Promise<boolean> {
  const raw = storage.getItem(PREFIX + route);
  if (!raw) return false;
  storage.removeItem(PREFIX + route);
  const left = new Map((JSON.parse(raw) as SavedField[]).map((entry) => [entry.key, entry]));
  const deadline = Date.now() + timeoutMs;
  let restored = false;
  for (;;) {
    keyed(root).forEach(([key, field]) => {
      const entry = left.get(key);
      if (!entry) return;
      write(field, entry);
      left.delete(entry.key);
      restored = true;
    });
    if (left.size === 0 || Date.now() > deadline) return restored;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
