/**
 * The check every integration answer goes through (tests/integration/support/openapi-answers.ts): an answer fits
 * when the document declares its status for that route and its body fits the schema declared for that status.
 */
import { describe, expect, it } from 'vitest';
import { undeclaredAnswer } from '../integration/support/openapi-answers.ts';

const ID = '3f1c9a7e-2b4d-4c8e-9f10-5a6b7c8d9e0f';
const delivery = {
  id: ID,
  endpointId: ID,
  eventId: 'msg_x',
  eventType: 'webhook.test',
  status: 'pending',
  attempts: 0,
  responseStatus: null,
  responseMs: null,
  error: null,
  createdAt: '2026-11-28T12:00:00.000Z',
  lastAttemptAt: null,
  nextAttemptAt: '2026-11-28T12:00:00.000Z',
};

describe('answers held against the OpenAPI document', () => {
  it('accepts a declared status with a body that fits its schema', () => {
    const json = 'application/json';
    expect(undeclaredAnswer('POST', `/webhooks/endpoints/${ID}/test`, 202, json, delivery)).toBeUndefined();
    expect(
      undeclaredAnswer('POST', `/webhooks/endpoints/${ID}/test`, 409, json, { error: 'This endpoint is turned off' }),
    ).toBeUndefined();
  });

  it('names the route and the status the document leaves out', () => {
    expect(undeclaredAnswer('POST', `/webhooks/endpoints/${ID}/test`, 418, 'application/json', { error: 'x' })).toMatch(
      /^POST \/webhooks\/endpoints\/\{id\}\/test answered 418, which the OpenAPI document does not declare \(it declares 202, /,
    );
  });

  it('names the field a body gets wrong', () => {
    const wrong = { ...delivery, attempts: 'none' };
    expect(undeclaredAnswer('POST', `/webhooks/endpoints/${ID}/test`, 202, 'application/json', wrong)).toMatch(
      /answered 202 with a body the OpenAPI document's schema refuses: \/attempts must be/,
    );
  });

  it('answers for the more specific route, and leaves paths outside the document alone', () => {
    expect(undeclaredAnswer('GET', '/videos/availability', 200, 'application/json', [])).toMatch(
      /GET \/videos\/availability/,
    );
    expect(undeclaredAnswer('GET', '/no/such/route', 404, 'application/json', { error: 'Not found' })).toBeUndefined();
  });
});
