/**
 * The endpoint catalogue: every route the API serves for its users, and the routes it leaves out of the public
 * reference on purpose. tests/integration/openapi-routes.test.ts holds both against the server's route table.
 */
import { accountEndpoints } from './account.ts';
import { batchEndpoints } from './batches.ts';
import { developerEndpoints } from './developers.ts';
import { fileEndpoints } from './files.ts';
import { gpuEndpoints } from './gpu.ts';
import { jobEndpoints } from './jobs.ts';
import { paymentEndpoints } from './payments.ts';
import { sharingEndpoints } from './sharing.ts';
import { studioEndpoints } from './studios.ts';
import type { Endpoint, Exclusion } from './types.ts';
import { videoEndpoints } from './videos.ts';
import { watermarkEndpoints } from './watermark.ts';

export type { Endpoint, Exclusion, HttpMethod, RequestExample } from './types.ts';

export const ENDPOINTS: readonly Endpoint[] = [
  ...accountEndpoints,
  ...videoEndpoints,
  ...batchEndpoints,
  ...sharingEndpoints,
  ...studioEndpoints,
  ...watermarkEndpoints,
  ...gpuEndpoints,
  ...fileEndpoints,
  ...jobEndpoints,
  ...paymentEndpoints,
  ...developerEndpoints,
];

const OPERATORS = 'The operator console: for the operators it names, 404 for everyone else and for every API key.';

export const EXCLUDED_ROUTES: readonly Exclusion[] = [
  { method: 'get', path: '/admin/audit', reason: OPERATORS },
  { method: 'get', path: '/admin/users', reason: OPERATORS },
  { method: 'get', path: '/admin/users/:uid', reason: OPERATORS },
  { method: 'get', path: '/admin/users/:uid/ledger', reason: OPERATORS },
  { method: 'get', path: '/admin/users/:uid/ledger.csv', reason: OPERATORS },
  { method: 'post', path: '/admin/users/:uid/credits', reason: OPERATORS },
  {
    method: 'post',
    path: '/payments/stripe/webhook',
    reason: 'Called by Stripe only, proven by its signature; nobody else has a use for it.',
  },
  { method: 'get', path: '/healthz', reason: 'A probe for load balancers, not part of the product.' },
  { method: 'get', path: '/readyz', reason: 'A probe for load balancers, not part of the product.' },
  { method: 'get', path: '/mcp', reason: 'Answers 405: the MCP server is stateless, POST only.' },
  { method: 'delete', path: '/mcp', reason: 'Answers 405: the MCP server is stateless, POST only.' },
  {
    method: 'post',
    path: '/auth/auth',
    reason: "The browser's sign-in step (a Firebase ID token brings its name and photo); no use with an API key.",
  },
];
