import type { Core } from '@strapi/strapi';
import { ensureStaffUser, ensureSuperAdmin } from './bootstrap/accounts';
import { applyPermissions } from './bootstrap/permissions';
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
    if (process.env.SEED_DEMO_CONTENT !== 'false') {
      await seedDemoContent(strapi);
    }
  },
};
