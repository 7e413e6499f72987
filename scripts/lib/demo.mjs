// Filled by the pages issue: the SQL that makes sure the demo page exists.
export const DEMO_SLUG = null;
export function demoSql() {
  return 'SELECT 1';
}
