import { useState } from 'react';
import type { z } from 'zod';
import { handleStudioError } from '~/app/components/request-errors';
import { type FieldErrors, fieldErrors } from '~/contract/errors';
import { api } from '~/lib/api/client';
import { refreshAccount } from '~/stores/account';

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
      setErrors(fieldErrors(parsed.error.issues));
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
