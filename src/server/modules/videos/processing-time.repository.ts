import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface ProcessingSample {
  elapsedSeconds: number;
  durationSeconds: number;
}

/** The pipeline's own timings, from the audit trail (video_events). */
export function processingTimeRepository(db: Db) {
  return {
    /**
     * The most recent videos the pipeline enhanced by itself (action 'enhanced'; an admin's upload is
     * 'enhanced_uploaded'): seconds from upload to their first 'enhanced', and their length.
     */
    async recentSamples(limit: number): Promise<ProcessingSample[]> {
      const result = await db.execute(sql`
        select extract(epoch from (min(e.created_at) - v.uploaded_at)) as elapsed, v.duration
        from video_events e
        join videos v on v.id = e.video_id
        where e.action = 'enhanced' and v.duration ~ '^[0-9]+(\\.[0-9]+)?$'
        group by v.id, v.uploaded_at, v.duration
        order by min(e.created_at) desc
        limit ${limit}
      `);
      const rows = (result as unknown as { rows: Array<{ elapsed: unknown; duration: unknown }> })
        .rows;
      return rows.map((r) => ({
        elapsedSeconds: Number(r.elapsed),
        durationSeconds: Number(r.duration),
      }));
    },
  };
}

export type ProcessingTimeRepository = ReturnType<typeof processingTimeRepository>;
