/** The "Colours and font" card: the two brand colours (a picker beside a hex field) and the caption font. */

import { Field } from '~/app/components/Field';
import { BRAND_FONTS, type BrandKitSettings } from '~/contract/brand';
import type { SectionProps } from './form';

function ColorField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (hex: string) => void;
}) {
  return (
    <Field label={label} error={error} hint="A colour like #1E66F5">
      {(props) => (
        <span className="flex items-center gap-2">
          <input
            type="color"
            className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-white/15 bg-transparent"
            value={/^#[0-9A-Fa-f]{6}$/.test(value) ? value : '#000000'}
            onChange={(e) => onChange(e.target.value.toUpperCase())}
            aria-label={`${label} picker`}
          />
          <input
            {...props}
            className="input font-mono"
            value={value}
            maxLength={7}
            onChange={(e) => onChange(e.target.value)}
          />
        </span>
      )}
    </Field>
  );
}

export function ColoursAndFont({ settings, errors, update }: SectionProps) {
  return (
    <section className="card card-pad grid gap-4" aria-labelledby="style-title">
      <h2 id="style-title" className="text-lg font-semibold text-fg">
        Colours and font
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <ColorField
          label="Primary colour"
          value={settings.colors.primary}
          error={errors['colors.primary']}
          onChange={(primary) => update((s) => ({ ...s, colors: { ...s.colors, primary } }), 'colors.primary')}
        />
        <ColorField
          label="Secondary colour"
          value={settings.colors.secondary}
          error={errors['colors.secondary']}
          onChange={(secondary) => update((s) => ({ ...s, colors: { ...s.colors, secondary } }), 'colors.secondary')}
        />
      </div>
      <p className="text-xs text-fg-subtle">
        The primary colour fills the cards and highlights the spoken word in captions; the secondary colour is the
        cards' text.
      </p>
      <Field label="Caption font" error={errors.font} hint="Used for captions and the cards' text.">
        {(props) => (
          <select
            {...props}
            className="input"
            value={settings.font}
            onChange={(e) => update((s) => ({ ...s, font: e.target.value as BrandKitSettings['font'] }), 'font')}
          >
            {BRAND_FONTS.map((font) => (
              <option key={font.id} value={font.id}>
                {font.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </section>
  );
}
