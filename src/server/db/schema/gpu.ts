/**
 * GPU rental: the user's SSH keys, and one row per rental that is both its state machine (features/gpu/state.ts)
 * and its meter (features/gpu/billing.ts). The row is written before the provider is asked for a machine, so a
 * create that dies half-way is found and finished (or adopted) by the next reconcile instead of repeated.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { GPU_PROVIDERS, type GpuTemplate, RENTAL_STATUSES } from '~/contract/gpu.ts';
import { optionalTs, owner, ts } from './users.ts';

export const gpuSshKeys = pgTable(
  'gpu_ssh_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: owner(),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: ts('created_at'),
  },
  (t) => [uniqueIndex('gpu_ssh_keys_uid_fingerprint').on(t.uid, t.fingerprint)],
);

/** Where to reach a running machine, as the provider last reported it. */
export interface RentalConnection {
  sshHost: string | null;
  sshPort: number | null;
  sshUser: string;
  /** Ports the provider's HTTP proxy forwards, with their page links. */
  links: { label: string; url: string }[];
}

export const gpuRentals = pgTable(
  'gpu_rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: owner(),
    provider: text('provider', { enum: GPU_PROVIDERS }).notNull(),
    /** The provider's offer (GPU type, instance type) and where it runs. */
    offerKey: text('offer_key').notNull(),
    region: text('region').notNull(),
    gpuModel: text('gpu_model').notNull(),
    gpuCount: integer('gpu_count').notNull(),
    vramGb: real('vram_gb').notNull(),
    template: text('template').$type<GpuTemplate>().notNull(),
    image: text('image').notNull(),
    diskGb: integer('disk_gb').notNull(),
    sshPublicKey: text('ssh_public_key').notNull(),
    sandbox: integer('sandbox').notNull().default(0),
    supportsStop: integer('supports_stop').notNull().default(1),
    status: text('status', { enum: RENTAL_STATUSES }).notNull().default('requested'),
    statusReason: text('status_reason'),
    /** Set once the provider named the machine; null while the create may still be under way. */
    machineId: text('machine_id'),
    /** When a create call was last sent; a later reconcile looks for the machine by its tag before sending another. */
    createSentAt: optionalTs('create_sent_at'),
    createAttempts: integer('create_attempts').notNull().default(0),
    connection: jsonb('connection').$type<RentalConnection>(),
    creditsPerHour: integer('credits_per_hour').notNull(),
    stoppedCreditsPerHour: integer('stopped_credits_per_hour').notNull().default(0),
    /** The meter: started minutes of finished segments, and the start of the open one. */
    runMinutes: integer('run_minutes').notNull().default(0),
    stoppedMinutes: integer('stopped_minutes').notNull().default(0),
    runningSince: optionalTs('running_since'),
    stoppedSince: optionalTs('stopped_since'),
    /** Milliseconds of running time of finished segments (uptime, not billing). */
    uptimeMs: integer('uptime_ms').notNull().default(0),
    /** Credits spent (captured) and held for the coming minutes; `settleSeq` numbers the settlements' ledger keys. */
    captured: integer('captured').notNull().default(0),
    held: integer('held').notNull().default(0),
    settleSeq: integer('settle_seq').notNull().default(0),
    createdAt: ts('created_at'),
    updatedAt: ts('updated_at'),
    endedAt: optionalTs('ended_at'),
  },
  (t) => [
    index('gpu_rentals_uid_created').on(t.uid, t.createdAt),
    // The reconcile loop reads only rentals that are not over.
    index('gpu_rentals_open').on(t.status).where(sql`${t.status} not in ('terminated', 'failed')`),
    check('gpu_rentals_held_nonnegative', sql`${t.held} >= 0`),
  ],
);

export type GpuRentalRow = typeof gpuRentals.$inferSelect;

/**
 * When each rental ran, one row per running segment (`ended_at` null while it runs). The rental's meter keeps only
 * totals; GPU hours within any date range (analytics) need the segments themselves.
 */
export const gpuRunSegments = pgTable(
  'gpu_run_segments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => gpuRentals.id, { onDelete: 'cascade' }),
    uid: owner(),
    gpuCount: integer('gpu_count').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: optionalTs('ended_at'),
  },
  (t) => [
    index('gpu_run_segments_uid_started').on(t.uid, t.startedAt),
    index('gpu_run_segments_open').on(t.rentalId).where(sql`${t.endedAt} is null`),
  ],
);
