/**
 * The operator console's wire contract (`/admin/...`, admins only; everyone else gets 404 from every such path).
 */
import { z } from 'zod';
import { Credits, Job, Profile } from './api.ts';
import { isUuid } from './ids.ts';
import { textField } from './text.ts';

/** The most credits one grant or deduction may move: a typo of a few extra zeros is refused, not applied. */
export const MAX_ADMIN_CREDITS = 1_000_000;

/** `GET /admin/users?q=`: an exact uid, or part of an e-mail address (case does not matter). */
export const AdminUserSearch = z.object({ q: textField().trim().min(1, 'Enter an e-mail address or a uid').max(320) });
export const AdminUserSummary = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummary>;
export const AdminUserList = z.object({ users: z.array(AdminUserSummary) });
export type AdminUserList = z.infer<typeof AdminUserList>;

/** `GET /admin/users/:uid`: the user's profile, balance and most recent jobs (their ledger: `/admin/users/:uid/ledger`). */
export const AdminUserDetail = z.object({ profile: Profile, credits: Credits, jobs: z.array(Job) });
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const CREDIT_ACTIONS = ['grant', 'deduct'] as const;
export type CreditAction = (typeof CREDIT_ACTIONS)[number];

/**
 * `POST /admin/users/:uid/credits`. `idempotencyKey` is made once per intended change by the browser (or the
 * command line), so a double click or a retried request moves the credits once.
 */
export const AdminCreditBody = z.object({
  action: z.enum(CREDIT_ACTIONS, { error: 'Choose grant or deduct' }),
  credits: z
    .number({ error: 'Enter a whole number of credits' })
    .int('Enter a whole number of credits')
    .min(1, 'At least 1 credit')
    .max(MAX_ADMIN_CREDITS, `At most ${MAX_ADMIN_CREDITS.toLocaleString('en-US')} credits at once`),
  reason: textField({ error: 'Say why' }).trim().min(1, 'Say why').max(500, 'At most 500 characters'),
  idempotencyKey: z.string().refine(isUuid, 'Must be a UUID'),
});
export type AdminCreditBody = z.input<typeof AdminCreditBody>;

/** `applied: false` when the same idempotency key had already moved the credits (nothing changed this time). */
export const AdminCreditResult = z.object({ applied: z.boolean(), credits: Credits });
export type AdminCreditResult = z.infer<typeof AdminCreditResult>;

/** The open holds of each kind of owner, in credits. */
export const HoldsByOwner = z.object({ jobs: z.number().int(), rentals: z.number().int(), requests: z.number().int() });

/** One account the audit found wrong: its rows, what the ledger and the owners say, and each problem in words. */
export const CreditAuditFailure = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  balance: z.number().int(),
  reserved: z.number().int(),
  ledgerBalance: z.number().int(),
  ledgerReserved: z.number().int(),
  holds: HoldsByOwner,
  problems: z.array(z.string()),
});
export type CreditAuditFailure = z.infer<typeof CreditAuditFailure>;

/**
 * `GET /admin/audit`: every account checked — the balance equals the ledger's sum, and `reserved` equals the open
 * holds of running jobs, live GPU rentals and open request holds — with the accounts that fail and why.
 */
export const CreditAudit = z.object({
  checkedAt: z.string(),
  accounts: z.number().int(),
  holds: HoldsByOwner,
  failures: z.array(CreditAuditFailure),
});
export type CreditAudit = z.infer<typeof CreditAudit>;
