/**
 * The create form's presets: pick one (built-in or your own) to fill in voice, format, captions, visuals, music and
 * the brand switch; save the form's current settings under a name; delete one of your own.
 */
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Field } from '~/app/components/Field';
import { Icon } from '~/app/components/Icon';
import { handleStudioError } from '~/app/components/request-errors';
import { Spinner } from '~/app/components/Spinner';
import type { FieldErrors } from '~/contract/errors';
import { fieldErrors } from '~/contract/errors';
import {
  PRESET_NAME_MAX,
  type Preset,
  type PresetList,
  presetListSchema,
  presetRequestSchema,
  presetSchema,
} from '~/contract/presets';
import { ApiError, api } from '~/lib/api/client';
import { type CreateForm, presetSettings } from './model';

function useNewKey() {
  const [key, setKey] = useState(() => crypto.randomUUID());
  return [key, () => setKey(crypto.randomUUID())] as const;
}

function SaveForm({
  form,
  onSaved,
  onClose,
}: {
  form: CreateForm;
  onSaved: (preset: Preset) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [key, renewKey] = useNewKey();

  async function save() {
    const parsed = presetRequestSchema.safeParse({ name, settings: presetSettings(form) });
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error.issues);
      setErrors(fields.name ? fields : { name: Object.values(fields)[0] ?? 'Check the settings below.' });
      return;
    }
    setSaving(true);
    try {
      const preset = await api.post<Preset>('/presets', parsed.data, {
        headers: { 'Idempotency-Key': key },
        parse: (data) => presetSchema.parse(data),
      });
      renewKey();
      toast.success(`Preset "${preset.name}" saved.`);
      onSaved(preset);
    } catch (error) {
      if (error instanceof ApiError) renewKey();
      const fields = handleStudioError(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="grid gap-3 rounded-xl border border-white/10 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
      <Field
        label="Preset name"
        error={errors.name}
        hint="Saves the voice, format, captions, visuals, music and brand kit switch below."
      >
        {(props) => (
          <input
            {...props}
            className="input"
            value={name}
            maxLength={PRESET_NAME_MAX}
            onChange={(e) => {
              setName(e.target.value);
              setErrors({});
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void save();
              }
            }}
          />
        )}
      </Field>
      <div className="flex gap-2 sm:mt-7">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void save()} disabled={saving}>
          {saving ? <Spinner /> : <Icon name="check" className="size-4" />}
          Save preset
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** The presets to start from: the built-in ones, then the user's own once there are any. */
function PresetSelect({
  presets,
  picked,
  onPick,
}: {
  presets: Preset[] | null;
  picked: string;
  onPick: (id: string) => void;
}) {
  const selectId = useId();
  const builtIn = presets?.filter((p) => p.builtIn) ?? [];
  const own = presets?.filter((p) => !p.builtIn) ?? [];
  return (
    <div className="field min-w-0 flex-1">
      <label htmlFor={selectId} className="label">
        Preset
      </label>
      <select
        id={selectId}
        className="input"
        value={picked}
        disabled={presets === null}
        onChange={(e) => onPick(e.target.value)}
      >
        <option value="">{presets === null ? 'Loading presets…' : 'Choose a preset'}</option>
        <optgroup label="Built-in">
          {builtIn.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} (built-in)
            </option>
          ))}
        </optgroup>
        {own.length > 0 ? (
          <optgroup label="Your presets">
            {own.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
    </div>
  );
}

export function PresetPicker({ form, onPick }: { form: CreateForm; onPick: (preset: Preset) => void }) {
  const [presets, setPresets] = useState<Preset[] | null>(null);
  const [picked, setPicked] = useState('');
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    api.get<PresetList>('/presets', { parse: (data) => presetListSchema.parse(data) }).then(
      (list) => setPresets(list.items),
      () => setPresets([]),
    );
  }, []);

  const current = presets?.find((p) => p.id === picked);

  function pick(id: string) {
    setPicked(id);
    const preset = presets?.find((p) => p.id === id);
    if (preset) onPick(preset);
  }
  async function remove(preset: Preset) {
    setDeleting(true);
    try {
      await api.delete(`/presets/${encodeURIComponent(preset.id)}`);
      setPresets((list) => list?.filter((p) => p.id !== preset.id) ?? null);
      setPicked('');
      toast.success(`Preset "${preset.name}" deleted.`);
    } catch (error) {
      handleStudioError(error);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <section className="card card-pad grid gap-4" aria-labelledby="presets-title" data-testid="presets">
      <div>
        <h2 id="presets-title" className="text-lg font-semibold text-fg">
          Presets
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Start from a saved set of settings, or save the ones below to use again.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <PresetSelect presets={presets} picked={picked} onPick={pick} />
        {current && !current.builtIn ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm text-danger"
            onClick={() => void remove(current)}
            disabled={deleting}
          >
            {deleting ? <Spinner /> : <Icon name="trash" className="size-4" />}
            Delete preset
          </button>
        ) : null}
        {saving ? null : (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setSaving(true)}>
            Save as preset
          </button>
        )}
      </div>
      {current?.builtIn ? (
        <p className="text-xs text-fg-subtle" data-testid="preset-built-in">
          Built-in preset: it cannot be changed or deleted; save your own version instead.
        </p>
      ) : null}
      {saving ? (
        <SaveForm
          form={form}
          onClose={() => setSaving(false)}
          onSaved={(preset) => {
            setPresets((list) => [...(list ?? []), preset]);
            setPicked(preset.id);
            setSaving(false);
          }}
        />
      ) : null}
    </section>
  );
}
