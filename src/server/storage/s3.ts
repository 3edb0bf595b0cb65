import fs from 'node:fs/promises';
import { AwsClient } from 'aws4fetch';
import { assertKey, type Storage } from './types.ts';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Any S3-compatible bucket (AWS, R2, MinIO, B2) through signed fetches, path-style addressing. The bucket stays
 * private; browsers get short-lived presigned GET URLs through `/files/:id`.
 */
export function s3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  const url = (key: string) => `${base}/${assertKey(key).split('/').map(encodeURIComponent).join('/')}`;
  const ok = async (res: Response, what: string) => {
    if (!res.ok) throw new Error(`S3 ${what} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return res;
  };

  return {
    driver: 's3',
    async put(key, body, contentType) {
      // Buffered so the payload can be signed; generated media is at most a few hundred MB.
      const bytes = body instanceof Uint8Array ? body : new Uint8Array(await fs.readFile(body.path));
      await ok(await client.fetch(url(key), { method: 'PUT', body: new Blob([bytes as Uint8Array<ArrayBuffer>]), headers: { 'content-type': contentType } }), `PUT ${key}`);
      return { size: bytes.byteLength };
    },
    async get(key) {
      const res = await client.fetch(url(key));
      if (res.status === 404) return undefined;
      return new Uint8Array(await (await ok(res, `GET ${key}`)).arrayBuffer());
    },
    async stream(key, range) {
      const res = await client.fetch(url(key), range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {});
      if (res.status === 404) return undefined;
      await ok(res, `GET ${key}`);
      if (!res.body) return undefined;
      const total = res.headers.get('content-range')?.split('/')[1];
      const size = Number(total ?? res.headers.get('content-length') ?? 0);
      return { body: res.body, size, ...(range ? { range } : {}) };
    },
    async delete(key) {
      const res = await client.fetch(url(key), { method: 'DELETE' });
      if (res.status !== 404) await ok(res, `DELETE ${key}`);
    },
    async directUrl(key, expiresInSeconds, contentDisposition) {
      const target = new URL(url(key));
      target.searchParams.set('X-Amz-Expires', String(expiresInSeconds));
      if (contentDisposition) target.searchParams.set('response-content-disposition', contentDisposition);
      const signed = await client.sign(target.toString(), { method: 'GET', aws: { signQuery: true } });
      return signed.url;
    },
  };
}
