/**
 * The product backend's wire contract, imported by the server (to validate requests) and by the browser (to type
 * responses). Dates travel as ISO strings.
 */
import { z } from 'zod';
import { LEDGER_CATEGORIES, LEDGER_KINDS, type LedgerLineShape } from './ledger.ts';
import { idCursor, pageCursor } from './paging.ts';
import { StorageUsage } from './storage.ts';
import { missingToolSchema } from './system-tools.ts';
import { textField } from './text.ts';

/** Every non-2xx body. `fields` maps a dotted input path ("options.voice") to its message (400 only). */
export const ApiError = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z
    .string()
    .optional()
    .describe("500 only: the request's id. Every answer carries it in its X-Request-Id header; quote that to support."),
  /** 402 only: the price and the spendable balance at that moment. */
  needed: z.number().int().optional(),
  available: z.number().int().optional(),
  /** 503 when a worker lacks programs: "setup", and which ones with their packages. */
  reason: z.string().optional(),
  missing: z.array(missingToolSchema).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

const optionalText = (max: number) =>
  textField()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** `POST /auth/auth`: the profile the browser sends after sign-in. */
export const ProfileSyncBody = z.object({
  uid: textField().min(1).max(128),
  /** Accepted for the browser's sake; the stored e-mail is the one in the verified ID token. */
  email: optionalText(320),
  displayName: optionalText(200),
  photoURL: textField()
    .pipe(z.union([z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }).max(2048), z.literal('')]))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ProfileSyncBody = z.input<typeof ProfileSyncBody>;

export const Profile = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type Profile = z.infer<typeof Profile>;

/** `balance` is spendable now; `reserved` is held by jobs still running and returns on failure or cancel. */
export const Credits = z.object({
  balance: z.number().int().describe('Credits you can spend now.'),
  reserved: z.number().int().describe('Credits held by jobs still running; returned if they fail or are cancelled.'),
});
export type Credits = z.infer<typeof Credits>;

/** Answer of `POST /auth/auth`. `granted` is the signup grant made by this very call (0 on later syncs). */
export const ProfileSyncResponse = z.object({
  profile: Profile,
  credits: Credits,
  created: z.boolean(),
  granted: z.number().int(),
});
export type ProfileSyncResponse = z.infer<typeof ProfileSyncResponse>;

/** `GET /me`. `admin`: the user may open the operator console (the account menu shows its link only then). */
/** Something the user should act on, shown on every signed-in screen until it is dealt with (e.g. a webhook turned off). */
export const AccountNotice = z.object({ id: z.string(), text: z.string(), href: z.string() });
export type AccountNotice = z.infer<typeof AccountNotice>;

export const MeResponse = z.object({
  profile: Profile.describe('Your account: id, email, display name and photo.'),
  credits: Credits.describe('Your balance and the credits held by running jobs.'),
  storage: StorageUsage.describe('Bytes your files use and your quota.'),
  admin: z.boolean().describe('Whether you may open the operator console.'),
  notices: z.array(AccountNotice).describe('Things to act on, such as a webhook endpoint turned off.'),
});
export type MeResponse = z.infer<typeof MeResponse>;

export { LEDGER_KINDS, type LedgerKind } from './ledger.ts';
export const LedgerEntry = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Change to the spendable balance. */
  delta: z.number().int(),
  /** Change to the reserved amount. */
  reservedDelta: z.number().int(),
  reason: z.string(),
  jobId: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/**
 * `GET /credits/ledger?cursor=&limit=&category=`: newest first; pass `nextCursor` back to get the next page.
 * `category` (see ledger.ts) keeps the rows of one kind in the user's terms; `GET /credits/ledger.csv?category=`
 * exports every such row.
 */
export const LedgerFilter = z.object({ category: z.enum(LEDGER_CATEGORIES).optional() });
export const LedgerQuery = LedgerFilter.extend({
  cursor: idCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const LedgerPage = z.object({ entries: z.array(LedgerEntry), nextCursor: z.string().nullable() });
export type LedgerPage = z.infer<typeof LedgerPage>;

/**
 * `GET /credits/ledger/lines?cursor=&limit=&category=`: the same ledger as one line per thing the user did (a video,
 * a rental, a purchase), its rows folded in (ledger.ts `groupLedger`). A page holds whole lines, newest activity
 * first; `category` keeps the lines with at least one row of it. The CSV stays one row per entry.
 */
export const LedgerLine = z.object({
  id: z.string(),
  label: z.string(),
  amount: z.number().int(),
  held: z.number().int(),
  state: z.enum(['held', 'returned', 'settled']),
  startedAt: z.string(),
  updatedAt: z.string(),
  entries: z.array(LedgerEntry),
}) satisfies z.ZodType<LedgerLineShape>;
export type LedgerLine = z.infer<typeof LedgerLine>;
export const LedgerLinePage = z.object({ lines: z.array(LedgerLine), nextCursor: z.string().nullable() });
export type LedgerLinePage = z.infer<typeof LedgerLinePage>;

export const JOB_STATUSES = ['queued', 'active', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const Job = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  stage: z.string().nullable(),
  /** 0..1 */
  progress: z.number(),
  cost: z.number().int(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof Job>;
export const isFinished = (status: JobStatus): boolean =>
  status === 'succeeded' || status === 'failed' || status === 'cancelled';

/**
 * A client's key for a create request it may send twice (a retry, the fallback host), in the `Idempotency-Key`
 * header: the same key with the same request answers like the first, the same key with another request is a 409.
 */
export const IdempotencyKey = textField().min(1).max(200);

/** `POST /jobs`: accept a job of a registered kind; its credits are reserved at once (402 if short). */
export const CreateJobBody = z.object({
  kind: textField().min(1).max(64),
  payload: z.unknown(),
  /** The Idempotency-Key, for clients that cannot set headers. */
  idempotencyKey: IdempotencyKey.optional(),
});
export type CreateJobBody = z.input<typeof CreateJobBody>;

/** `GET /jobs?cursor=&limit=`: newest first. */
export const JobListQuery = z.object({
  cursor: pageCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const JobPage = z.object({ jobs: z.array(Job), nextCursor: z.string().nullable() });
export type JobPage = z.infer<typeof JobPage>;

/** `GET /files/:id/url`: a short-lived signed URL usable as <video>/<audio> src without headers. */
export const SignedUrl = z.object({ url: z.string(), expiresAt: z.string() });
export type SignedUrl = z.infer<typeof SignedUrl>;

export const FileInfo = z.object({
  id: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  name: z.string().nullable(),
  createdAt: z.string(),
});
export type FileInfo = z.infer<typeof FileInfo>;

/** Server-sent events of `GET /jobs/:id/events`: one `job` event per change, stream ends when finished. */
export const JOB_EVENT = 'job';
