// npm run ticket-pages: serves saved ticket pages on this machine, so that 'Importa da link' can
// be tried with `npm start` (docs/behaviour.md#reading-a-ticket-page-safely: the local trial
// allows http and loopback addresses only where the dev mailbox exists).
//
//   npm run ticket-pages                 the test pages in tests/fixtures/ticket-pages/
//   npm run ticket-pages -- ~/Downloads  any folder of saved pages (.html, .json)
//   TICKET_PAGES_PORT=8791 npm run ticket-pages
import { createServer } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'tests/fixtures/ticket-pages');
const port = Number(process.env.TICKET_PAGES_PORT ?? 8790);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.json': 'application/ld+json',
};

const pages = () => readdirSync(root).filter((name) => TYPES[extname(name).toLowerCase()]);

const server = createServer((req, res) => {
  const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
  const type = TYPES[extname(name).toLowerCase()];
  // only a file of the folder itself, by its plain name
  if (name && type && name === basename(name) && pages().includes(name) && statSync(join(root, name)).isFile()) {
    res.writeHead(200, { 'content-type': type });
    res.end(readFileSync(join(root, name)));
    return;
  }
  const list = pages()
    .map((p) => `<li><a href="/${encodeURIComponent(p)}">${p.replace(/[<>&"]/g, '')}</a></li>`)
    .join('');
  res.writeHead(name ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><meta charset="utf-8"><title>Ticket pages</title><ul>${list}</ul>`);
});

server.listen(port, '127.0.0.1', () => {
  console.log(`Ticket pages of ${root}\n`);
  for (const p of pages()) console.log(`  http://127.0.0.1:${port}/${encodeURIComponent(p)}`);
  console.log("\nPaste one in the editor's 'Importa da link' (npm start running). Ctrl+C stops.");
});
