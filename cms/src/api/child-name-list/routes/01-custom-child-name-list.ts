// The children's full names: read by staff for the admin's warning, kept by Managers (bootstrap/permissions.ts).
export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/child-names', handler: 'api::child-name-list.child-name-list.read' },
    { method: 'PUT', path: '/child-names', handler: 'api::child-name-list.child-name-list.replace' },
  ],
};
