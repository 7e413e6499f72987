/**
 * Failed logins per account (keyed by the normalised e-mail, known or not, so the 429 tells
 * nothing about which accounts exist). `at` is epoch milliseconds.
 */
export async function recentFailures(
  db: D1Database,
  email: string,
  since: number,
): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .prepare('SELECT COUNT(*) AS n, MIN(at) AS oldest FROM login_failures WHERE email = ? AND at > ?')
    .bind(email, since)
    .first<{ n: number; oldest: number | null }>();
  return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/** Records a failure and forgets every failure older than the window (the table stays small). */
export async function recordFailure(db: D1Database, email: string, now: number, windowMs: number): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM login_failures WHERE at <= ?').bind(now - windowMs),
    db.prepare('INSERT INTO login_failures (email, at) VALUES (?, ?)').bind(email, now),
  ]);
}

export async function clearFailures(db: D1Database, email: string): Promise<void> {
  await db.prepare('DELETE FROM login_failures WHERE email = ?').bind(email).run();
}
