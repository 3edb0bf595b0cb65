import { Field } from '~/app/components/Field';
import { Icon } from '~/app/components/Icon';

const EXAMPLE = 'product,price,voice\nthe Widget,$9,\nthe Gadget,$12,';

/** The sheet's file or pasted text, and the script template its rows fill. */
export function SheetInputs({
  text,
  fileName,
  template,
  onFile,
  onPaste,
  onTemplate,
}: {
  text: string;
  fileName: string | null;
  template: string;
  onFile: (file: File | undefined) => void;
  onPaste: (text: string) => void;
  onTemplate: (template: string) => void;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <label className="btn btn-secondary btn-sm cursor-pointer">
          <Icon name="upload" className="size-4" />
          Upload CSV or JSONL
          <input
            type="file"
            className="sr-only"
            accept=".csv,.jsonl,.ndjson,.txt,text/csv,text/plain"
            data-testid="sheet-file"
            onChange={(event) => onFile(event.target.files?.[0])}
          />
        </label>
        {fileName ? <span className="text-sm text-fg-muted">{fileName}</span> : null}
      </div>
      <Field label="Or paste rows" hint="CSV with a header line, or one JSON object per line." optional>
        {(props) => (
          <textarea
            {...props}
            className="input !min-h-32 font-mono text-sm"
            value={text}
            placeholder={EXAMPLE}
            onChange={(event) => onPaste(event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Script template"
        hint="Used for rows without a script cell, e.g. “Meet {{product}}, now {{price}}.”"
        optional
      >
        {(props) => (
          <textarea
            {...props}
            className="input !min-h-20"
            value={template}
            placeholder="Meet {{product}}, now {{price}}."
            onChange={(event) => onTemplate(event.target.value)}
          />
        )}
      </Field>
    </>
  );
}
