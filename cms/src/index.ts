import type { Core } from '@strapi/strapi';
import { ensureActiveManager, ensureSuperAdmin } from './bootstrap/accounts';
import { ensureLocales, refuseUnknownLocales } from './bootstrap/locales';
import { followStaffAccountsInConsole, registerConsoleSignIn } from './console-access';
import { applyPermissions } from './bootstrap/permissions';
import { sweepOrphanUploads } from './bootstrap/uploads';
import { dropLaterContentChangeNotifications, registerContentChangeNotifier } from './content-change-notifier';
import { closeFailureCounters, prepareFailureCounters } from './failure-counters';
import { checkConsentOfConsoleSaves } from './consent/console-check';
import { followEditorAccounts, recordEditors } from './contract/editors';
import { registerGraphqlExtension } from './graphql-extension';
import { registerGraphqlRequestLimits } from './graphql/request-limits';
import { removeStoredMetadataOnce } from './media/stored-files';
import { registerPostPhotoCleanup } from './media/post-photo-cleanup';
import { registerVideoConversionTrigger, resumeVideoConversions, stopVideoConversions } from './media/video-queue';
import { boundPagination } from './pagination-bounds';
import { reusePerRequestLookups } from './per-request-lookups';
import { registerReadCacheInvalidation } from './read-cache-instance';
import { registerReadiness } from './readiness';

export default {
  register() {
    registerGraphqlExtension();
    registerGraphqlRequestLimits();
    refuseUnknownLocales();
    boundPagination();
    registerContentChangeNotifier();
    recordEditors();
    checkConsentOfConsoleSaves();
    registerVideoConversionTrigger();
    registerPostPhotoCleanup();
    // Before the admin routes take their controllers (end of register).
    registerConsoleSignIn();
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // Keep idle connections open longer than clients and load balancers do (60 s is common), so a
    // request is never sent on a socket the server is closing at that moment (ECONNRESET).
    strapi.server.httpServer.keepAliveTimeout = 65_000;
    strapi.server.httpServer.headersTimeout = 66_000;
    registerReadCacheInvalidation();
    strapi.service('api::staff-session.staff-session').registerSessionRevocation();
    // The same changes of a staff account end its console sessions, or its console user.
    followStaffAccountsInConsole();
    followEditorAccounts();
    registerReadiness(strapi);
    // The login limit and the password change count failures in the database or Redis.
    await prepareFailureCounters(strapi);
    await ensureLocales();
    const { managerRoleId } = await applyPermissions();
    await ensureActiveManager(managerRoleId);
    await ensureSuperAdmin();
    await sweepOrphanUploads();
    await removeStoredMetadataOnce();
    // Demo content, once, into a brand-new database (SEED_DEMO_CONTENT, config/content.ts).
    await (strapi.service('api::demo-content.demo-content') as unknown as { seedOnce(): Promise<void> }).seedOnce();
    // Videos whose conversion a stop interrupted, or that were stored before, are converted in the background.
    await resumeVideoConversions();
    // Last: the locales and permissions set up above are what it starts from.
    reusePerRequestLookups(strapi);
  },

  async destroy() {
    dropLaterContentChangeNotifications();
    await stopVideoConversions();
    await closeFailureCounters();
  },
};
