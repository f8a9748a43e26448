// The record of a post's changes of status, for Managers (bootstrap/permissions.ts); nothing else of it is exposed.
export default {
  type: 'content-api',
  routes: [{ method: 'GET', path: '/audit/:kind/:id', handler: 'api::publication-event.publication-event.forEntry' }],
};
