// The demo content still on the site, and its removal (staff dashboard, `npm run seed -- --remove-demo`).
export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/demo-content', handler: 'api::demo-content.demo-content.status' },
    { method: 'DELETE', path: '/demo-content', handler: 'api::demo-content.demo-content.remove' },
  ],
};
