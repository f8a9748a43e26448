import type { Core } from '@strapi/strapi';

/** How long the database may take to answer the probe before the CMS counts as not ready. */
const DATABASE_PROBE_TIMEOUT_MS = 2000;

/**
 * GET /_ready: readiness, beside Strapi's own GET /_health (liveness: the process answers HTTP).
 * 200 `{"ready": true, "database": "up"}` when the database answers a trivial query in time;
 * 503 `{"ready": false, "database": "down"}` otherwise, so a load balancer, an orchestrator or the
 * web app's own /readyz stops counting on this process until its database is back.
 */
export function registerReadiness(strapi: Core.Strapi) {
  strapi.server.routes([
    {
      method: 'GET',
      path: '/_ready',
      handler: async (ctx: { status: number; body: unknown; set(name: string, value: string): void }) => {
        ctx.set('Cache-Control', 'no-store');
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            strapi.db.connection.raw('select 1'),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('database probe timed out')), DATABASE_PROBE_TIMEOUT_MS);
            }),
          ]);
          ctx.status = 200;
          ctx.body = { ready: true, database: 'up' };
        } catch (error) {
          strapi.log.warn(`[ready] database not answering: ${(error as Error).message}`);
          ctx.status = 503;
          ctx.body = { ready: false, database: 'down' };
        } finally {
          clearTimeout(timer);
        }
      },
      config: { auth: false },
    },
  ] as never);
}
