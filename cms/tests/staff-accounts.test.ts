import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, decodeJwt, form, json, pngBytes, send } from './helpers/api';

// Staff accounts: managers add, re-role, block and remove people; everyone keeps their own name
// and password. Every refusal is checked for its status, its {message, errors} and that nothing
// changed in the database.
const PROXY_SECRET = 'staff-accounts-test-proxy-secret';
let cms: TestCms;
let admin: string;

/** Every answer of the account routes, to check none of them carries a secret. */
const answers: string[] = [];

beforeAll(async () => {
  // The web app vouches for visitor addresses with this secret: each login below comes from its own
  // address, so the failed ones never add up to the login limit.
  cms = await startTestCms({ env: { WEB_PROXY_SECRET: PROXY_SECRET } });
  admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
}, 180_000);

afterAll(async () => {
  await cms?.stop();
});

let visitor = 0;
const loginAs = async (email: string, password: string) => {
  visitor += 1;
  const response = await fetch(`${cms.url}/api/users/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-client-ip': `10.1.${Math.floor(visitor / 250)}.${visitor % 250}`,
      'x-web-proxy-secret': PROXY_SECRET,
    },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: await json(response) };
};

async function signIn(email: string, password: string) {
  const { status, body } = await loginAs(email, password);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.token as string;
}

const call = async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
  const headers: Record<string, string> = options.token ? bearer(options.token) : {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${cms.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  answers.push(text);
  return { status: response.status, body: text ? JSON.parse(text) : null };
};

const me = (token: string) => call('GET', `/api/users/${decodeJwt(token).sub}`, { token });

let serial = 0;
const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${(serial += 1)}@example.org`;
const PASSWORD = 'Seven mango trees';

/** A new account made by the admin (a Manager), and a token of its own. */
async function addAccount(role: 'manager' | 'staff' = 'staff', name = 'Sita Gurung') {
  const email = newEmail(role);
  const created = await call('POST', '/api/staff-accounts', { token: admin, body: { name, email, role, password: PASSWORD } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id as number, email, name, token: await signIn(email, PASSWORD) };
}

const userRow = async (id: number) =>
  (
    await cms.query<{ email: string; display_name: string | null; blocked: number | boolean; password: string; last_sign_in_at: unknown }>(
      `SELECT email, display_name, blocked, password, last_sign_in_at FROM up_users WHERE id = ${Number(id)}`,
    )
  )[0];

const roleOf = async (id: number) =>
  (
    await cms.query<{ type: string }>(
      `SELECT r.type FROM up_roles r JOIN up_users_role_lnk l ON l.role_id = r.id WHERE l.user_id = ${Number(id)}`,
    )
  )[0]?.type;

const sessionsOf = async (id: number) =>
  Number(
    (
      await cms.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM strapi_sessions WHERE user_id = '${Number(id)}' AND origin = 'users-permissions'`,
      )
    )[0].n,
  );

describe('roles', () => {
  it('the ADMIN_EMAIL account is a Manager; GET /api/users/{id} says so, and its name is not set yet', async () => {
    const { status, body } = await me(admin);
    expect(status).toBe(200);
    expect(body).toMatchObject({ email: ADMIN_EMAIL, role: 'manager', displayName: null, blocked: false });
    expect(await roleOf(body.id)).toBe('manager');
  });
});

describe('managers manage staff accounts', () => {
  it('adds an account that signs in as Staff; lists it with name, e-mail, role, last sign-in and state', async () => {
    const email = newEmail('Asha.Tamang');
    const created = await call('POST', '/api/staff-accounts', {
      token: admin,
      body: { name: '  Asha Tamang ', email: email.toUpperCase(), role: 'staff', password: PASSWORD },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Asha Tamang',
      email: email.toLowerCase(),
      role: 'staff',
      blocked: false,
      lastSignInAt: null,
      createdAt: expect.any(String),
    });
    const stored = await userRow(created.body.id);
    expect(stored).toMatchObject({ email: email.toLowerCase(), display_name: 'Asha Tamang' });
    expect(stored.password).toMatch(/^\$2[aby]\$/);
    expect(stored.password).not.toContain(PASSWORD);
    expect(await roleOf(created.body.id)).toBe('staff');

    const before = Date.now();
    const token = await signIn(email, PASSWORD);
    expect((await me(token)).body).toMatchObject({ id: created.body.id, displayName: 'Asha Tamang', role: 'staff' });

    const list = await call('GET', '/api/staff-accounts', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(list.body.results.length);
    const listed = list.body.results.find((account: { id: number }) => account.id === created.body.id);
    expect(listed).toMatchObject({ name: 'Asha Tamang', role: 'staff', blocked: false });
    expect(Date.parse(listed.lastSignInAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(list.body.results.find((account: { email: string }) => account.email === ADMIN_EMAIL)).toMatchObject({
      role: 'manager',
      name: null,
    });
    // Pages, like the contract's lists.
    const page = await call('GET', '/api/staff-accounts?page=2&pageSize=1', { token: admin });
    expect(page.body).toEqual({ count: list.body.count, results: [list.body.results[1]] });
    expect((await call('GET', '/api/staff-accounts?pageSize=0', { token: admin })).status).toBe(400);
  });

  it('refuses a new account with each field wrong, with every message, and stores nothing', async () => {
    const users = await cms.countRows('up_users');
    const empty = await call('POST', '/api/staff-accounts', { token: admin, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      message: 'Name is required',
      errors: {
        name: ['Name is required'],
        email: ['Email is required'],
        role: ['Choose a role: Manager or Staff.'],
        password: ['Password is required'],
      },
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'x'.repeat(81) }, 'name', 'Name must be at most 80 characters.'],
      [{ email: 'not-an-address' }, 'email', 'Invalid email address'],
      [{ email: `${'a'.repeat(250)}@example.org` }, 'email', 'Email must be at most 254 characters.'],
      [{ role: 'owner' }, 'role', 'Choose a role: Manager or Staff.'],
      [{ role: ['manager'] }, 'role', 'Choose a role: Manager or Staff.'],
      [{ password: 'Short-1' }, 'password', 'Password must be at least 10 characters long.'],
      [
        { password: 'x'.repeat(40) + 'y'.repeat(33) },
        'password',
        'Password is too long: at most 72 bytes (72 English letters, or 24 Nepali ones).',
      ],
      [{ password: 'password123' }, 'password', 'This password is one of the most common ones. Choose one that is harder to guess.'],
      [{ password: 'abababababab' }, 'password', 'Password is too simple: use at least 5 different characters.'],
      [{ email: 'ramesh.kc@example.org', password: 'I am Ramesh.KC!' }, 'password', 'Password must not contain the e-mail address.'],
      [{ password: 12345678901 }, 'password', 'Password is required'],
    ];
    for (const [change, field, message] of cases) {
      const body = { name: 'Ram', email: newEmail('valid'), role: 'staff', password: PASSWORD, ...change };
      const answer = await call('POST', '/api/staff-accounts', { token: admin, body });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body, JSON.stringify(change)).toEqual({ message, errors: { [field]: [message] } });
    }
    expect(await cms.countRows('up_users')).toBe(users);
  });

  it('refuses an e-mail that already has an account, in any case, with 409', async () => {
    const users = await cms.countRows('up_users');
    for (const email of [ADMIN_EMAIL, ADMIN_EMAIL.toUpperCase()]) {
      const answer = await call('POST', '/api/staff-accounts', {
        token: admin,
        body: { name: 'Again', email, role: 'staff', password: PASSWORD },
      });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        message: 'There is already an account with this e-mail address.',
        errors: { email: ['There is already an account with this e-mail address.'] },
      });
    }
    expect(await cms.countRows('up_users')).toBe(users);
  });

  it('changes a role: the person can manage accounts at once, and no longer once made Staff again', async () => {
    const person = await addAccount('staff');
    expect((await call('GET', '/api/staff-accounts', { token: person.token })).status).toBe(403);
    const promoted = await call('PUT', `/api/staff-accounts/${person.id}`, { token: admin, body: { role: 'manager' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: person.id, role: 'manager', blocked: false });
    expect(await roleOf(person.id)).toBe('manager');
    // The same token: roles are looked up on every request.
    expect((await call('GET', '/api/staff-accounts', { token: person.token })).status).toBe(200);
    expect((await me(person.token)).body.role).toBe('manager');
    const demoted = await call('PUT', `/api/staff-accounts/${person.id}`, { token: admin, body: { role: 'staff' } });
    expect(demoted.body.role).toBe('staff');
    expect((await call('GET', '/api/staff-accounts', { token: person.token })).status).toBe(403);
  });

  it('blocking ends every session of the person at once; a blocked person cannot sign in; unblocking does not bring old tokens back', async () => {
    const person = await addAccount('staff');
    const second = await signIn(person.email, PASSWORD);
    expect(await sessionsOf(person.id)).toBe(2);
    const blocked = await call('PUT', `/api/staff-accounts/${person.id}`, { token: admin, body: { blocked: true } });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ id: person.id, blocked: true });
    expect(Boolean(Number((await userRow(person.id)).blocked))).toBe(true);
    expect(await sessionsOf(person.id)).toBe(0);
    for (const token of [person.token, second]) {
      expect((await me(token)).status).toBe(401);
      expect((await send(cms.url, 'POST', '/api/blog', form({ title: 't', content: 'c', author: 'a@example.org' }), token)).status).toBe(
        401,
      );
    }
    expect(await loginAs(person.email, PASSWORD)).toEqual({
      status: 401,
      body: { message: 'This account is blocked. Please ask a manager of the home.' },
    });
    // A wrong password still says only that.
    expect((await loginAs(person.email, 'Not the password')).body).toEqual({ message: 'Invalid email or password' });

    const unblocked = await call('PUT', `/api/staff-accounts/${person.id}`, { token: admin, body: { blocked: false } });
    expect(unblocked.body.blocked).toBe(false);
    expect((await me(person.token)).status).toBe(401);
    expect((await me(await signIn(person.email, PASSWORD))).status).toBe(200);
  });

  it('removing ends every session, the account and its login; what the person wrote keeps their name', async () => {
    const person = await addAccount('staff', 'Maya Rai');
    const post = await send(cms.url, 'POST', '/api/blog', form({ title: 'By Maya', content: 'Hello', author: person.email }), person.token);
    expect(post.status).toBe(201);
    const { id: postId } = await json(post);
    const removed = await call('DELETE', `/api/staff-accounts/${person.id}`, { token: admin });
    expect(removed.status).toBe(204);
    expect(await userRow(person.id)).toBeUndefined();
    expect(await sessionsOf(person.id)).toBe(0);
    expect((await me(person.token)).status).toBe(401);
    expect(await loginAs(person.email, PASSWORD)).toEqual({ status: 401, body: { message: 'Invalid email or password' } });
    // Read as a Manager: a Staff post waits for review, out of visitors' sight.
    expect((await call('GET', `/api/blog/${postId}`, { token: admin })).body.updated_by).toEqual({ id: null, name: 'Maya Rai' });
    // Gone is gone.
    expect((await call('DELETE', `/api/staff-accounts/${person.id}`, { token: admin })).status).toBe(404);
    expect((await call('PUT', `/api/staff-accounts/${person.id}`, { token: admin, body: { blocked: true } })).body).toEqual({
      message: 'There is no staff account with this id.',
    });
  });

  it('a manager cannot block, demote or remove themselves', async () => {
    const manager = await addAccount('manager');
    const attempts: [string, { body?: unknown }, string][] = [
      ['PUT', { body: { blocked: true } }, 'You cannot block your own account. Ask another manager.'],
      ['PUT', { body: { role: 'staff' } }, 'You cannot take away your own Manager role. Ask another manager.'],
      ['PUT', { body: { role: 'staff', blocked: false } }, 'You cannot take away your own Manager role. Ask another manager.'],
      ['DELETE', {}, 'You cannot remove your own account. Ask another manager.'],
    ];
    for (const [method, options, message] of attempts) {
      const answer = await call(method, `/api/staff-accounts/${manager.id}`, { token: manager.token, ...options });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message });
    }
    expect(await roleOf(manager.id)).toBe('manager');
    expect(Boolean(Number((await userRow(manager.id)).blocked))).toBe(false);
    expect((await me(manager.token)).status).toBe(200);
    // What changes nothing is allowed.
    expect(
      (await call('PUT', `/api/staff-accounts/${manager.id}`, { token: manager.token, body: { role: 'manager', blocked: false } })).status,
    ).toBe(200);
  });

  it('never lets the last active manager go: two managers demoting, blocking or removing each other at once leave one', async () => {
    for (const change of [{ body: { role: 'staff' } }, { body: { blocked: true } }, { method: 'DELETE' }] as {
      body?: unknown;
      method?: string;
    }[]) {
      admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      const [first, second] = [await addAccount('manager', 'First'), await addAccount('manager', 'Second')];
      // Only these two stay active managers: the admin and earlier tests' managers step aside for now.
      const others = (await call('GET', '/api/staff-accounts?pageSize=100', { token: first.token })).body.results.filter(
        (account: { id: number; role: string; blocked: boolean }) =>
          account.role === 'manager' && !account.blocked && account.id !== first.id && account.id !== second.id,
      );
      let survivor = first;
      try {
        for (const other of others) {
          expect((await call('PUT', `/api/staff-accounts/${other.id}`, { token: first.token, body: { blocked: true } })).status).toBe(200);
        }
        const [a, b] = await Promise.all([
          call(change.method ?? 'PUT', `/api/staff-accounts/${second.id}`, { token: first.token, body: change.body }),
          call(change.method ?? 'PUT', `/api/staff-accounts/${first.id}`, { token: second.token, body: change.body }),
        ]);
        const [done, refused] = a.status < 300 ? [a, b] : [b, a];
        survivor = done === a ? first : second;
        expect(done.status, JSON.stringify([a.body, b.body])).toBe(change.method ? 204 : 200);
        // Refused by the last-manager rule (409) when both got past the permission check, else by
        // the check itself: the other change was made first (403 once demoted, 401 once blocked or removed).
        expect([
          { status: 409, body: { message: 'This is the last active manager. Make someone else a manager first.' } },
          {
            status: change.body && 'role' in (change.body as object) ? 403 : 401,
            body: {
              message:
                change.body && 'role' in (change.body as object) ? 'You are not allowed to do this.' : 'You need to sign in to do this.',
            },
          },
        ]).toContainEqual(refused);
        const activeManagers = await cms.query<{ id: number }>(
          "SELECT u.id FROM up_users u JOIN up_users_role_lnk l ON l.user_id = u.id JOIN up_roles r ON r.id = l.role_id WHERE r.type = 'manager' AND (u.blocked IS NULL OR u.blocked = false)",
        );
        expect(activeManagers.map((row) => Number(row.id))).toEqual([survivor.id]);
      } finally {
        for (const other of others)
          await call('PUT', `/api/staff-accounts/${other.id}`, { token: survivor.token, body: { blocked: false } });
        // Blocking ended the admin's sessions.
        admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      }
    }
    expect((await call('GET', '/api/staff-accounts', { token: admin })).status).toBe(200);
  });

  it('answers bad ids and bodies with 400/404 and changes nothing', async () => {
    const person = await addAccount('staff');
    const cases: [string, string, unknown, number, unknown][] = [
      [
        'PUT',
        '/api/staff-accounts/abc',
        { blocked: true },
        400,
        { message: 'The id must be a positive whole number.', errors: { id: ['The id must be a positive whole number.'] } },
      ],
      [
        'DELETE',
        '/api/staff-accounts/0',
        undefined,
        400,
        { message: 'The id must be a positive whole number.', errors: { id: ['The id must be a positive whole number.'] } },
      ],
      ['PUT', '/api/staff-accounts/999999', { blocked: true }, 404, { message: 'There is no staff account with this id.' }],
      ['PUT', `/api/staff-accounts/${person.id}`, {}, 400, { message: 'Nothing to change: send role, blocked or both.' }],
      [
        'PUT',
        `/api/staff-accounts/${person.id}`,
        { blocked: 'yes' },
        400,
        { message: 'blocked must be true or false.', errors: { blocked: ['blocked must be true or false.'] } },
      ],
      [
        'PUT',
        `/api/staff-accounts/${person.id}`,
        { role: 'owner', blocked: true },
        400,
        { message: 'Choose a role: Manager or Staff.', errors: { role: ['Choose a role: Manager or Staff.'] } },
      ],
    ];
    for (const [method, path, body, status, expected] of cases) {
      const answer = await call(method, path, { token: admin, body });
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(answer.body).toEqual(expected);
    }
    expect(await roleOf(person.id)).toBe('staff');
    expect(Boolean(Number((await userRow(person.id)).blocked))).toBe(false);
    expect((await me(person.token)).status).toBe(200);
  });
});

describe('who may call the account routes', () => {
  const managerRoutes: [string, string, unknown][] = [
    ['GET', '/api/staff-accounts', undefined],
    ['POST', '/api/staff-accounts', { name: 'X', email: 'x-new@example.org', role: 'manager', password: PASSWORD }],
    ['PUT', '/api/staff-accounts/1', { role: 'staff' }],
    ['DELETE', '/api/staff-accounts/1', undefined],
  ];
  const ownRoutes: [string, string, unknown][] = [
    ['PUT', '/api/account', { name: 'Anyone' }],
    ['PUT', '/api/account/password', { currentPassword: ADMIN_PASSWORD, password: 'A brand new passphrase' }],
    ['PUT', '/api/account/language', { adminLanguage: 'ne' }],
  ];

  it('anonymous callers, and forged or ended tokens, get 401 on every route, and nothing changes', async () => {
    const ended = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await fetch(`${cms.url}/api/users/logout`, { method: 'POST', headers: bearer(ended) })).status).toBe(204);
    const users = await cms.countRows('up_users');
    for (const token of [undefined, 'not.a.token', ended]) {
      for (const [method, path, body] of [...managerRoutes, ...ownRoutes]) {
        const answer = await call(method, path, { token, body });
        expect(answer.status, `${method} ${path} with ${token}`).toBe(401);
        expect(answer.body).toEqual({ message: 'You need to sign in to do this.' });
      }
    }
    expect(await cms.countRows('up_users')).toBe(users);
    expect(await roleOf(Number(decodeJwt(admin).sub))).toBe('manager');
    expect((await loginAs(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  });

  it('Staff get 403 on every manager route, and nothing changes', async () => {
    const person = await addAccount('staff');
    const users = await cms.countRows('up_users');
    for (const [method, path, body] of managerRoutes) {
      const answer = await call(method, path, { token: person.token, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toEqual({ message: 'You are not allowed to do this.' });
    }
    expect(await cms.countRows('up_users')).toBe(users);
    expect(await roleOf(Number(decodeJwt(admin).sub))).toBe('manager');
    expect((await loginAs('x-new@example.org', PASSWORD)).status).toBe(401);
  });

  it('takes JSON, not files', async () => {
    const answer = await send(
      cms.url,
      'POST',
      '/api/staff-accounts',
      form({ name: 'X' }, { photo: { bytes: Buffer.from('x'), name: 'a.png', type: 'image/png' } }),
      admin,
    );
    expect(answer.status).toBe(415);
  });
});

describe('my account', () => {
  it('changes the display name, which names the person from then on', async () => {
    const person = await addAccount('staff', 'Old Name');
    const renamed = await call('PUT', '/api/account', { token: person.token, body: { name: '  Bishnu Thapa ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: person.id, displayName: 'Bishnu Thapa', role: 'staff', email: person.email });
    expect((await userRow(person.id)).display_name).toBe('Bishnu Thapa');
    expect((await me(person.token)).body.displayName).toBe('Bishnu Thapa');
    for (const [name, message] of [
      ['   ', 'Name is required'],
      ['x'.repeat(81), 'Name must be at most 80 characters.'],
      [42, 'Name is required'],
    ] as const) {
      const answer = await call('PUT', '/api/account', { token: person.token, body: { name } });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message, errors: { name: [message] } });
    }
    expect((await userRow(person.id)).display_name).toBe('Bishnu Thapa');
  });

  it('keeps the admin language each person chooses, for them only, and answers as before otherwise', async () => {
    const person = await addAccount('staff', 'Maya Rai');
    const other = await addAccount('staff', 'Hari Thapa');
    const before = await me(person.token);
    expect(before.body.adminLanguage).toBe('en');

    const chosen = await call('PUT', '/api/account/language', { token: person.token, body: { adminLanguage: 'ne' } });
    expect(chosen.status).toBe(200);
    // The same fields as GET /api/users/{id}: the answer the spec's clients know, plus the language.
    expect(Object.keys(chosen.body).sort()).toEqual(Object.keys(before.body).sort());
    expect(chosen.body).toMatchObject({ id: person.id, email: person.email, displayName: 'Maya Rai', adminLanguage: 'ne' });
    const row = await cms.query<{ admin_language: string }>(`SELECT admin_language FROM up_users WHERE id = ${Number(person.id)}`);
    expect(row[0]!.admin_language).toBe('ne');
    // It follows the person to another device: a fresh login says it, and nobody else's changed.
    expect((await loginAs(person.email, PASSWORD)).body.user.adminLanguage).toBe('ne');
    expect((await me(other.token)).body.adminLanguage).toBe('en');

    for (const body of [{}, { adminLanguage: 'fr' }, { adminLanguage: 'NE' }, { adminLanguage: ['ne'] }]) {
      const answer = await call('PUT', '/api/account/language', { token: person.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const message = 'Choose a language: en (English) or ne (Nepali).';
      expect(answer.body).toEqual({ message, errors: { adminLanguage: [message] } });
    }
    // Someone else's language cannot be set: not with an id, not through Strapi's own user routes.
    for (const [method, path] of [
      ['PUT', `/api/account/language/${other.id}`],
      ['PUT', `/api/users/${other.id}`],
    ] as const) {
      const answer = await fetch(`${cms.url}${path}`, {
        method,
        headers: { ...bearer(person.token), 'content-type': 'application/json' },
        body: JSON.stringify({ adminLanguage: 'ne' }),
      });
      expect([403, 404, 405], `${method} ${path}`).toContain(answer.status);
    }
    expect((await me(other.token)).body.adminLanguage).toBe('en');
    expect((await me(person.token)).body.adminLanguage).toBe('ne');
  });

  it('changes the password with the current one: every other session ends at once, this one stays', async () => {
    const person = await addAccount('staff');
    const [other, third] = [await signIn(person.email, PASSWORD), await signIn(person.email, PASSWORD)];
    const change = (body: unknown) => call('PUT', '/api/account/password', { token: person.token, body });
    const hash = (await userRow(person.id)).password;

    const refusals: [unknown, string, string][] = [
      [{ password: 'A new passphrase' }, 'currentPassword', 'Current password is required'],
      [{ currentPassword: 'Not the password', password: 'A new passphrase' }, 'currentPassword', 'The current password is not correct.'],
      [{ currentPassword: PASSWORD, password: 'short' }, 'password', 'Password must be at least 10 characters long.'],
      [{ currentPassword: PASSWORD, password: `me ${person.email}` }, 'password', 'Password must not contain the e-mail address.'],
      [
        { currentPassword: PASSWORD, password: '1234567890' },
        'password',
        'This password is one of the most common ones. Choose one that is harder to guess.',
      ],
      [{ currentPassword: PASSWORD, password: PASSWORD }, 'password', 'The new password must be different from the current one.'],
    ];
    for (const [body, field, message] of refusals) {
      const answer = await change(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ message, errors: { [field]: [message] } });
    }
    expect((await userRow(person.id)).password).toBe(hash);
    expect(await sessionsOf(person.id)).toBe(3);

    expect((await change({ currentPassword: PASSWORD, password: 'A new passphrase' })).status).toBe(204);
    expect((await userRow(person.id)).password).not.toBe(hash);
    expect((await me(person.token)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(third)).status).toBe(401);
    expect(await sessionsOf(person.id)).toBe(1);
    expect((await loginAs(person.email, PASSWORD)).status).toBe(401);
    expect((await me(await signIn(person.email, 'A new passphrase'))).status).toBe(200);
  });

  it('limits wrong current passwords per account like failed logins (429), a right one included', async () => {
    const person = await addAccount('staff');
    const change = (currentPassword: string) =>
      call('PUT', '/api/account/password', { token: person.token, body: { currentPassword, password: 'Another passphrase' } });
    for (let i = 0; i < 5; i++) expect((await change(`Wrong guess ${i}`)).status).toBe(400);
    const limited = await change(PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too many wrong passwords. Please wait a few minutes and try again.' });
    expect((await loginAs(person.email, PASSWORD)).status).toBe(200);
  });
});

describe('who edited what: updated_by and updated_at on every contract item', () => {
  it('records the staff member on every contract write, follows their name, and survives their removal', async () => {
    const writer = await addAccount('staff', 'Kamala Shrestha');
    const start = Date.now();
    const photo = { bytes: await pngBytes(), name: 'hari.png', type: 'image/png' };
    const created = await send(
      cms.url,
      'POST',
      '/api/team-member',
      form({ name: 'Hari', role: 'Cook', bio: 'Cooks.' }, { photo }),
      writer.token,
    );
    expect(created.status).toBe(201);
    const member = await json(created);
    expect(member.updated_by).toEqual({ id: writer.id, name: 'Kamala Shrestha' });
    expect(Date.parse(member.updated_at)).toBeGreaterThanOrEqual(start - 1000);
    // A Staff member's new entry waits for review: staff see it in the list, with who wrote it.
    const listed = (await call('GET', '/api/team-member?pageSize=100', { token: writer.token })).body.results.find(
      (item: { id: number }) => item.id === member.id,
    );
    expect(listed.updated_by).toEqual({ id: writer.id, name: 'Kamala Shrestha' });

    // Another person edits the Nepali text: the entry (every language) says so.
    const editor = await addAccount('staff', 'Dawa Sherpa');
    const nepali = await send(
      cms.url,
      'PUT',
      `/api/team-member/${member.id}?locale=ne`,
      form({ role: 'भान्से', bio: 'खाना पकाउँछन्।' }),
      editor.token,
    );
    expect(nepali.status).toBe(200);
    expect((await json(nepali)).updated_by).toEqual({ id: editor.id, name: 'Dawa Sherpa' });
    for (const locale of ['en', 'ne']) {
      expect((await call('GET', `/api/team-member/${member.id}?locale=${locale}`, { token: admin })).body.updated_by).toEqual({
        id: editor.id,
        name: 'Dawa Sherpa',
      });
    }

    // The first person edits the English text again.
    const update = await send(
      cms.url,
      'PUT',
      `/api/team-member/${member.id}`,
      form({ name: 'Hari', role: 'Cook', bio: 'Cooks dal bhat.' }),
      writer.token,
    );
    expect(update.status).toBe(200);
    expect((await call('GET', `/api/team-member/${member.id}`, { token: admin })).body.updated_by).toEqual({
      id: writer.id,
      name: 'Kamala Shrestha',
    });

    // A new display name shows at once; once removed, the name at the time of the edit stays.
    await call('PUT', '/api/account', { token: writer.token, body: { name: 'Kamala S.' } });
    expect((await call('GET', `/api/team-member/${member.id}`, { token: admin })).body.updated_by).toEqual({
      id: writer.id,
      name: 'Kamala S.',
    });
    expect((await call('DELETE', `/api/staff-accounts/${writer.id}`, { token: admin })).status).toBe(204);
    expect((await call('GET', `/api/team-member/${member.id}`, { token: admin })).body.updated_by).toEqual({ id: null, name: 'Kamala S.' });
  });

  it('records edits made in the Strapi console by the console user', async () => {
    const login = await json(
      await fetch(`${cms.url}/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      }),
    );
    const created = await json(
      await send(cms.url, 'POST', '/api/blog', form({ title: 'Console', content: 'x', author: 'a@example.org' }), admin),
    );
    const documentId = (await cms.query<{ document_id: string }>(`SELECT document_id FROM blogs WHERE id = ${Number(created.id)}`))[0]
      .document_id;
    const consoleEdit = await fetch(`${cms.url}/content-manager/collection-types/api::blog.blog/${documentId}?locale=en`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...bearer(login.data.token) },
      body: JSON.stringify({ title: 'Edited in the console', content: 'x', author: 'a@example.org' }),
    });
    expect(consoleEdit.status, await consoleEdit.clone().text()).toBe(200);
    const item = (await call('GET', `/api/blog/${created.id}`)).body;
    expect(item.title).toBe('Edited in the console');
    expect(item.updated_by).toEqual({ id: null, name: 'Site Administrator' });
  });

  it('keeps who edited what out of every public answer (REST and GraphQL)', async () => {
    await send(cms.url, 'POST', '/api/blog', form({ title: 'Public', content: 'x', author: 'a@example.org' }), admin);
    const rest = await fetch(`${cms.url}/api/blogs?populate=*`);
    expect(rest.status).toBe(200);
    const text = await rest.text();
    expect(text).toContain('"title":"Public"');
    expect(text).not.toMatch(/"edited(At|By|ByName)"|displayName/);
    expect(text).not.toContain(ADMIN_EMAIL);
    for (const field of ['editedBy { documentId }', 'editedByName', 'editedAt']) {
      const response = await fetch(`${cms.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ blogs { title ${field} } }` }),
      });
      expect(response.status, field).toBe(400);
      expect(JSON.stringify(await json(response))).not.toContain(ADMIN_EMAIL);
    }
    // Asking to populate or filter by them is refused or ignored.
    const populate = await fetch(`${cms.url}/api/blogs?populate[editedBy][fields][0]=email`);
    expect([200, 400]).toContain(populate.status);
    expect(await populate.text()).not.toContain(ADMIN_EMAIL);
    const filter = await fetch(`${cms.url}/api/blogs?filters[editedBy][email][$eq]=${encodeURIComponent(ADMIN_EMAIL)}`);
    expect([200, 400]).toContain(filter.status);
    const unfiltered = await (await fetch(`${cms.url}/api/blogs`)).json();
    if (filter.status === 200) expect((await filter.json()).meta.pagination.total).toBe(unfiltered.meta.pagination.total);
  });
});

describe('no answer carries a secret', () => {
  it('none of the account routes ever returned a password hash, a password or a token', () => {
    expect(answers.length).toBeGreaterThan(50);
    for (const text of answers) {
      // Field errors may name the password field; no answer holds a value for it.
      expect(text).not.toMatch(/\$2[aby]\$|"password":"|resetPasswordToken|confirmationToken|eyJ[\w-]+\.eyJ/);
      expect(text).not.toContain(PASSWORD);
    }
  });
});

describe('across restarts', () => {
  it('a blocked or removed person stays signed out after the CMS restarts', async () => {
    const [blocked, removed] = [await addAccount('staff'), await addAccount('staff')];
    expect((await call('PUT', `/api/staff-accounts/${blocked.id}`, { token: admin, body: { blocked: true } })).status).toBe(200);
    expect((await call('DELETE', `/api/staff-accounts/${removed.id}`, { token: admin })).status).toBe(204);
    await cms.restart();
    expect((await me(blocked.token)).status).toBe(401);
    expect((await me(removed.token)).status).toBe(401);
    expect((await call('PUT', `/api/staff-accounts/${blocked.id}`, { token: admin, body: { blocked: false } })).status).toBe(200);
    expect((await me(blocked.token)).status).toBe(401);
    expect((await me(admin)).status).toBe(200);
  });
});
