// The product spec's login call, and logout: ending the token's session on the server makes a
// copied token useless. Rate limiting of logins is done by the global login-rate-limit middleware,
// keyed by client address only, so changing the e-mail does not reset the count.
export default {
  type: 'content-api',
  routes: [
    {
      method: 'POST',
      path: '/users/login',
      handler: 'api::staff-session.staff-session.login',
      config: { auth: false },
    },
    {
      // Checks the bearer token itself (controller): any holder of a good token may end it.
      method: 'POST',
      path: '/users/logout',
      handler: 'api::staff-session.staff-session.logout',
      config: { auth: false },
    },
  ],
};
