/**
 * The provider's webhook deliveries already taken (migration 0016): a delivery id seen in the
 * last WEBHOOK_REPLAY_WINDOW_MS is a replay, answered and ignored (docs/behaviour.md#fans).
 */

/** How long a delivery id is remembered. */
export const WEBHOOK_REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Claims a delivery id in one statement: true when it was not seen within the window (it is
 * now recorded as seen at `now`), false for a replay. Parallel requests with the same id cannot
 * both get true: the id is the primary key, and an older row is taken over only by the
 * statement that finds it still old.
 */
export async function claimDelivery(db: D1Database, id: string, now: number = Date.now()): Promise<boolean> {
  const res = await db
    .prepare(
      `INSERT INTO webhook_deliveries (id, seen_at) VALUES (?1, ?2)
       ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at WHERE webhook_deliveries.seen_at <= ?3`,
    )
    .bind(id, now, now - WEBHOOK_REPLAY_WINDOW_MS)
    .run();
  return (res.meta.changes ?? 0) > 0;
}

/** Gives an id back when its delivery could not be processed, so the provider's retry is taken. */
export async function releaseDelivery(db: D1Database, id: string, seenAt: number): Promise<void> {
  await db.prepare('DELETE FROM webhook_deliveries WHERE id = ? AND seen_at = ?').bind(id, seenAt).run();
}

/** Maintenance: ids older than the window are deleted; answers how many. */
export async function pruneWebhookDeliveries(db: D1Database, now: number = Date.now()): Promise<number> {
  const res = await db
    .prepare('DELETE FROM webhook_deliveries WHERE seen_at <= ?')
    .bind(now - WEBHOOK_REPLAY_WINDOW_MS)
    .run();
  return res.meta.changes ?? 0;
}
