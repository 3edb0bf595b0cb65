/** The batch-wide preset: the built-in presets and the user's own, one of which may stand for every row's settings. */
import { useEffect, useId, useState } from 'react';
import { type Preset, type PresetList, presetListSchema } from '~/contract/presets';
import { api } from '~/lib/api/client';

/** The built-in presets and the user's own, as GET /presets lists them (empty until loaded or when it fails). */
export function usePresets(): Preset[] | null {
  const [presets, setPresets] = useState<Preset[] | null>(null);
  useEffect(() => {
    api.get<PresetList>('/presets', { parse: (data) => presetListSchema.parse(data) }).then(
      (list) => setPresets(list.items),
      () => setPresets([]),
    );
  }, []);
  return presets;
}

/** Every row's settings: the form's steps, or one preset for the whole batch. */
export function BatchPresetSelect({
  presets,
  value,
  onChange,
}: {
  presets: Preset[] | null;
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  const groups = [
    ['Built-in', presets?.filter((preset) => preset.builtIn) ?? []],
    ['Your presets', presets?.filter((preset) => !preset.builtIn) ?? []],
  ] as const;
  return (
    <div className="field">
      <label htmlFor={id} className="label">
        Every row's settings
      </label>
      <select
        id={id}
        className="input"
        value={value}
        disabled={presets === null}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">The voice, format and visuals steps below</option>
        {groups.map(([label, items]) =>
          items.length > 0 ? (
            <optgroup key={label} label={label}>
              {items.map((preset) => (
                <option key={preset.id} value={preset.id}>
                  Preset: {preset.name}
                </option>
              ))}
            </optgroup>
          ) : null,
        )}
      </select>
      <p className="mt-1 text-sm text-fg-muted">
        {value
          ? "Every row takes this preset's settings instead of the steps below; a row's own columns still win."
          : 'A preset here replaces the steps below for every row.'}
      </p>
    </div>
  );
}
