/** The `brand_kits` rows: one per account that saved a kit or gave it a logo. */
import { eq, sql } from 'drizzle-orm';
import { type BrandKitSettings, DEFAULT_BRAND_KIT } from '~/contract/brand.ts';
import { type Db, rows } from '~/server/db/index.ts';
import { brandKits } from '~/server/db/schema/brand.ts';

export type BrandKitRow = typeof brandKits.$inferSelect;

export async function findBrandKit(db: Db, uid: string): Promise<BrandKitRow | undefined> {
  const [row] = await db.select().from(brandKits).where(eq(brandKits.uid, uid));
  return row;
}

export async function saveBrandSettings(db: Db, uid: string, settings: BrandKitSettings): Promise<void> {
  await db
    .insert(brandKits)
    .values({ uid, settings })
    .onConflictDoUpdate({ target: brandKits.uid, set: { settings, updatedAt: new Date() } });
}

export interface LogoFacts {
  fileId: string;
  width: number;
  height: number;
}

/** Points the kit at a new logo (or none); answers the logo it had before. */
export async function replaceLogo(db: Db, uid: string, logo: LogoFacts | null): Promise<string | null> {
  const previous = (await findBrandKit(db, uid))?.logoFileId ?? null;
  const values = { logoFileId: logo?.fileId ?? null, logoWidth: logo?.width ?? null, logoHeight: logo?.height ?? null };
  await db
    .insert(brandKits)
    .values({ uid, settings: DEFAULT_BRAND_KIT, ...values })
    .onConflictDoUpdate({ target: brandKits.uid, set: { ...values, updatedAt: new Date() } });
  return previous;
}

/** Logos that a video being made (queued or running) took with its brand kit: their files must stay. */
export async function logosInUse(db: Db, uid: string): Promise<Set<string>> {
  const found = await rows<{ id: string }>(
    db,
    sql`
    select distinct v.options -> 'brand' -> 'logo' ->> 'fileId' as id
    from videos v
    join jobs j on j.id = v.job_id
    where v.uid = ${uid} and j.status in ('queued', 'active') and v.options -> 'brand' -> 'logo' ->> 'fileId' is not null`,
  );
  return new Set(found.map((r) => r.id));
}
