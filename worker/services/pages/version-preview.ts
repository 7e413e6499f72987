/**
 * An older version shown in the editor's preview (docs/behaviour.md#history): the files of the
 * page's own folder that the page no longer uses are private (`kept/{slug}/`, see
 * history-files.ts), so the answer of `GET …/versions/{id}` names them by short-lived signed
 * links (services/media/kept-links.ts) instead of their `/dati/…` paths, which answer 404. Paths
 * the page still shows, links elsewhere and shipped images stay as they are.
 */
import { KEPT_FILE_RE } from '../../../src/core/kept-links';
import type { VersionAnswer } from '../../../src/core/schemas/versions';
import { mediaInUse } from '../../db/pages/media';
import type { Bindings } from '../../env';
import { keptLinkSigner } from '../media/kept-links';
import { ownObjectKey } from '../media/upload-bytes';

type Env = Pick<Bindings, 'DB' | 'JWT_SECRET'>;
type Shown = VersionAnswer['page'];

/** The version's page with each private file of the page's folder behind a signed link. */
export async function withKeptLinks(env: Env, page: { id: number; folder_name: string }, shown: Shown): Promise<Shown> {
  const inUse = await mediaInUse(env.DB, page.id);
  /** the file name of a path of the page's folder the page no longer uses, else null */
  const keptName = (path: string | null): string | null => {
    if (!path || inUse.has(path) || !ownObjectKey(page.folder_name, path)) return null;
    const name = path.slice(path.lastIndexOf('/') + 1);
    return KEPT_FILE_RE.test(name) ? name : null;
  };
  const paths = [shown.header, shown.header_poster, ...shown.buttons.map((b) => b.image_path)];
  if (!paths.some((p) => keptName(p) !== null)) return shown;
  const sign = await keptLinkSigner(env);
  const linked = async <P extends string | null>(path: P): Promise<P | string> => {
    const name = keptName(path);
    return name === null ? path : sign(page.folder_name, name);
  };
  return {
    ...shown,
    header: await linked(shown.header),
    header_poster: await linked(shown.header_poster),
    buttons: await Promise.all(shown.buttons.map(async (b) => ({ ...b, image_path: await linked(b.image_path) }))),
  };
}
