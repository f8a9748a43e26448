import type { Core } from '@strapi/strapi';
import { ensureStaffUser, ensureSuperAdmin } from './bootstrap/accounts';
import { applyPermissions } from './bootstrap/permissions';
import { sweepOrphanUploads } from './bootstrap/uploads';
import { registerGraphqlExtension } from './graphql-extension';
import { seedDemoContent } from './seed';

export default {
  register() {
    registerGraphqlExtension();
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const { staffRoleId } = await applyPermissions();
    await ensureStaffUser(staffRoleId);
    await ensureSuperAdmin();
    await sweepOrphanUploads();
    if (process.env.SEED_DEMO_CONTENT !== 'false') {
      await seedDemoContent(strapi);
    }
  },
};
