import { readFile, rm } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  Kind,
  Lexer,
  Source,
  TokenKind,
  parse,
  print,
  stripIgnoredCharacters,
  visit,
  type FieldNode,
  type OperationDefinitionNode,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { startTestWeb } from './helpers/web-server';
import { startRecordingProxy, type RecordedGraphqlCall } from './helpers/recording-proxy';
import { login } from './helpers/api';

// The limits this file expects (cms/config/plugins.ts defaults).
const MAX_BODY_BYTES = 32 * 1024;
const MAX_TOKENS = 1000;
const MAX_ALIASES = 15;

const STAFF_TWO_EMAIL = 'staff-two@example.org';
const STAFF_TWO_PASSWORD = 'Second-Passw0rd';
const dnsSpyFile = path.join(os.tmpdir(), `cms-dns-spy-${process.pid}.log`);

let cms: TestCms;
/** Every GraphQL call the web app made to render its public pages. */
let pageQueries: RecordedGraphqlCall[];

beforeAll(async () => {
  await rm(dnsSpyFile, { force: true });
  cms = await startTestCms({
    seed: true,
    env: { NODE_OPTIONS: `--import ${pathToFileURL(path.join(__dirname, 'helpers', 'dns-spy.mjs'))}`, DNS_SPY_FILE: dnsSpyFile },
  });
  // A second staff account beside the first Manager (ADMIN_EMAIL), added by that Manager.
  const manager = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
  const added = await fetch(`${cms.url}/api/staff-accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${manager}` },
    body: JSON.stringify({ name: 'Staff Two', email: STAFF_TWO_EMAIL, role: 'staff', password: STAFF_TWO_PASSWORD }),
  });
  expect(added.status).toBe(201);

  // The web's production build reads the CMS through a proxy that records its queries.
  const proxy = await startRecordingProxy(cms.url);
  const web = await startTestWeb({ ...cms, url: proxy.url });
  try {
    const blog = (await (await fetch(`${cms.url}/api/blog?pageSize=1`)).json()).results[0].id;
    const pages = [
      '/',
      '/objectives',
      '/current-committee',
      '/organization',
      '/blogs',
      `/blogs/details/${blog}`,
      '/contact',
      '/gallery',
      '/gallery?tab=videos',
    ];
    for (const page of [...pages, ...pages.map((p) => `/ne${p === '/' ? '' : p}`), '/blogs/rss.xml', '/sitemap.xml']) {
      const response = await fetch(`${web.url}${page}`);
      expect(response.status, page).toBe(200);
    }
  } finally {
    await web.stop();
    await proxy.stop();
  }
  pageQueries = proxy.calls;
}, 300_000);

afterAll(async () => {
  await cms?.stop();
  await rm(dnsSpyFile, { force: true });
});

const post = (body: string, headers: Record<string, string> = {}, urlPath = '/graphql') =>
  fetch(`${cms.url}${urlPath}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

const ask = async (query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) => {
  const started = performance.now();
  const response = await post(JSON.stringify({ query, variables }), headers);
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text), ms: performance.now() - started };
};

const tokensOf = (query: string) => {
  const lexer = new Lexer(new Source(query));
  let count = 0;
  while (lexer.advance().kind !== TokenKind.EOF) count += 1;
  return count;
};

const aliasesOf = (query: string) => {
  let count = 0;
  visit(parse(query), { Field: (node) => void (node.alias && (count += 1)) });
  return count;
};

/** The same operation with each of its root fields asked `times` times (under distinct aliases), compact. */
const repeated = (query: string, times: number) => {
  const document = parse(query);
  const operation = document.definitions[0] as OperationDefinitionNode;
  const selections = operation.selectionSet.selections.flatMap((selection) =>
    Array.from({ length: times }, (_, i) => {
      const field = selection as FieldNode;
      return { ...field, alias: { kind: Kind.NAME, value: `x${i}_${field.alias?.value ?? field.name.value}` } } as FieldNode;
    }),
  );
  return stripIgnoredCharacters(
    print({ ...document, definitions: [{ ...operation, selectionSet: { ...operation.selectionSet, selections } }] }),
  );
};

const heaviest = (by: (call: RecordedGraphqlCall) => number) => pageQueries.reduce((a, b) => (by(b) > by(a) ? b : a));
const queryOf = (call: RecordedGraphqlCall) => JSON.parse(call.body) as { query: string; variables?: Record<string, unknown> };

describe("the web's own queries are what the limits are derived from", () => {
  it('every public page was rendered from GraphQL answers without errors', () => {
    expect(pageQueries.length).toBeGreaterThanOrEqual(15);
    for (const call of pageQueries) {
      expect(call.status, call.body).toBe(200);
      expect(JSON.parse(call.response).errors, call.body).toBeUndefined();
    }
  });

  it('leaves each limit several times the heaviest real query', () => {
    const bytes = Math.max(...pageQueries.map((call) => Buffer.byteLength(call.body)));
    const tokens = Math.max(...pageQueries.map((call) => tokensOf(queryOf(call).query)));
    const aliases = Math.max(...pageQueries.map((call) => aliasesOf(queryOf(call).query)));
    expect(bytes * 10).toBeLessThan(MAX_BODY_BYTES);
    expect(tokens * 5).toBeLessThan(MAX_TOKENS);
    expect(aliases * 3).toBeLessThanOrEqual(MAX_ALIASES);
  });

  it('refuses 20 times each real query before running it, in under 100 ms, with a 400 naming the bound', async () => {
    for (const call of [heaviest((c) => c.body.length), heaviest((c) => aliasesOf(queryOf(c).query)), ...pageQueries]) {
      const { query, variables } = queryOf(call);
      const attack = repeated(query, 20);
      expect(Buffer.byteLength(attack)).toBeLessThan(MAX_BODY_BYTES); // refused by the cost model, not the body size
      const times: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await ask(attack, variables);
        expect(answer.status, answer.text).toBe(400);
        expect(answer.body.data).toBeUndefined();
        expect(answer.body.errors[0].message).toMatch(/token|alias|cost|depth/i);
        times.push(answer.ms);
      }
      times.sort((a, b) => a - b);
      expect(times[2], `median of ${times.map(Math.round)} ms`).toBeLessThan(100);
    }
  });
});

describe('each bound on its own', () => {
  const cheap = 'siteSetting { name }';

  it('aliases: 15 pass, 16 are refused', async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${cheap}`).join(' ')} }`;
    expect((await ask(aliases(MAX_ALIASES))).status).toBe(200);
    const refused = await ask(aliases(MAX_ALIASES + 1));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe(`Aliases limit of ${MAX_ALIASES} exceeded, found ${MAX_ALIASES + 1}.`);
  });

  it('tokens: a document past the limit is refused while it is parsed', async () => {
    const refused = await ask(`{ siteSetting { ${'name '.repeat(MAX_TOKENS)} } }`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toMatch(/Document contains more th\w+ 1000 tokens/);
  });

  it('depth: refused past the limit, inline fragments included', async () => {
    const deep = `{ blogs { ${'media { related { ... on Blog { '.repeat(5)} title ${'} } } '.repeat(5)} } }`;
    const refused = await ask(deep);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toMatch(/depth limit of 10 exceeded/);
  });

  it('directives: refused past the limit', async () => {
    const refused = await ask(`{ siteSetting { ${Array.from({ length: 11 }, () => 'name @include(if: true)').join(' ')} } }`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toMatch(/Directives limit of 10 exceeded/);
  });

  it('cost: every row asked for counts, also when the page size is a variable', async () => {
    const lists = (limit: string) =>
      Array.from(
        { length: 14 },
        (_, i) => `a${i}: blogs(pagination: { limit: ${limit} }) { title content author media { url width height formats mime } }`,
      ).join(' ');
    const sized = `query Sized($n: Int) { ${lists('$n')} }`;
    expect((await ask(sized, { n: 10 })).status).toBe(200);
    const refused = await ask(sized, { n: 100 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toMatch(/^Query cost limit of \d+ exceeded, found \d+/);
    // A page size Strapi caps at 100 is priced at 100, whatever is asked.
    const huge = await ask(`{ ${lists('100000')} }`);
    expect(huge.status).toBe(400);
  });

  it("cost: an entry's localizations are one row per other locale, whatever page size is asked", async () => {
    const translated = await ask(
      '{ blogs(pagination: { limit: 100 }) { title localizations(pagination: { limit: 100 }) { title content } } }',
    );
    expect(translated.status).toBe(200);
    expect(translated.body.data.blogs.every((blog: { localizations: unknown[] }) => blog.localizations.length <= 1)).toBe(true);
  });
});

describe('fragments', () => {
  it('answers a fragment cycle with 400 and says so (it was a 500: a stack overflow in the depth rule)', async () => {
    const answer = await ask('fragment F on Blog { title ...G } fragment G on Blog { content ...F } { blogs { ...F } }');
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toBe('Cannot spread fragment "F" within itself via "G".');
    expect((await fetch(`${cms.url}/_health`)).status).toBe(204);
  });

  it('answers an unknown fragment with 400', async () => {
    const answer = await ask('{ blogs { ...Missing } }');
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toBe('Unknown fragment "Missing".');
  });

  it('refuses a fan-out of fragments (each spreading the next twice) quickly, without expanding it', async () => {
    const depth = 40;
    const fragments = Array.from(
      { length: depth },
      (_, i) => `fragment F${i} on Blog { title ${i + 1 < depth ? `...F${i + 1} ...F${i + 1}` : ''} }`,
    );
    const answer = await ask(`{ blogs { ...F0 } } ${fragments.join(' ')}`);
    expect(answer.status).toBe(400);
    expect(answer.ms).toBeLessThan(1000);
  });
});

describe('the body is bounded while it streams', () => {
  // The reported attack: thousands of aliases of a post list with its content, media and translations (1 MB).
  const aliasFlood = JSON.stringify({
    query: `{ ${Array.from({ length: 11_000 }, (_, i) => `a${i}: blogs(pagination: { limit: 100 }) { title content media { url } localizations { title } }`).join(' ')} }`,
  });

  /** Posts a body with a declared length, or chunked (no length: the server must count as it reads). */
  const send = (body: string, { chunked = false, urlPath = '/graphql', type = 'application/json' } = {}) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const { hostname, port } = new URL(cms.url);
      const request = http.request(
        {
          host: hostname,
          port,
          method: 'POST',
          path: urlPath,
          headers: { 'content-type': type, ...(chunked ? {} : { 'content-length': Buffer.byteLength(body) }) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      // The server may answer and close while the rest of the body is still on its way.
      request.on('error', (error) =>
        /EPIPE|ECONNRESET/.test(error.message) ? resolve({ status: 0, text: error.message }) : reject(error),
      );
      if (chunked) {
        for (let offset = 0; offset < body.length; offset += 16 * 1024) request.write(body.slice(offset, offset + 16 * 1024));
        request.end();
      } else {
        request.end(body);
      }
    });

  it('refuses the 1 MB alias request with 413 and a GraphQL error, declared or chunked, under any spelling of the endpoint', async () => {
    expect(Buffer.byteLength(aliasFlood)).toBeGreaterThan(1_000_000);
    for (const options of [{}, { chunked: true }, { urlPath: '/GraphQL?x=1' }, { urlPath: '/graphql/', chunked: true }]) {
      const answer = await send(aliasFlood, options);
      expect(answer.status, JSON.stringify(options)).toBe(413);
      expect(JSON.parse(answer.text)).toEqual({
        errors: [
          { message: 'The request body is too large: a GraphQL request may be at most 32 KB.', extensions: { code: 'PAYLOAD_TOO_LARGE' } },
        ],
      });
    }
  });

  it('takes a body just under the limit and refuses one just over it', async () => {
    const padded = (size: number) => {
      const base = JSON.stringify({ query: '{ siteSetting { name } }' });
      return `${base.slice(0, -1)}${' '.repeat(size - base.length)}}`;
    };
    expect((await send(padded(MAX_BODY_BYTES))).status).toBe(200);
    expect((await send(padded(MAX_BODY_BYTES + 1), { chunked: true })).status).toBe(413);
  });

  it('refuses anything but JSON before reading it', async () => {
    for (const type of ['multipart/form-data; boundary=x', 'text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await send('--x\r\n', { type });
      expect(answer.status, type).toBe(415);
    }
    expect(await cms.tempFiles()).toEqual([]);
  });

  const readRss = async () => Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${cms.pid()}/status`, 'utf8'))![1]) * 1024;

  /**
   * Asks /_health every 20 ms from a process of its own (the flooding test process would delay its
   * own measurements), until stopped; resolves with each answer's time in ms.
   */
  const probeHealth = () => {
    const probe = spawn(
      process.execPath,
      [
        '-e',
        `const times = []; let on = true; process.on('SIGTERM', () => { on = false; });
         (async () => { while (on) { const t = performance.now(); const r = await fetch(process.argv[1]);
           times.push(r.status === 204 ? performance.now() - t : Infinity); if (times.length === 1) console.log('up');
           await new Promise((s) => setTimeout(s, 20)); }
           console.log(JSON.stringify(times)); })();`,
        `${cms.url}/_health`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    const up = new Promise<void>((resolve) =>
      probe.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.startsWith('up\n')) resolve();
      }),
    );
    const done = new Promise<number[]>((resolve) => probe.on('exit', () => resolve(JSON.parse(output.split('\n')[1] || '[]'))));
    return { up, stop: () => (probe.kill('SIGTERM'), done) };
  };

  /** Sends `total` copies of the 1 MB request, `parallel` at a time (half declared, half chunked), watching health and memory. */
  const underFlood = async (total: number, parallel: number) => {
    const baseline = await readRss();
    let peak = baseline;
    let flooding = true;
    const watchMemory = (async () => {
      while (flooding) {
        peak = Math.max(peak, await readRss());
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const health = probeHealth();
    await health.up;
    let sent = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (sent < total) {
          const chunked = sent % 2 === 1;
          sent += 1;
          statuses.push((await send(aliasFlood, { chunked })).status);
        }
      }),
    );
    flooding = false;
    const healthMs = await health.stop();
    await watchMemory;
    return { statuses, healthMs, growthMb: (peak - baseline) / 1024 / 1024 };
  };

  /**
   * The CMS stays responsive: 9 in 10 health checks within 100 ms and none past 1 s. This runs
   * beside other test processes on two shared cores, where even an idle CMS has outliers past
   * 100 ms; a blocked event loop, as before, took every check past many seconds. The probe's first
   * call warms it up and is left out.
   */
  const expectResponsive = (healthMs: number[]) => {
    const times = healthMs.slice(1).sort((a, b) => a - b);
    const p90 = times[Math.floor(times.length * 0.9)];
    const summary = `health p50 ${Math.round(times[times.length >> 1])} / p90 ${Math.round(p90)} / max ${Math.round(times.at(-1)!)} ms over ${times.length} checks`;
    console.log(`[graphql flood] ${summary}`);
    expect(times.length, summary).toBeGreaterThan(3);
    expect(p90, summary).toBeLessThan(100);
    expect(times.at(-1)!, summary).toBeLessThan(1000);
  };

  /**
   * Every request refused: 413, or (status 0) a connection the CMS closed after answering 413 while
   * the client was still sending, which can reset it before the client reads the answer (about one
   * request in a thousand here). Anything else (a 200, a 500, a 400) fails, and so does more than
   * the odd reset.
   */
  const expectAllRefused = (statuses: number[]) => {
    const counts = statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});
    expect(
      Object.keys(counts).filter((status) => status !== '413' && status !== '0'),
      JSON.stringify(counts),
    ).toEqual([]);
    expect(counts[0] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(Math.ceil(statuses.length / 100));
  };

  it('under a flood of the 1 MB alias request it answers /_health within 100 ms, grows by under 32 MB and stays up', async () => {
    const { statuses, healthMs, growthMb } = await underFlood(60, 6);
    expect(statuses).toHaveLength(60);
    expectAllRefused(statuses);
    expectResponsive(healthMs);
    expect(growthMb).toBeLessThan(32);
    expect(cms.alive()).toBe(true);
  });

  it('scaled up: 600 of them (600 MB), 10 at a time, with the same bounds', async () => {
    const { statuses, healthMs, growthMb } = await underFlood(600, 10);
    console.log(`[graphql flood] 600 x 1 MB: memory +${growthMb.toFixed(1)} MB`);
    expect(statuses).toHaveLength(600);
    expectAllRefused(statuses);
    expectResponsive(healthMs);
    expect(growthMb).toBeLessThan(32);
    expect(cms.alive()).toBe(true);
  }, 120_000);
});

describe('account operations are not in the GraphQL schema', () => {
  const userRow = async (email: string) => (await cms.query<Record<string, unknown>>(`SELECT * FROM up_users WHERE email = '${email}'`))[0];

  it('answers login, register, forgotPassword, resetPassword, changePassword and emailConfirmation with an error, writes nothing and sends no mail', async () => {
    // Signed in first: a sign-in records its time on the account.
    const staffToken = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const before = await userRow(ADMIN_EMAIL);
    const usersBefore = await cms.countRows('up_users');
    const mutations = (email: string) => [
      `mutation { login(input: { identifier: "${email}", password: "${ADMIN_PASSWORD}" }) { jwt } }`,
      `mutation { register(input: { username: "x", email: "${email}", password: "Intruder-123" }) { jwt } }`,
      `mutation { forgotPassword(email: "${email}") { ok } }`,
      'mutation { resetPassword(password: "Pwned-1234", passwordConfirmation: "Pwned-1234", code: "x") { jwt } }',
      `mutation { changePassword(currentPassword: "${ADMIN_PASSWORD}", password: "Pwned-1234", passwordConfirmation: "Pwned-1234") { jwt } }`,
      'mutation { emailConfirmation(confirmation: "x") { jwt } }',
    ];
    for (const [known, unknown] of mutations(ADMIN_EMAIL).map((query, i) => [query, mutations('nobody@example.org')[i]])) {
      for (const headers of [{}, { authorization: `Bearer ${staffToken}` }]) {
        const a = await ask(known, undefined, headers);
        const b = await ask(unknown, undefined, headers);
        expect(a.status, known).toBe(400);
        expect(a.body.errors[0].message, known).toMatch(/^Cannot query field "\w+" on type "Mutation"\./);
        expect(a.text, known).not.toContain('jwt"');
        // The same answer whether the e-mail belongs to someone or not.
        expect(a.text.replaceAll(ADMIN_EMAIL, 'E')).toBe(b.text.replaceAll('nobody@example.org', 'E'));
      }
    }
    const after = await userRow(ADMIN_EMAIL);
    expect(after.reset_password_token).toBeNull();
    expect(after).toEqual(before);
    expect(await cms.countRows('up_users')).toBe(usersBefore);
    // No MX lookup was attempted (the spy records every one the CMS makes).
    expect(await readFile(dnsSpyFile, 'utf8').catch(() => '')).toBe('');
  });

  it("never returns another staff member's e-mail, nor any user, to a staff token", async () => {
    const staffOne = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const staffTwo = await userRow(STAFF_TWO_EMAIL);
    expect(staffTwo).toBeDefined();
    const headers = { authorization: `Bearer ${staffOne}` };
    for (const query of [
      `{ usersPermissionsUser(documentId: "${staffTwo.document_id}") { email } }`,
      '{ usersPermissionsUsers { email } }',
      '{ usersPermissionsUsers_connection { nodes { email } } }',
      '{ usersPermissionsRoles { name users { email } } }',
      '{ me { email } }',
    ]) {
      const answer = await ask(query, undefined, headers);
      expect(answer.status, query).toBe(400);
      expect(answer.text, query).not.toContain(STAFF_TWO_EMAIL);
      expect(answer.text, query).not.toContain(ADMIN_EMAIL);
    }
    // REST keeps its own rule: a staff token reads only its own account.
    const rest = await fetch(`${cms.url}/api/users/${staffTwo.id}`, { headers });
    expect(rest.status).toBe(403);
  });
});

describe('what anonymous visitors learn from errors', () => {
  it('has no introspection and no stack traces or file paths in GraphQL errors (npm start runs the CMS with NODE_ENV=development, as these tests do)', async () => {
    const introspection = await ask('{ __schema { types { name } } }');
    expect(introspection.status).toBe(400);
    const forbidden = await ask('mutation { createBlog(data: { title: "x", content: "y", author: "a@example.org" }) { documentId } }');
    const unknownField = await ask('{ blogz { title } }');
    for (const answer of [introspection, forbidden, unknownField]) {
      expect(answer.text).not.toMatch(/stacktrace|node_modules|\/cms\/|at \w+ \(/);
    }
    // Nor does it suggest field names.
    expect(unknownField.text).not.toMatch(/Did you mean/);
  });
});
