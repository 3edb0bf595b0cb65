import { Field } from '~/app/components/Field';

/** The music bed's volume slider, in steps of 5 %; shown but disabled while music is off. */
export function MusicVolumeField({
  volume,
  enabled,
  error,
  onChange,
}: {
  volume: number;
  enabled: boolean;
  error: string | undefined;
  onChange: (volume: number) => void;
}) {
  return (
    <Field label={`Music volume: ${volume}%`} error={error}>
      {(props) => (
        <input
          {...props}
          type="range"
          min={0}
          max={100}
          step={5}
          className="h-1.5 w-full cursor-pointer accent-cyan-400 disabled:cursor-not-allowed disabled:opacity-40"
          value={volume}
          disabled={!enabled}
          onChange={(e) => onChange(Number(e.target.value))}
        />
      )}
    </Field>
  );
}
