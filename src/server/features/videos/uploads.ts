/** Uploaded files (checked and stored by media/upload.ts) that videos still need. */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '~/server/db/index.ts';

/** Uploaded images, clips and music that a video being made (queued or running) still needs. */
export async function imagesInUse(db: Db, uid: string): Promise<Set<string>> {
  const found = await rows<{ id: string }>(
    db,
    sql`
    select distinct image.id
    from videos v
    join jobs j on j.id = v.job_id
    cross join lateral jsonb_array_elements_text(
      coalesce(v.options -> 'imageFileIds', '[]'::jsonb)
        || jsonb_path_query_array(v.options, '$.music.fileId')
        || jsonb_path_query_array(v.options, '$.scenes[*].visual.fileId')
    ) as image(id)
    where v.uid = ${uid} and j.status in ('queued', 'active')`,
  );
  return new Set(found.map((r) => r.id));
}
