import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, decodeJwt } from './helpers/api';

// The Strapi console (/admin) is no second door: it opens only with the current password of an
// active Manager's staff login, its sessions end when that person is blocked, removed, demoted or
// changes their password, and it has no password reset, invitations or password of its own.
//
// Strapi's own limiter on POST /admin/login takes at most 5 requests per e-mail in 5 minutes
// (successful ones too), so each person below signs in to the console at most 5 times.
const PROXY_SECRET = 'attacks-console-test-proxy-secret';
const PASSWORD = 'Seven mango trees';
const NEW_PASSWORD = 'Nine lemon trees';
const dnsSpyFile = path.join(os.tmpdir(), `cms-dns-spy-console-${process.pid}.log`);

let cms: TestCms;
/** The first Manager (ADMIN_EMAIL): a site token and their current password. */
let admin: string;
let adminPassword = ADMIN_PASSWORD;
/** The first Manager's console token (the console's super admin), once signed in with the new password. */
let adminConsole: string;

beforeAll(async () => {
  await rm(dnsSpyFile, { force: true });
  cms = await startTestCms({
    env: {
      WEB_PROXY_SECRET: PROXY_SECRET,
      // Records every MX lookup: an e-mail the CMS tries to send makes one.
      NODE_OPTIONS: `--import ${pathToFileURL(path.join(__dirname, 'helpers', 'dns-spy.mjs'))}`,
      DNS_SPY_FILE: dnsSpyFile,
    },
  });
  admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
}, 180_000);

afterAll(async () => {
  await cms?.stop();
  await rm(dnsSpyFile, { force: true });
});

// Each sign-in comes from its own visitor address (vouched for as the web app does), so refused
// ones never add up to the login limit, except where a test means them to.
let visitor = 0;
const newVisitor = () => {
  visitor += 1;
  return `10.3.${Math.floor(visitor / 250)}.${visitor % 250}`;
};
const fromClient = (client: string) => ({ 'x-client-ip': client, 'x-web-proxy-secret': PROXY_SECRET });

interface Answer {
  status: number;
  text: string;
  body: any;
  headers: Headers;
}

const request = async (
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) => {
  const response = await fetch(`${cms.url}${urlPath}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? bearer(options.token) : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : null, headers: response.headers } as Answer;
};

async function signIn(email: string, password: string) {
  const { status, body } = await request('POST', '/api/users/login', { body: { email, password }, headers: fromClient(newVisitor()) });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.token as string;
}

const consoleLogin = (email: string, password: string, client = newVisitor(), urlPath = '/admin/login') =>
  request('POST', urlPath, { body: { email, password }, headers: fromClient(client) });

/** A console session: its access token and its refresh cookie (what the console keeps in the browser). */
async function consoleSignIn(email: string, password: string) {
  const answer = await consoleLogin(email, password);
  expect(answer.status, answer.text).toBe(200);
  const cookie = answer.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .find((value) => value.startsWith('strapi_admin_refresh='));
  expect(cookie).toBeDefined();
  return { token: answer.body.data.token as string, cookie: cookie!, user: answer.body.data.user as { id: number; email: string } };
}

/** A new access token from the refresh cookie, as the console asks for one. */
const refresh = (cookie: string) => request('POST', '/admin/access-token', { headers: { cookie } });

/** What every refused console sign-in answers: for an e-mail nobody has. */
let unknownSerial = 0;
const refusal = async () => {
  unknownSerial += 1;
  const answer = await consoleLogin(`nobody-${unknownSerial}@example.org`, 'Whatever-Passw0rd');
  expect(answer.status).toBe(400);
  return answer.text;
};

let serial = 0;
const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${(serial += 1)}@example.org`;

/** A new staff account added by the first Manager. */
async function addAccount(role: 'manager' | 'staff') {
  const email = newEmail(role);
  const created = await request('POST', '/api/staff-accounts', {
    token: admin,
    body: { name: 'Mira Rai', email, role, password: PASSWORD },
  });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.id as number, email };
}

const consoleUser = async (email: string) =>
  (
    await cms.query<{ id: number; is_active: number | boolean; password: string | null; reset_password_token: string | null }>(
      `SELECT id, is_active, password, reset_password_token FROM admin_users WHERE email = '${email.replace(/'/g, "''")}'`,
    )
  )[0];

const consoleRoles = async (userId: number) =>
  (
    await cms.query<{ code: string }>(
      `SELECT r.code FROM admin_roles r JOIN admin_users_roles_lnk l ON l.role_id = r.id WHERE l.user_id = ${Number(userId)} ORDER BY r.code`,
    )
  ).map((row) => row.code);

const consoleSessions = async (userId: number) =>
  Number(
    (
      await cms.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM strapi_sessions WHERE origin = 'admin' AND user_id = '${Number(userId)}'`,
      )
    )[0].n,
  );

const isActive = async (email: string) => Boolean(Number((await consoleUser(email))?.is_active));

describe('the console opens with the current password of an active Manager, and only then', () => {
  it('after a Manager changes their password on the site, the old one is refused, the new one works, and earlier console sessions are over', async () => {
    const before = await consoleSignIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await request('GET', '/admin/users/me', { token: before.token })).status).toBe(200);

    const changed = await request('PUT', '/api/account/password', {
      token: admin,
      body: { currentPassword: ADMIN_PASSWORD, password: NEW_PASSWORD },
    });
    expect(changed.status, changed.text).toBe(204);
    adminPassword = NEW_PASSWORD;

    // The token and the refresh cookie of before the change are refused.
    expect((await request('GET', '/admin/users/me', { token: before.token })).status).toBe(401);
    expect((await request('GET', '/admin/users', { token: before.token })).status).toBe(401);
    expect((await refresh(before.cookie)).status).toBe(401);
    expect(await consoleSessions(before.user.id)).toBe(0);
    // The old password opens nothing, and says no more than for an unknown e-mail.
    const old = await consoleLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(old.status).toBe(400);
    expect(old.text).toBe(await refusal());

    const after = await consoleSignIn(ADMIN_EMAIL, NEW_PASSWORD);
    const me = await request('GET', '/admin/users/me', { token: after.token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(ADMIN_EMAIL);
    adminConsole = after.token;
    // The site session the change came from stays.
    expect((await request('GET', '/api/staff-accounts', { token: admin })).status).toBe(200);
  });

  it('a Manager blocked by another Manager loses the console at once: earlier tokens can neither list nor edit users, the password opens nothing; unblocked, they sign in again', async () => {
    const mira = await addAccount('manager');
    // The first sign-in makes her console user: active, an Editor.
    const first = await consoleSignIn(mira.email, PASSWORD);
    expect(await isActive(mira.email)).toBe(true);
    expect(await consoleRoles(first.user.id)).toEqual(['strapi-editor']);
    // The console's super admin makes her one too, as the finding had it.
    const superAdmin = (await request('GET', '/admin/roles', { token: adminConsole })).body.data.find(
      (role: { code: string }) => role.code === 'strapi-super-admin',
    );
    const promoted = await request('PUT', `/admin/users/${first.user.id}`, { token: adminConsole, body: { roles: [superAdmin.id] } });
    expect(promoted.status, promoted.text).toBe(200);
    expect((await request('GET', '/admin/users', { token: first.token })).status).toBe(200);

    const blocked = await request('PUT', `/api/staff-accounts/${mira.id}`, { token: admin, body: { blocked: true } });
    expect(blocked.status, blocked.text).toBe(200);

    const adminConsoleUser = (await consoleUser(ADMIN_EMAIL))!;
    expect((await request('GET', '/admin/users', { token: first.token })).status).toBe(401);
    expect((await request('GET', '/admin/users/me', { token: first.token })).status).toBe(401);
    const edit = await request('PUT', `/admin/users/${adminConsoleUser.id}`, { token: first.token, body: { firstname: 'Taken' } });
    expect(edit.status).toBe(401);
    expect((await refresh(first.cookie)).status).toBe(401);
    expect(await consoleSessions(first.user.id)).toBe(0);
    expect(await isActive(mira.email)).toBe(false);
    const refused = await consoleLogin(mira.email, PASSWORD);
    expect(refused.status).toBe(400);
    expect(refused.text).toBe(await refusal());
    // Nothing was edited with the old token.
    expect((await request('GET', `/admin/users/${adminConsoleUser.id}`, { token: adminConsole })).body.data.firstname).toBe('Site');

    // Unblocked, she signs in again with her staff login, to the console user she had.
    expect((await request('PUT', `/api/staff-accounts/${mira.id}`, { token: admin, body: { blocked: false } })).status).toBe(200);
    const again = await consoleSignIn(mira.email, PASSWORD);
    expect(again.user.id).toBe(first.user.id);
    expect(await isActive(mira.email)).toBe(true);
    expect((await request('GET', '/admin/users', { token: again.token })).status).toBe(200);

    // Removed: the same.
    expect((await request('DELETE', `/api/staff-accounts/${mira.id}`, { token: admin })).status).toBe(204);
    expect((await request('GET', '/admin/users', { token: again.token })).status).toBe(401);
    const editAfterRemoval = await request('PUT', `/admin/users/${adminConsoleUser.id}`, {
      token: again.token,
      body: { firstname: 'Taken' },
    });
    expect(editAfterRemoval.status).toBe(401);
    expect((await refresh(again.cookie)).status).toBe(401);
    expect(await isActive(mira.email)).toBe(false);
    const refusedAfterRemoval = await consoleLogin(mira.email, PASSWORD);
    expect(refusedAfterRemoval.text).toBe(await refusal());
  });

  it('a Manager demoted to Staff loses the console at once, and keeps the site', async () => {
    const dev = await addAccount('manager');
    const session = await consoleSignIn(dev.email, PASSWORD);
    const demoted = await request('PUT', `/api/staff-accounts/${dev.id}`, { token: admin, body: { role: 'staff' } });
    expect(demoted.status, demoted.text).toBe(200);
    expect((await request('GET', '/admin/users/me', { token: session.token })).status).toBe(401);
    expect(await isActive(dev.email)).toBe(false);
    const refused = await consoleLogin(dev.email, PASSWORD);
    expect(refused.text).toBe(await refusal());
    await signIn(dev.email, PASSWORD);
  });

  it('a Staff account cannot sign in to the console, and gets no console user', async () => {
    const staff = await addAccount('staff');
    const refused = await consoleLogin(staff.email, PASSWORD);
    expect(refused.status).toBe(400);
    expect(refused.text).toBe(await refusal());
    expect(await consoleUser(staff.email)).toBeUndefined();
  });

  it("a console user given another e-mail in the console loses its sessions (they were opened with the old e-mail's staff login)", async () => {
    const ram = await addAccount('manager');
    const session = await consoleSignIn(ram.email, PASSWORD);
    const renamed = await request('PUT', `/admin/users/${session.user.id}`, {
      token: adminConsole,
      body: { email: newEmail('elsewhere') },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await request('GET', '/admin/users/me', { token: session.token })).status).toBe(401);
    expect((await consoleUser(ram.email)) === undefined).toBe(true);
    // Their staff login opens the console again, to a console user of their own e-mail.
    const again = await consoleSignIn(ram.email, PASSWORD);
    expect(again.user.id).not.toBe(session.user.id);
  });
});

describe("the console's own account routes are closed", () => {
  it('forgot-password gives the same answer for a known and an unknown e-mail, writes no reset token and sends no mail', async () => {
    const answers: Answer[] = [];
    for (const urlPath of ['/admin/forgot-password', '/ADMIN/Forgot-Password/']) {
      for (const email of [ADMIN_EMAIL, 'nobody@example.org']) {
        answers.push(await request('POST', urlPath, { body: { email }, headers: fromClient(newVisitor()) }));
      }
    }
    expect(answers[0].status).toBe(403);
    expect(answers[0].body.error.message).toMatch(/no password reset.*staff login/i);
    for (const answer of answers)
      expect({ status: answer.status, text: answer.text }).toEqual({ status: answers[0].status, text: answers[0].text });
    const withTokens = await cms.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM admin_users WHERE reset_password_token IS NOT NULL',
    );
    expect(Number(withTokens[0].n)).toBe(0);
    // No MX lookup was attempted (the spy records every one the CMS makes).
    expect(await readFile(dnsSpyFile, 'utf8').catch(() => '')).toBe('');
  });

  it('reset-password is refused with a clear message and changes nothing', async () => {
    const before = (await consoleUser(ADMIN_EMAIL))!;
    const answer = await request('POST', '/admin/reset-password', {
      body: { resetPasswordToken: 'a'.repeat(40), password: 'Pwned-Passw0rd' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error.message).toMatch(/no password reset.*staff login/i);
    expect(await consoleUser(ADMIN_EMAIL)).toEqual(before);
  });

  it('an invitation to the console cannot be taken up: console users come from staff accounts', async () => {
    const editor = (await request('GET', '/admin/roles', { token: adminConsole })).body.data.find(
      (role: { code: string }) => role.code === 'strapi-editor',
    );
    const email = newEmail('invited');
    const invited = await request('POST', '/admin/users', {
      token: adminConsole,
      body: { email, firstname: 'Invited', roles: [editor.id] },
    });
    expect(invited.status, invited.text).toBe(201);
    const registered = await request('POST', '/admin/register', {
      body: {
        registrationToken: invited.body.data.registrationToken,
        userInfo: { firstname: 'Invited', lastname: 'Guest', password: 'Invited-Passw0rd' },
      },
    });
    expect(registered.status).toBe(403);
    expect(registered.body.error.message).toMatch(/staff login of a manager/i);
    expect(registered.text).not.toContain('token');
    expect(await isActive(email)).toBe(false);
    expect(await consoleSessions(invited.body.data.id)).toBe(0);

    // Nor does a console user's own password open anything, even one a super admin set and activated.
    const activated = await request('PUT', `/admin/users/${invited.body.data.id}`, {
      token: adminConsole,
      body: { password: 'Invited-Passw0rd', isActive: true },
    });
    expect(activated.status, activated.text).toBe(200);
    expect((await consoleUser(email))!.password).toMatch(/^\$2/);
    const refused = await consoleLogin(email, 'Invited-Passw0rd');
    expect(refused.text).toBe(await refusal());
    expect(await consoleSessions(invited.body.data.id)).toBe(0);
  });

  it("refuses the console's own password change in the profile, pointing to My account, and keeps the session", async () => {
    const before = (await consoleUser(ADMIN_EMAIL))!;
    for (const body of [
      { currentPassword: adminPassword, password: 'Another-Passw0rd9' },
      { currentPassword: ADMIN_PASSWORD, password: 'Another-Passw0rd9' },
    ]) {
      const answer = await request('PUT', '/admin/users/me', { token: adminConsole, body });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(/My account/);
    }
    expect((await consoleUser(ADMIN_EMAIL))!.password).toBe(before.password);
    expect((await request('GET', '/admin/users/me', { token: adminConsole })).status).toBe(200);
    // Nor may the profile take another e-mail; the rest of it still saves.
    const email = await request('PUT', '/admin/users/me', { token: adminConsole, body: { email: newEmail('moved') } });
    expect(email.status).toBe(400);
    expect(email.body.error.message).toMatch(/staff login/);
    const saved = await request('PUT', '/admin/users/me', {
      token: adminConsole,
      body: { email: ADMIN_EMAIL, firstname: 'Site', lastname: 'Manager' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.lastname).toBe('Manager');
  });
});

describe('the console login is rate-limited like the site login', () => {
  it('answers 429 after the limit of wrong passwords from one client, whatever the e-mail or spelling, also for the right password', async () => {
    const fern = await addAccount('manager');
    const client = newVisitor();
    const spellings = ['/admin/login', '/ADMIN/login', '/admin/Login/', '/admin/login', '/Admin/LOGIN'];
    for (const [i, urlPath] of spellings.entries()) {
      const answer = await consoleLogin(`guess-${i}@example.org`, 'Wrong-Passw0rd', client, urlPath);
      expect(answer.status, urlPath).toBe(400);
    }
    const limited = await consoleLogin(fern.email, PASSWORD, client);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe('Too many failed login attempts. Please wait a few minutes and try again.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The site login of that client is locked too; another client signs in.
    expect(
      (await request('POST', '/api/users/login', { body: { email: fern.email, password: PASSWORD }, headers: fromClient(client) })).status,
    ).toBe(429);
    expect((await consoleLogin(fern.email, PASSWORD)).status).toBe(200);
  });
});

describe('when the first Manager leaves', () => {
  it('their console super admin ends with them, and the next Manager to sign in becomes the console super admin', async () => {
    const second = await addAccount('manager');
    const secondSite = await signIn(second.email, PASSWORD);
    const removed = await request('DELETE', `/api/staff-accounts/${(await me(admin)).id}`, { token: secondSite });
    expect(removed.status, removed.text).toBe(204);
    expect((await request('GET', '/admin/users/me', { token: adminConsole })).status).toBe(401);
    expect(await isActive(ADMIN_EMAIL)).toBe(false);
    expect((await consoleLogin(ADMIN_EMAIL, adminPassword)).text).toBe(await refusal());

    const session = await consoleSignIn(second.email, PASSWORD);
    expect(await consoleRoles(session.user.id)).toEqual(['strapi-editor', 'strapi-super-admin']);
    expect((await request('GET', '/admin/users', { token: session.token })).status).toBe(200);
    // Not even a super admin can make a transfer token, which would copy or overwrite the whole
    // database and outlive its maker: remote transfer is off.
    const transferToken = await request('POST', '/admin/transfer/tokens', {
      token: session.token,
      body: { name: 'copy', permissions: ['push', 'pull'], lifespan: null },
    });
    expect(transferToken.status).toBeGreaterThanOrEqual(400);
    expect(await cms.countRows('strapi_transfer_tokens')).toBe(0);
  });
});

async function me(token: string) {
  const answer = await request('GET', `/api/users/${decodeJwt(token).sub}`, { token });
  expect(answer.status).toBe(200);
  return answer.body as { id: number };
}
