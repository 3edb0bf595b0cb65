import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProfileSyncBody } from '~/contract/api.ts';
import { fieldErrors } from '~/contract/errors.ts';
import { withCache } from '~/server/auth/firebase.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { createLogger } from '~/server/http/logger.ts';
import { onError, requestContext } from '~/server/http/middleware.ts';
import { parseRange } from '~/server/storage/serve.ts';

describe('zod issues → field errors', () => {
  it('maps nested paths to dotted keys, first message per field', () => {
    const schema = z.object({ a: z.object({ b: z.array(z.string().min(2)) }), c: z.number().int().positive() });
    const result = schema.safeParse({ a: { b: ['ok', 'x'] }, c: -1.5 });
    expect(result.success).toBe(false);
    const fields = fieldErrors(result.error!.issues);
    expect(Object.keys(fields).sort()).toEqual(['a.b.1', 'c']);
    expect(fields['a.b.1']).toMatch(/2/);
  });

  it('puts errors about the whole input under "_"', () => {
    const result = z.string().safeParse(5);
    expect(Object.keys(fieldErrors(result.error!.issues))).toEqual(['_']);
  });

  it('normalises the profile sync body the browser sends', () => {
    expect(ProfileSyncBody.parse({ uid: 'u1', email: '  a@b.c ', displayName: '', photoURL: '' })).toEqual({
      uid: 'u1',
      email: 'a@b.c',
      displayName: null,
      photoURL: null,
    });
    expect(ProfileSyncBody.safeParse({ uid: '' }).success).toBe(false);
  });
});

describe('error responses', () => {
  it('never sends a stack trace: a crash is a 500 with only the request id', async () => {
    const app = new Hono<AppEnv>();
    app.onError(onError);
    app.use(requestContext(createLogger('silent', 'test')));
    app.get('/boom', () => {
      throw new Error('secret database detail at /srv/app.ts:12');
    });
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ error: 'Internal error', requestId: res.headers.get('x-request-id') });
    expect(JSON.stringify(body)).not.toContain('secret');
  });
});

describe('byte ranges', () => {
  it('reads the forms media elements send', () => {
    expect(parseRange('bytes=0-', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('bytes=0-1,4-5', 10)).toBeUndefined();
  });
});

describe('verified token cache', () => {
  it('verifies a token once and again only after it expires', async () => {
    let calls = 0;
    let clock = 1_000;
    const verifier = withCache(
      {
        async verify(token) {
          calls++;
          return token === 'good'
            ? { uid: 'u1', email: null, name: null, picture: null, emailVerified: false, adminClaim: false, exp: 1_100 }
            : undefined;
        },
      },
      { now: () => clock },
    );
    expect(await verifier.verify('good')).toMatchObject({ uid: 'u1' });
    expect(await verifier.verify('good')).toMatchObject({ uid: 'u1' });
    expect(calls).toBe(1);
    expect(await verifier.verify('bad')).toBeUndefined();
    expect(await verifier.verify('bad')).toBeUndefined();
    expect(calls).toBe(3);
    clock = 1_100;
    await verifier.verify('good');
    expect(calls).toBe(4);
  });
});
