import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, json, login } from './helpers/api';

// What a boot does to staff accounts: an upgraded database gets its first Manager, a home locked
// out of account management gets one back, and otherwise the accounts are left as the home set them.
let cms: TestCms;

beforeAll(async () => {
  cms = await startTestCms({ env: { LOGIN_MAX_FAILURES: '1000' } });
}, 180_000);

afterAll(async () => {
  await cms?.stop();
});

const signIn = async (email: string, password: string) => {
  const { status, body } = await login(cms.url, email, password);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.token as string;
};

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const response = await fetch(`${cms.url}${path}`, {
    method,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await json(response) };
};

const roles = async () =>
  Object.fromEntries(
    (
      await cms.query<{ email: string; type: string; blocked: number | boolean }>(
        'SELECT u.email, r.type, u.blocked FROM up_users u JOIN up_users_role_lnk l ON l.user_id = u.id JOIN up_roles r ON r.id = l.role_id',
      )
    ).map((row) => [row.email, `${row.type}${Number(row.blocked) ? ' (blocked)' : ''}`]),
  );

/** Changes the database as something other than the CMS would (a console, an older version), with the CMS stopped. */
async function withCmsStopped(statements: string[]) {
  await cms.stopOnly();
  for (const sql of statements) await cms.query(sql, { write: true });
  await cms.bootOnly();
}

const PASSWORD = 'Seven mango trees';
const VETERAN = 'veteran@example.org';
const SECOND = 'second-manager@example.org';

describe('staff accounts at boot', () => {
  it('upgrades a database from the single staff role: the ADMIN_EMAIL account becomes a Manager, the others stay Staff, passwords kept', async () => {
    const admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(
      (await call('POST', '/api/staff-accounts', admin, { name: 'Veteran', email: VETERAN, role: 'staff', password: PASSWORD })).status,
    ).toBe(201);
    // The database as the version before staff accounts left it: one Staff role for everybody, no Manager role.
    await withCmsStopped([
      "UPDATE up_users_role_lnk SET role_id = (SELECT id FROM up_roles WHERE type = 'staff')",
      "DELETE FROM up_permissions_role_lnk WHERE role_id IN (SELECT id FROM up_roles WHERE type = 'manager')",
      'DELETE FROM up_permissions WHERE id NOT IN (SELECT permission_id FROM up_permissions_role_lnk)',
      "DELETE FROM up_roles WHERE type = 'manager'",
      'UPDATE up_users SET display_name = NULL, last_sign_in_at = NULL',
    ]);
    expect(await roles()).toEqual({ [ADMIN_EMAIL]: 'manager', [VETERAN]: 'staff' });
    const manager = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const veteran = await signIn(VETERAN, PASSWORD);
    expect((await call('GET', '/api/staff-accounts', manager)).status).toBe(200);
    expect((await call('GET', '/api/staff-accounts', veteran)).status).toBe(403);
    // The Manager role holds the account actions again, as granted in code: its own three
    // (details, language, password) and the five on colleagues' accounts.
    const [{ n }] = await cms.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM up_permissions p JOIN up_permissions_role_lnk l ON l.permission_id = p.id JOIN up_roles r ON r.id = l.role_id WHERE r.type = 'manager' AND p.action LIKE 'api::staff-account.%'",
    );
    expect(Number(n)).toBe(8);
  });

  it('leaves the accounts as the home set them while a Manager exists: a demoted or removed ADMIN_EMAIL account stays so', async () => {
    const admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(
      (await call('POST', '/api/staff-accounts', admin, { name: 'Second', email: SECOND, role: 'manager', password: PASSWORD })).status,
    ).toBe(201);
    const second = await signIn(SECOND, PASSWORD);
    const adminId = (await call('GET', '/api/staff-accounts', second)).body.results.find(
      (a: { email: string }) => a.email === ADMIN_EMAIL,
    ).id;
    expect((await call('PUT', `/api/staff-accounts/${adminId}`, second, { role: 'staff' })).status).toBe(200);
    await cms.restart();
    expect(await roles()).toEqual({ [ADMIN_EMAIL]: 'staff', [VETERAN]: 'staff', [SECOND]: 'manager' });

    expect((await call('DELETE', `/api/staff-accounts/${adminId}`, await signIn(SECOND, PASSWORD))).status).toBe(204);
    await cms.restart();
    expect(await roles()).toEqual({ [VETERAN]: 'staff', [SECOND]: 'manager' });
    expect((await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(401);
  });

  it('with no active Manager left (blocked in the console or the database), the next boot makes the ADMIN_EMAIL account one', async () => {
    // The ADMIN_EMAIL account is gone (previous test): it is created again, with ADMIN_PASSWORD.
    await withCmsStopped(['UPDATE up_users SET blocked = true']);
    expect(await roles()).toEqual({ [ADMIN_EMAIL]: 'manager', [VETERAN]: 'staff (blocked)', [SECOND]: 'manager (blocked)' });
    const admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    // It lets the others back in.
    for (const account of (await call('GET', '/api/staff-accounts', admin)).body.results) {
      if (account.blocked) expect((await call('PUT', `/api/staff-accounts/${account.id}`, admin, { blocked: false })).status).toBe(200);
    }
    await signIn(SECOND, PASSWORD);

    // An existing account is unblocked and made a Manager, its password kept.
    await withCmsStopped([
      'UPDATE up_users SET blocked = true',
      `UPDATE up_users_role_lnk SET role_id = (SELECT id FROM up_roles WHERE type = 'staff')`,
    ]);
    expect(await roles()).toEqual({ [ADMIN_EMAIL]: 'manager', [VETERAN]: 'staff (blocked)', [SECOND]: 'staff (blocked)' });
    await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  it('refuses to start when the first Manager would get a weak ADMIN_PASSWORD', async () => {
    await expect(startTestCms({ env: { ADMIN_PASSWORD: 'Password123' } })).rejects.toThrow(
      /ADMIN_PASSWORD cannot be the first Manager's password: This password is one of the most common ones/,
    );
  });
});
