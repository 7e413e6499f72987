import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { createApp } from '../../worker/app';
it('dumps', async () => {
  const res = await createApp().request('/api/openapi.json');
  writeFileSync('/tmp/openapi-pages.json', JSON.stringify(await res.json(), null, 1));
});
