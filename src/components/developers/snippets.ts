/** Copyable examples of one request in curl, JavaScript (fetch) and Python (requests), from its document example. */

export interface Sample {
  method: string;
  /** The full URL, path parameters and query filled in. */
  url: string;
  auth: boolean;
  idempotent: boolean;
  headers: Record<string, string>;
  json?: unknown;
  /** A body that is not JSON: a multipart form with a file, or the raw bytes of one. */
  raw?: string;
  answer: 'json' | 'binary' | 'none';
}

const KEY = 'nxn_sk_...';
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

export function curl(sample: Sample): string {
  const lines = [`curl -X ${sample.method} ${shellQuote(sample.url)}`];
  if (sample.auth) lines.push(`-H ${shellQuote(`Authorization: Bearer ${KEY}`)}`);
  if (sample.idempotent) lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
  for (const [name, value] of Object.entries(sample.headers)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (sample.json !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(pretty(sample.json))}`);
  } else if (sample.raw === 'multipart/form-data') lines.push(`-F 'file=@./file.png'`);
  else if (sample.raw) lines.push(`-H ${shellQuote(`Content-Type: ${sample.raw}`)}`, `--data-binary '@./file'`);
  if (sample.answer === 'binary') lines.push(`-o answer.bin`);
  return lines.join(' \\\n  ');
}

export function javascript(sample: Sample): string {
  const headers: string[] = [];
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the example's own template string
  if (sample.auth) headers.push('Authorization: `Bearer ${process.env.NXN_API_KEY}`');
  if (sample.idempotent) headers.push("'Idempotency-Key': crypto.randomUUID()");
  for (const [name, value] of Object.entries(sample.headers))
    headers.push(`${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  let body = '';
  if (sample.json !== undefined) {
    headers.push("'Content-Type': 'application/json'");
    body = `  body: JSON.stringify(${indent(pretty(sample.json), '  ')}),\n`;
  } else if (sample.raw === 'multipart/form-data') body = '  body: form, // a FormData with the field "file"\n';
  else if (sample.raw) {
    headers.push(`'Content-Type': '${sample.raw}'`);
    body = '  body: bytes, // the file\n';
  }
  const head = headers.length > 0 ? `  headers: {\n    ${headers.join(',\n    ')},\n  },\n` : '';
  const read =
    sample.answer === 'json'
      ? 'const data = await res.json();'
      : sample.answer === 'binary'
        ? 'const bytes = new Uint8Array(await res.arrayBuffer());'
        : '// 204: no body';
  return [
    `const res = await fetch('${sample.url}', {\n  method: '${sample.method}',\n${head}${body}});`,
    'if (!res.ok) throw new Error((await res.json()).error);',
    read,
  ].join('\n');
}

/** JSON as a Python literal. */
export function python(value: unknown, depth = 0): string {
  const pad = '    '.repeat(depth + 1);
  const end = '    '.repeat(depth);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value))
    return value.length === 0 ? '[]' : `[\n${value.map((v) => pad + python(v, depth + 1)).join(',\n')},\n${end}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${python(v, depth + 1)}`).join(',\n')},\n${end}}`;
}

export function pythonRequests(sample: Sample): string {
  const headers: string[] = [];
  if (sample.auth) headers.push(`"Authorization": f"Bearer {os.environ['NXN_API_KEY']}"`);
  if (sample.idempotent) headers.push('"Idempotency-Key": str(uuid.uuid4())');
  for (const [name, value] of Object.entries(sample.headers))
    headers.push(`${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  if (sample.raw && sample.raw !== 'multipart/form-data') headers.push(`"Content-Type": "${sample.raw}"`);
  const args = [`    "${sample.url}"`];
  if (headers.length > 0) args.push(`    headers={${headers.join(', ')}}`);
  if (sample.json !== undefined) args.push(`    json=${python(sample.json, 1)}`);
  else if (sample.raw === 'multipart/form-data') args.push(`    files={"file": open("file.png", "rb")}`);
  else if (sample.raw) args.push(`    data=open("file", "rb")`);
  const imports = [...(sample.auth ? ['import os'] : []), ...(sample.idempotent ? ['import uuid'] : [])];
  const read =
    sample.answer === 'json'
      ? 'print(res.json())'
      : sample.answer === 'binary'
        ? 'data = res.content'
        : '# 204: no body';
  return [
    ...imports,
    'import requests',
    '',
    `res = requests.${sample.method.toLowerCase()}(\n${args.join(',\n')},\n)`,
    'res.raise_for_status()',
    read,
  ].join('\n');
}
