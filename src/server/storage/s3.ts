import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
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
      if (body instanceof Uint8Array) {
        await ok(
          await client.fetch(url(key), {
            method: 'PUT',
            body: new Blob([body as Uint8Array<ArrayBuffer>]),
            headers: { 'content-type': contentType },
          }),
          `PUT ${key}`,
        );
        return { size: body.byteLength };
      }
      // A file is streamed from disk, never read into memory: the payload is sent unsigned (the request itself is
      // signed), and a length is given because S3 refuses chunked uploads without one.
      const { size } = await fs.stat(body.path);
      const stream = Readable.toWeb(createReadStream(body.path)) as ReadableStream<Uint8Array>;
      const headers = {
        'content-type': contentType,
        'content-length': String(size),
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      };
      await ok(
        await client.fetch(url(key), { method: 'PUT', body: stream, headers, duplex: 'half' } as RequestInit),
        `PUT ${key}`,
      );
      return { size };
    },
    async get(key) {
      const res = await client.fetch(url(key));
      if (res.status === 404) return undefined;
      return new Uint8Array(await (await ok(res, `GET ${key}`)).arrayBuffer());
    },
    async stream(key, range) {
      const res = await client.fetch(
        url(key),
        range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {},
      );
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
