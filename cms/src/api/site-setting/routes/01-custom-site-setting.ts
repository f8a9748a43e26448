// The home's own details in the staff admin. Only the Manager role holds these two actions
// (bootstrap/permissions.ts): Staff get 403 from Strapi's permission check, anonymous callers 401,
// both as the contract's {message, errors} (contract-errors middleware).
const handler = (action: string) => `api::site-setting.site-setting.${action}`;

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/settings', handler: handler('contractFind') },
    { method: 'PUT', path: '/settings', handler: handler('contractUpdate') },
  ],
};
