import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams) => ({
  // Staff submit posts and a Manager publishes them. With this on, a Manager's own post also needs
  // another Manager: nobody publishes a post that only they have looked at.
  requireSecondApproval: env.bool('REQUIRE_SECOND_APPROVAL', false),
});

export default config;
