import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, decodeJwt, json } from './helpers/api';
// @ts-expect-error a plain ES module without types, shared with the browser tests' CMS
import { startSmtpCapture } from './helpers/smtp-capture.mjs';

// A new password without the old one: a manager resets a colleague's (shown to the manager once),
// or, where outgoing mail is configured, the person asks for a link by e-mail. Both end every
// session of the account. The mail goes through a real SMTP server started here.
const PROXY_SECRET = 'password-reset-test-proxy-secret';
const PASSWORD = 'Seven mango trees';
const SENT =
  'If a staff account has this e-mail address, a link to set a new password is on its way to it. The link works once, within 60 minutes.';
const LINK_INVALID = 'This link to set a new password is no longer valid: it was used already or is too old. Ask for a new one.';

interface Mail {
  to: string[];
  subject: string;
  text: string;
}
let smtp: { port: number; messages: Mail[]; hold(): () => void; close(): Promise<void> };
let cms: TestCms;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  cms = await startTestCms({
    env: {
      WEB_PROXY_SECRET: PROXY_SECRET,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      MAIL_FROM: 'website@example.org',
      PUBLIC_SITE_URL: 'http://web.example.org',
    },
  });
  admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
}, 180_000);

afterAll(async () => {
  await cms?.stop();
  await smtp?.close();
});

let visitor = 0;
/** Headers of a request the web app passes on for a visitor of its own address. */
const fromVisitor = (address = `10.2.${Math.floor((visitor += 1) / 250)}.${visitor % 250}`) => ({
  'x-client-ip': address,
  'x-web-proxy-secret': PROXY_SECRET,
});

const loginAs = async (email: string, password: string) => {
  const response = await fetch(`${cms.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...fromVisitor() },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: await json(response) };
};

async function signIn(email: string, password: string) {
  const { status, body } = await loginAs(email, password);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.token as string;
}

const call = async (method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const headers: Record<string, string> = { ...(options.token ? bearer(options.token) : {}), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${cms.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: await json(response) };
};

const me = (token: string) => call('GET', `/api/users/${decodeJwt(token).sub}`, { token });

let serial = 0;
const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${(serial += 1)}@example.org`;

async function addAccount(role: 'manager' | 'staff' = 'staff') {
  const email = newEmail(role);
  const created = await call('POST', '/api/staff-accounts', {
    token: admin,
    body: { name: 'Sita Gurung', email, role, password: PASSWORD },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id as number, email, token: await signIn(email, PASSWORD) };
}

const passwordHash = async (id: number) =>
  (await cms.query<{ password: string }>(`SELECT password FROM up_users WHERE id = ${Number(id)}`))[0].password;

const sessionsOf = async (id: number) =>
  Number(
    (
      await cms.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM strapi_sessions WHERE user_id = '${Number(id)}' AND origin = 'users-permissions'`,
      )
    )[0].n,
  );

/** Waits (by polling, bounded) until the SMTP server holds `count` messages to `address`. */
async function mailsTo(address: string, count = 1): Promise<Mail[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = smtp.messages.filter((mail) => mail.to.includes(address.toLowerCase()));
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const tokenOf = (mail: Mail) => {
  const match = /http:\/\/web\.example\.org\/reset-password\/([A-Za-z0-9_-]{43})\b/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1];
};

const askForLink = (email: unknown, client?: string) =>
  call('POST', '/api/password-reset', { body: { email }, headers: fromVisitor(client) });

describe('a manager resets a password', () => {
  it('sets the new password and ends every session of the person at once', async () => {
    const person = await addAccount('staff');
    const otherDevice = await signIn(person.email, PASSWORD);
    expect(await sessionsOf(person.id)).toBe(2);
    const answer = await call('PUT', `/api/staff-accounts/${person.id}/password`, {
      token: admin,
      body: { password: 'Brand new river stones' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ id: person.id, email: person.email, role: 'staff', blocked: false });
    expect(JSON.stringify(answer.body)).not.toContain('Brand new');
    // Both tokens (a stolen copy of a cookie holds one) are refused; the old password too.
    expect(await sessionsOf(person.id)).toBe(0);
    for (const token of [person.token, otherDevice]) expect((await me(token)).status).toBe(401);
    expect((await loginAs(person.email, PASSWORD)).status).toBe(401);
    await signIn(person.email, 'Brand new river stones');
  });

  it('refuses a weak password, one of their own, Staff and anonymous callers, and changes nothing', async () => {
    const person = await addAccount('staff');
    const hash = await passwordHash(person.id);
    const reset = (id: number, body: unknown, token?: string) => call('PUT', `/api/staff-accounts/${id}/password`, { token, body });
    expect(await reset(person.id, { password: 'short' }, admin)).toEqual({
      status: 400,
      body: {
        message: 'Password must be at least 10 characters long.',
        errors: { password: ['Password must be at least 10 characters long.'] },
      },
    });
    expect((await reset(person.id, { password: `x${person.email}` }, admin)).body.errors).toEqual({
      password: ['Password must not contain the e-mail address.'],
    });
    expect((await reset(person.id, {}, admin)).body.errors).toEqual({ password: ['Password is required'] });
    const adminId = decodeJwt(admin).sub;
    expect(await reset(Number(adminId), { password: 'Brand new river stones' }, admin)).toEqual({
      status: 403,
      body: { message: 'You cannot reset your own password here. Change it in My account.' },
    });
    expect((await reset(person.id, { password: 'Brand new river stones' }, person.token)).status).toBe(403);
    expect((await reset(person.id, { password: 'Brand new river stones' })).status).toBe(401);
    expect((await reset(999_999, { password: 'Brand new river stones' }, admin)).status).toBe(404);
    expect(await passwordHash(person.id)).toBe(hash);
    expect((await me(person.token)).status).toBe(200);
  });
});

describe('forgot password, with outgoing mail configured', () => {
  it('is offered', async () => {
    expect(await call('GET', '/api/password-reset')).toEqual({ status: 200, body: { byEmail: true } });
  });

  it('answers the same for an unknown address, before any mail is sent, and mails a working link to a known one', async () => {
    const person = await addAccount('staff');
    const unknown = newEmail('nobody');
    // While the mail server holds every message, the answer is already there: it does not wait
    // for the look-up or the mail, so its timing tells nothing about the address.
    const release = smtp.hold();
    const known = await askForLink(person.email.toUpperCase());
    const notKnown = await askForLink(unknown);
    expect(known).toEqual({ status: 202, body: { message: SENT } });
    expect(notKnown).toEqual(known);
    expect(smtp.messages.filter((mail) => mail.to.includes(person.email))).toEqual([]);
    release();
    const [mail] = await mailsTo(person.email);
    expect(mail.subject).toBe('Set a new password for the staff admin');
    expect(await mailsTo(unknown, 1)).toEqual([]);
    const token = tokenOf(mail);
    // The database keeps no usable copy of the link.
    const stored = (await cms.query<{ t: string }>(`SELECT reset_password_token AS t FROM up_users WHERE id = ${person.id}`))[0].t;
    expect(stored).not.toContain(token);

    // The password rules of My account; a refused password leaves the link usable.
    const weak = await call('PUT', '/api/password-reset', { body: { token, password: '1234567890' } });
    expect(weak).toEqual({
      status: 400,
      body: {
        message: 'This password is one of the most common ones. Choose one that is harder to guess.',
        errors: { password: ['This password is one of the most common ones. Choose one that is harder to guess.'] },
      },
    });
    expect(await call('PUT', '/api/password-reset', { body: { token, password: 'Morning tea on the hill' } })).toEqual({
      status: 204,
      body: null,
    });
    expect(await sessionsOf(person.id)).toBe(0);
    expect((await me(person.token)).status).toBe(401);
    await signIn(person.email, 'Morning tea on the hill');
    // Once only.
    expect(await call('PUT', '/api/password-reset', { body: { token, password: 'Another evening walk' } })).toEqual({
      status: 400,
      body: { message: LINK_INVALID, errors: { token: [LINK_INVALID] } },
    });
    expect((await loginAs(person.email, 'Another evening walk')).status).toBe(401);
  });

  it('refuses a made-up, empty or overlong token and changes nothing', async () => {
    const person = await addAccount('staff');
    const hash = await passwordHash(person.id);
    for (const token of ['A'.repeat(43), '', 'x'.repeat(500), 42, null]) {
      const answer = await call('PUT', '/api/password-reset', { body: { token, password: 'Morning tea on the hill' } });
      expect(answer, String(token)).toEqual({ status: 400, body: { message: LINK_INVALID, errors: { token: [LINK_INVALID] } } });
    }
    expect(await passwordHash(person.id)).toBe(hash);
  });

  it('sends no link to a blocked account, and a newer link replaces an older one', async () => {
    const blocked = await addAccount('staff');
    expect((await call('PUT', `/api/staff-accounts/${blocked.id}`, { token: admin, body: { blocked: true } })).status).toBe(200);
    expect(await askForLink(blocked.email)).toEqual({ status: 202, body: { message: SENT } });

    const person = await addAccount('staff');
    await askForLink(person.email);
    const [first] = await mailsTo(person.email, 1);
    await askForLink(person.email);
    const [, second] = await mailsTo(person.email, 2);
    expect(await mailsTo(blocked.email)).toEqual([]);
    expect(
      (await call('PUT', '/api/password-reset', { body: { token: tokenOf(first), password: 'Morning tea on the hill' } })).status,
    ).toBe(400);
    expect(
      (await call('PUT', '/api/password-reset', { body: { token: tokenOf(second), password: 'Morning tea on the hill' } })).status,
    ).toBe(204);
  });

  it('limits requests per client (429) and links per address (the same answer, no more mail)', async () => {
    const person = await addAccount('staff');
    // Three links per address in the window, from as many clients; the fourth request sends nothing.
    for (let i = 0; i < 4; i += 1) expect(await askForLink(person.email)).toEqual({ status: 202, body: { message: SENT } });
    expect(await mailsTo(person.email, 4)).toHaveLength(3);

    const client = '10.9.9.9';
    for (let i = 0; i < 5; i += 1) expect((await askForLink(newEmail('nobody'), client)).status).toBe(202);
    const refused = await askForLink(person.email, client);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'Too many requests for a reset link. Please wait an hour and try again, or ask a manager of the home.',
    });
    // A bad address is refused by its shape, whatever exists.
    expect(await askForLink('not-an-address')).toEqual({
      status: 400,
      body: { message: 'Invalid email address', errors: { email: ['Invalid email address'] } },
    });
  });

  it('refuses a link past its time, also after a restart', async () => {
    const person = await addAccount('staff');
    await askForLink(person.email);
    const [mail] = await mailsTo(person.email);
    await cms.stopOnly();
    await cms.query(
      `UPDATE up_users SET reset_password_token = substr(reset_password_token, 1, 65) || '${Date.now() - 1000}' WHERE id = ${person.id}`,
      { write: true },
    );
    await cms.bootOnly();
    expect(await call('PUT', '/api/password-reset', { body: { token: tokenOf(mail), password: 'Morning tea on the hill' } })).toEqual({
      status: 400,
      body: { message: LINK_INVALID, errors: { token: [LINK_INVALID] } },
    });
    await signIn(person.email, PASSWORD);
  }, 120_000);
});

describe('forgot password, without outgoing mail', () => {
  it('is not offered, and its routes answer 404 with what to do instead', async () => {
    await cms.restart({ SMTP_HOST: '' });
    const unavailable = { message: 'Password reset by e-mail is not available. Ask a manager of the home to reset your password.' };
    expect(await call('GET', '/api/password-reset')).toEqual({ status: 200, body: { byEmail: false } });
    expect(await askForLink(ADMIN_EMAIL)).toEqual({ status: 404, body: unavailable });
    expect(await call('PUT', '/api/password-reset', { body: { token: 'A'.repeat(43), password: 'Morning tea on the hill' } })).toEqual({
      status: 404,
      body: unavailable,
    });
  }, 120_000);
});
