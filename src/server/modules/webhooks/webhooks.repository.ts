import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { videos, type VideoRow } from '../../db/schema/videos';
import {
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../db/schema/webhooks';

export interface EndpointValues {
  url: string;
  description: string | null;
  events: string[];
}

export interface EndpointPatch {
  url?: string;
  description?: string | null;
  events?: string[];
  /** true: enabled, the failure streak cleared; false: disabled with `disabledReason`. */
  enabled?: boolean;
  disabledReason?: string;
}

/** The owner a delivery goes out for: the plan gates sending, the email hears of a disabled endpoint. */
export interface EndpointOwner {
  id: string;
  email: string;
  plan: string;
  timeZone: string;
}

export interface DeliveryWithEndpoint {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow;
  owner: EndpointOwner;
}

/** What one attempt wrote on its delivery. */
export interface AttemptOutcome {
  status: 'pending' | 'succeeded' | 'failed';
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
  at: Date;
  nextAttemptAt: Date | null;
}

const ownerColumns = {
  id: users.id,
  email: users.email,
  plan: users.plan,
  timeZone: users.timeZone,
};

/** The SQL of the webhooks module: endpoints, their deliveries, and what events read of a video. */
export function webhooksRepository(db: Db) {
  return {
    list(userId: string): Promise<WebhookEndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
    },

    async find(userId: string, id: string): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
      return row;
    },

    /** Adds an endpoint unless the owner holds `limit` already (counted under the owner's row lock). */
    async create(
      userId: string,
      values: EndpointValues & { secret: string },
      limit: number,
    ): Promise<WebhookEndpointRow | 'limit'> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.userId, userId));
        if ((held?.n ?? 0) >= limit) return 'limit' as const;
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({ userId, ...values })
          .returning();
        return row!;
      });
    },

    async update(
      userId: string,
      id: string,
      patch: EndpointPatch,
      at: Date,
    ): Promise<WebhookEndpointRow | undefined> {
      const { enabled, disabledReason, ...fields } = patch;
      const [row] = await db
        .update(webhookEndpoints)
        .set({
          ...fields,
          ...(enabled === true ? { disabledAt: null, disabledReason: null, failureStreak: 0 } : {}),
          // Disabling keeps the first reason and time when it was disabled already.
          ...(enabled === false
            ? {
                disabledAt: sql`coalesce(${webhookEndpoints.disabledAt}, ${at.toISOString()}::timestamptz)`,
                disabledReason: sql`coalesce(${webhookEndpoints.disabledReason}, ${disabledReason ?? null})`,
              }
            : {}),
          updatedAt: at,
        })
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .returning();
      return row;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** The owner's enabled endpoints subscribed to `eventType`, with the owner. */
    async subscribed(
      userId: string,
      eventType: string,
    ): Promise<{ endpoints: WebhookEndpointRow[]; owner: EndpointOwner | undefined }> {
      const [owner] = await db.select(ownerColumns).from(users).where(eq(users.id, userId));
      const endpoints = await db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.userId, userId),
            isNull(webhookEndpoints.disabledAt),
            sql`${webhookEndpoints.events} @> ${JSON.stringify([eventType])}::jsonb`,
          ),
        );
      return { endpoints, owner };
    },

    /** The owners with an enabled endpoint subscribed to `eventType`. */
    ownersSubscribedTo(eventType: string): Promise<EndpointOwner[]> {
      return db
        .selectDistinct(ownerColumns)
        .from(webhookEndpoints)
        .innerJoin(users, eq(users.id, webhookEndpoints.userId))
        .where(
          and(
            isNull(webhookEndpoints.disabledAt),
            sql`${webhookEndpoints.events} @> ${JSON.stringify([eventType])}::jsonb`,
          ),
        );
    },

    /**
     * A delivery row (status 'pending', due at once). With `id` given, a row that exists already is
     * left as it is and undefined answered: the same event is never delivered twice.
     */
    async createDelivery(values: {
      id?: string;
      endpointId: string;
      eventType: string;
      payload: string;
      at: Date;
    }): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ ...values, createdAt: values.at, nextAttemptAt: values.at })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** How many of these deliveries exist. */
    async countDeliveries(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.id, ids));
      return row?.n ?? 0;
    },

    async delivery(id: string): Promise<DeliveryWithEndpoint | undefined> {
      const [row] = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, owner: ownerColumns })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(users, eq(users.id, webhookEndpoints.userId))
        .where(eq(webhookDeliveries.id, id));
      return row;
    },

    /**
     * Claims attempt number `attempt` of a pending delivery (attempts were `attempt - 1`): false when
     * another worker took it, or it is settled. A job run twice makes one attempt.
     */
    async claimAttempt(id: string, attempt: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(webhookDeliveries)
        .set({ attempts: attempt, lastAttemptAt: at })
        .where(
          and(
            eq(webhookDeliveries.id, id),
            eq(webhookDeliveries.status, 'pending'),
            eq(webhookDeliveries.attempts, attempt - 1),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return rows.length > 0;
    },

    async recordAttempt(id: string, outcome: AttemptOutcome): Promise<WebhookDeliveryRow> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({
          status: outcome.status,
          responseStatus: outcome.responseStatus,
          durationMs: outcome.durationMs,
          error: outcome.error,
          lastAttemptAt: outcome.at,
          nextAttemptAt: outcome.nextAttemptAt,
        })
        .where(eq(webhookDeliveries.id, id))
        .returning();
      return row!;
    },

    /** A success: the streak starts again. */
    async clearStreak(endpointId: string): Promise<void> {
      await db
        .update(webhookEndpoints)
        .set({ failureStreak: 0 })
        .where(
          and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failureStreak} > 0`),
        );
    },

    /**
     * A delivery given up: the streak grows, and at `limit` the endpoint is disabled with `reason`.
     * Answers the row when this call disabled it (exactly one caller does), else undefined.
     */
    async countFailure(
      endpointId: string,
      limit: number,
      reason: string,
      at: Date,
    ): Promise<WebhookEndpointRow | undefined> {
      const [counted] = await db
        .update(webhookEndpoints)
        .set({ failureStreak: sql`${webhookEndpoints.failureStreak} + 1` })
        .where(eq(webhookEndpoints.id, endpointId))
        .returning({ streak: webhookEndpoints.failureStreak });
      if (!counted || counted.streak < limit) return undefined;
      // Only the update that finds it still enabled disables it (and tells the owner).
      const [disabled] = await db
        .update(webhookEndpoints)
        .set({ disabledAt: at, disabledReason: reason, updatedAt: at })
        .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
        .returning();
      return disabled;
    },

    /** A page of an endpoint's deliveries, newest first, after the cursor's (createdAt, id). */
    deliveries(
      endpointId: string,
      after: { createdAt: Date; id: string } | null,
      limit: number,
    ): Promise<WebhookDeliveryRow[]> {
      return db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            after
              ? or(
                  lt(webhookDeliveries.createdAt, after.createdAt),
                  and(
                    eq(webhookDeliveries.createdAt, after.createdAt),
                    lt(webhookDeliveries.id, after.id),
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
    },

    /** Deliveries still pending whose attempt is long overdue (a job lost with a crashed worker). */
    overdue(before: Date, limit: number): Promise<WebhookDeliveryRow[]> {
      return db
        .select()
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.nextAttemptAt, before)),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(limit);
    },

    async video(videoId: string): Promise<VideoRow | undefined> {
      const [row] = await db.select().from(videos).where(eq(videos.id, videoId));
      return row;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
