// The product spec's login call. Rate limiting is done by the global login-rate-limit middleware,
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
  ],
};
