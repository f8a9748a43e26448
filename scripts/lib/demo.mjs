// Keep in step with cms/src/bootstrap/accounts.ts.
export const DEMO_ADMIN_EMAIL = "admin@example.org";
export const DEMO_ADMIN_PASSWORD = "Namaste-2026";

export function adminDefaults() {
  const email = process.env.ADMIN_EMAIL || DEMO_ADMIN_EMAIL;
  const password = process.env.ADMIN_PASSWORD || DEMO_ADMIN_PASSWORD;
  return { email, password, demo: email === DEMO_ADMIN_EMAIL || password === DEMO_ADMIN_PASSWORD };
}
