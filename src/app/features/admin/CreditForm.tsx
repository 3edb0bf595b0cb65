import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Field } from '~/app/components/Field';
import { Spinner } from '~/app/components/Spinner';
import type { AdminCreditResult, CreditAction } from '~/contract/admin';
import type { FieldErrors } from '~/contract/errors';
import { api } from '~/lib/api/client';
import { requestProblem } from './request-problem';

/** Grant or deduct: the change the form makes. */
function ActionChoice({ action, onAction }: { action: CreditAction; onAction: (action: CreditAction) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-4">
      <legend className="label mb-2">Change</legend>
      {(['grant', 'deduct'] as const).map((value) => (
        <label key={value} className="flex items-center gap-2 text-fg">
          <input
            type="radio"
            name="credit-action"
            value={value}
            checked={action === value}
            onChange={() => onAction(value)}
          />
          {value === 'grant' ? 'Grant' : 'Deduct'}
        </label>
      ))}
    </fieldset>
  );
}

export function CreditForm({ uid, onChanged }: { uid: string; onChanged: (result: AdminCreditResult) => void }) {
  const [action, setAction] = useState<CreditAction>('grant');
  const [credits, setCredits] = useState('');
  const [reason, setReason] = useState('');
  // One key per intended change: a double click or a retry of the same change is applied once by the server.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const legendId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setMessage(null);
    try {
      const body = { action, credits: Number(credits), reason, idempotencyKey: key };
      const result = await api.post<AdminCreditResult>(`/admin/users/${encodeURIComponent(uid)}/credits`, body);
      toast.success(
        result.applied
          ? `${action === 'grant' ? 'Granted' : 'Deducted'} ${body.credits} credits. Balance: ${result.credits.balance}.`
          : 'Already done; nothing changed.',
      );
      setCredits('');
      setReason('');
      setKey(crypto.randomUUID());
      onChanged(result);
    } catch (error) {
      const problem = requestProblem(error);
      setFields(problem.fields);
      setMessage(problem.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card card-pad grid gap-4"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={legendId}
      noValidate
    >
      <h2 id={legendId} className="text-xl font-semibold text-fg">
        Grant or deduct credits
      </h2>
      <ActionChoice action={action} onAction={setAction} />
      <Field label="Credits" error={fields.credits}>
        {(props) => (
          <input
            {...props}
            className="input max-w-40"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={credits}
            onChange={(event) => setCredits(event.target.value)}
          />
        )}
      </Field>
      <Field label="Reason" error={fields.reason} hint="The user sees this in their ledger.">
        {(props) => (
          <textarea
            {...props}
            className="input"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
      <button
        type="submit"
        className={`btn ${action === 'grant' ? 'btn-primary' : 'btn-danger'} justify-self-start`}
        disabled={busy}
      >
        {busy ? <Spinner /> : null}
        {action === 'grant' ? 'Grant credits' : 'Deduct credits'}
      </button>
    </form>
  );
}
