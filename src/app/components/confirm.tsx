/** Asking before a delete, with the app's own dialog (./ConfirmDialog) instead of the browser's. */
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { ConfirmDialog } from './ConfirmDialog';

interface Question {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  run: () => Promise<void>;
}

interface DeleteQuestion {
  title: string;
  body: ReactNode;
  /** The API path to DELETE. */
  path: string;
  /** The toast once it is gone. */
  deleted: string;
  /**
   * What the screen does once it is gone (drop it from a list, leave its page). Not named `then`: an object with a
   * `then` method is a thenable, which `await` and `Promise.resolve` would call.
   */
  onDeleted: () => void;
}

/**
 * `ask(question)` opens the dialog; `run` happens only on confirm, with the buttons busy until it settles.
 * `askDelete` is the usual case: confirm, DELETE, then a toast, or the API's reason when it fails.
 */
export function useConfirm() {
  const [question, setQuestion] = useState<Question | null>(null);
  const [busy, setBusy] = useState(false);
  const askDelete = ({ title, body, path, deleted, onDeleted }: DeleteQuestion) =>
    setQuestion({
      title,
      body,
      confirmLabel: 'Delete',
      run: async () => {
        try {
          await api.delete(path);
          onDeleted();
          toast.success(deleted);
        } catch (error) {
          notifyApiError(error);
        }
      },
    });
  const dialog = question ? (
    <ConfirmDialog
      title={question.title}
      confirmLabel={question.confirmLabel}
      busy={busy}
      onCancel={() => setQuestion(null)}
      onConfirm={() => {
        setBusy(true);
        void question.run().finally(() => {
          setBusy(false);
          setQuestion(null);
        });
      }}
    >
      {question.body}
    </ConfirmDialog>
  ) : null;
  return { ask: setQuestion, askDelete, dialog };
}
