import { z } from "zod";

// Validated once, when the server module is first imported: a bad value stops the
// server at start-up with a readable message instead of failing on some later request.
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    CMS_URL: z
      .url({ message: "CMS_URL must be an absolute http(s) URL" })
      .default("http://127.0.0.1:1337")
      .transform((u) => u.replace(/\/+$/, "")),
    // Canonical URLs, sitemap, RSS and Open Graph need the site's public address.
    PUBLIC_SITE_URL: z
      .url({ message: "PUBLIC_SITE_URL must be an absolute http(s) URL" })
      .default("http://127.0.0.1:3000")
      .transform((u) => u.replace(/\/+$/, "")),
    // Signs the staff session cookie (admin panel). Optional outside production.
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    // How long a page waits for the CMS before showing the friendly 503 page.
    CMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30000).default(2500),
    // ── Caching (app/lib/cache.server.ts) ──
    // on: CMS reads and public pages are cached; reads: CMS reads only; off: nothing.
    WEB_CACHE: z.enum(["on", "reads", "off"], { message: "WEB_CACHE must be on, reads or off" }).default("on"),
    // How long a cached read or page is fresh; after it, it is served while one request refreshes it.
    WEB_CACHE_TTL_MS: z.coerce.number().int().min(1).max(86_400_000).default(60_000),
    // How long after it was loaded a copy may stand in for a CMS that is down, slow or failing.
    WEB_CACHE_STALE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 86_400_000)
      .default(86_400_000),
    // After a content change, how long a visitor waits for the new page before getting the old one.
    WEB_CACHE_CHANGE_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(250),
    WEB_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(1000),
    // Where the uploads can be read without a key when they are in a public bucket or behind a CDN
    // (the CMS's S3_PUBLIC_URL): /uploads and /img read them from there instead of through the CMS.
    S3_PUBLIC_URL: z
      .url({ message: "S3_PUBLIC_URL must be an absolute http(s) URL" })
      .optional()
      .transform((u) => u?.replace(/\/+$/, "")),
    // Where resized images are kept (server/images.ts); default: a folder in the OS temp dir.
    IMAGE_CACHE_DIR: z.string().min(1).optional(),
    // Where resumable admin uploads are kept until their form is saved (server/resumable-uploads.ts);
    // default: a folder in the OS temp dir. Several web processes must share one folder.
    RESUMABLE_UPLOAD_DIR: z.string().min(1).optional(),
    // URLs per sitemap file (the protocol allows up to 50,000; each file is made whole in memory, so
    // smaller files keep the peak low, ADR 011); past it /sitemap.xml becomes a sitemap index.
    SITEMAP_MAX_URLS: z.coerce.number().int().min(2).max(50_000).default(5_000),
    // Longest a post's Markdown may take to render (app/lib/markdown/markdown.server.ts), and to wait for
    // a free worker; past it the post is shown as plain text. Keep it below CMS_TIMEOUT_MS.
    MARKDOWN_RENDER_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(2000),
    // ── Admin ──
    // Shared with the CMS: lets it trust the visitor address we pass on login (rate limit).
    WEB_PROXY_SECRET: z.string().min(1).optional(),
    // The session cookie is Secure in production; `npm start` serves the build over plain
    // http on this machine, so it can say COOKIE_SECURE=false.
    COOKIE_SECURE: z
      .enum(["true", "false", "1", "0"], { message: "COOKIE_SECURE must be true or false" })
      .transform((v) => v === "true" || v === "1")
      .optional(),
    // Upload limits the admin checks before passing files on (the CMS has the same ones).
    IMAGE_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 1024 * 1024),
    VIDEO_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(200 * 1024 * 1024),
    IMAGE_MAX_PIXELS: z.coerce.number().int().positive().default(40_000_000),
    // ── Request limits (server/request-limits.ts, server/http-server.ts) ──
    // Largest body a route reads unless it declares its own (uploads stream to disk instead).
    REQUEST_BODY_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(16 * 1024 * 1024)
      .default(64 * 1024),
    // A request's headers, and a body that is not an upload, must arrive within these.
    REQUEST_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
    REQUEST_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
    // A whole upload (a 200 MB video over a slow connection) must arrive within this.
    UPLOAD_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(24 * 3_600_000)
      .default(3_600_000),
  })
  .superRefine((env, ctx) => {
    if (env.UPLOAD_TIMEOUT_MS <= env.REQUEST_HEADERS_TIMEOUT_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["UPLOAD_TIMEOUT_MS"],
        message: "UPLOAD_TIMEOUT_MS must be longer than REQUEST_HEADERS_TIMEOUT_MS",
      });
    }
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET is required when NODE_ENV=production",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable (FOO= in a shell or .env) means "not set", so defaults apply.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "env"}: ${i.message}`);
    throw new Error(`Invalid environment for the web server:\n${lines.join("\n")}`);
  }
  return result.data;
}

export const env: Env = parseEnv(process.env);
