import { bearer, json } from './api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './cms-server';

/**
 * The Strapi console's content manager, as an editor signed in to /admin uses it: the one way
 * besides the contract to write content (staff tokens cannot use Strapi's own write routes).
 */
export async function consoleEditor(cms: TestCms) {
  const signIn = await fetch(`${cms.url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`console login failed: ${signIn.status} ${await signIn.text()}`);
  const token = (await json(signIn)).data.token as string;
  /** A content-manager call on a collection type: `path` after its uid (`?locale=en`, `/<documentId>`). */
  const call = (method: string, uid: string, path: string, body?: unknown) =>
    fetch(`${cms.url}/content-manager/collection-types/${uid}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { token, call };
}
