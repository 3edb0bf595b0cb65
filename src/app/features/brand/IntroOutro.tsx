/** The "Intro and outro" card: each card on or off, its line of text and how long it shows. */

import { Field } from '~/app/components/Field';
import { Switch } from '~/app/components/Switch';
import { type BrandKitSettings, CARD_SECONDS, CARD_TEXT_MAX } from '~/contract/brand';
import type { SectionProps } from './form';

type CardName = 'intro' | 'outro';

export function IntroOutro(props: SectionProps) {
  return (
    <section className="card card-pad grid gap-4" aria-labelledby="cards-title">
      <h2 id="cards-title" className="text-lg font-semibold text-fg">
        Intro and outro
      </h2>
      <p className="text-sm text-fg-muted">
        Cards are part of the video: their seconds count towards the 5-minute limit and are charged like the rest of it.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <CardFields {...props} name="intro" title="Intro" />
        <CardFields {...props} name="outro" title="Outro" />
      </div>
    </section>
  );
}

function CardFields({ settings, errors, update, name, title }: SectionProps & { name: CardName; title: string }) {
  const setCard = (patch: Partial<BrandKitSettings[CardName]>) =>
    update((s) => ({ ...s, [name]: { ...s[name], ...patch } }), name);
  return (
    <fieldset className="grid gap-3 rounded-xl border border-white/10 p-4">
      <legend className="px-1 text-sm font-semibold text-fg">{title}</legend>
      <Switch
        label={`Show an ${name} card`}
        description={`The brand colour, your logo and a line of text, ${name === 'intro' ? 'before' : 'after'} the narration`}
        checked={settings[name].enabled}
        onChange={(enabled) => setCard({ enabled })}
      />
      <Field label={`${title} text`} error={errors[`${name}.text`]} hint={`Up to ${CARD_TEXT_MAX} characters`}>
        {(props) => (
          <input
            {...props}
            className="input"
            value={settings[name].text}
            maxLength={CARD_TEXT_MAX}
            disabled={!settings[name].enabled}
            onChange={(e) => setCard({ text: e.target.value })}
          />
        )}
      </Field>
      <Field label={`${title} length`} error={errors[`${name}.seconds`]}>
        {(props) => (
          <select
            {...props}
            className="input"
            value={settings[name].seconds}
            disabled={!settings[name].enabled}
            onChange={(e) => setCard({ seconds: Number(e.target.value) })}
          >
            {Array.from({ length: CARD_SECONDS.max - CARD_SECONDS.min + 1 }, (_, i) => CARD_SECONDS.min + i).map(
              (s) => (
                <option key={s} value={s}>
                  {s} seconds
                </option>
              ),
            )}
          </select>
        )}
      </Field>
    </fieldset>
  );
}
