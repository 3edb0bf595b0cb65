/**
 * The S3 driver against a minimal S3-compatible server on loopback (path-style PUT/GET/DELETE with Range), checking
 * that every request is SigV4-signed and that presigned URLs carry their signature in the query.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDisposition } from '~/server/storage/download-headers.ts';
import { s3Storage } from '~/server/storage/s3.ts';

const objects = new Map<string, { body: Buffer; type: string }>();
const seen: { method: string; url: string; auth: string | undefined }[] = [];
let server: http.Server;
let endpoint: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization });
    const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
        res.writeHead(200).end();
        return;
      }
      const object = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
        return;
      }
      if (!object) {
        res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      const range = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '');
      if (range) {
        const [start, end] = [Number(range[1]), Number(range[2])];
        res.writeHead(206, {
          'content-range': `bytes ${start}-${end}/${object.body.length}`,
          'content-length': end - start + 1,
        });
        res.end(object.body.subarray(start, end + 1));
        return;
      }
      // Like S3, a presigned GET may override the response's Content-Disposition.
      const disposition = new URL(req.url!, 'http://x').searchParams.get('response-content-disposition');
      res
        .writeHead(200, {
          'content-type': object.type,
          'content-length': object.body.length,
          ...(disposition ? { 'content-disposition': disposition } : {}),
        })
        .end(object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('S3-compatible storage', () => {
  it('puts, reads, ranges and deletes objects with signed requests', async () => {
    const storage = s3Storage({
      endpoint,
      bucket: 'media',
      region: 'auto',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    });
    expect(await storage.put('u/abc/file-1', new TextEncoder().encode('hello s3'), 'text/plain')).toEqual({ size: 8 });
    expect(objects.get('/media/u/abc/file-1')).toMatchObject({ type: 'text/plain' });
    expect(new TextDecoder().decode(await storage.get('u/abc/file-1'))).toBe('hello s3');

    const part = await storage.stream('u/abc/file-1', { start: 6, end: 7 });
    expect(part?.size).toBe(8);
    expect(await new Response(part!.body).text()).toBe('s3');

    await storage.delete('u/abc/file-1');
    expect(await storage.get('u/abc/file-1')).toBeUndefined();
    expect(await storage.stream('u/abc/file-1')).toBeUndefined();
    expect(seen.every((r) => r.auth?.startsWith('AWS4-HMAC-SHA256 Credential=AKID/'))).toBe(true);
  });

  it('makes presigned GET URLs that expire and name the file', async () => {
    const storage = s3Storage({
      endpoint,
      bucket: 'media',
      region: 'auto',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    });
    const url = new URL(
      (await storage.directUrl(
        'u/abc/file-2',
        300,
        fileDisposition({ id: 'file-2', name: 'clip.mp4', contentType: 'video/mp4' }),
      ))!,
    );
    expect(url.pathname).toBe('/media/u/abc/file-2');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toBe('inline; filename="clip.mp4"');
  });

  it('serves presigned downloads with the same disposition as the API: any script, inline only for plain media', async () => {
    const storage = s3Storage({
      endpoint,
      bucket: 'media',
      region: 'auto',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    });
    const cases = [
      [
        { id: 'f3', name: 'Озвучка 🎙.mp3', contentType: 'audio/mpeg' },
        `inline; filename="_______ _.mp3"; filename*=UTF-8''${encodeURIComponent('Озвучка 🎙.mp3')}`,
      ],
      [{ id: 'f4', name: 'page.html', contentType: 'text/html' }, 'attachment; filename="page.html"'],
    ] as const;
    for (const [file, expected] of cases) {
      await storage.put(`u/abc/${file.id}`, new TextEncoder().encode('bytes'), file.contentType);
      const res = await fetch((await storage.directUrl(`u/abc/${file.id}`, 300, fileDisposition(file)))!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(expected);
    }
  });

  it('refuses keys that could escape their prefix', async () => {
    const storage = s3Storage({
      endpoint,
      bucket: 'media',
      region: 'auto',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    });
    await expect(storage.put('../other', new Uint8Array([1]), 'text/plain')).rejects.toThrow(/Invalid storage key/);
  });
});
