import { expect } from 'vitest';
import type { TestCms } from './cms-server';
import { bearer, json, login } from './api';

export const STAFF_PASSWORD = 'Seven mango trees';

/** A new staff account made by a Manager, signed in: its id and token. */
export async function addAccount(cms: TestCms, managerToken: string, name: string, role: 'staff' | 'manager') {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`;
  const created = await fetch(`${cms.url}/api/staff-accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(managerToken) },
    body: JSON.stringify({ name, email, role, password: STAFF_PASSWORD }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const signedIn = await login(cms.url, email, STAFF_PASSWORD);
  return { id: (await json(created)).id as number, token: signedIn.body.token as string };
}
