// What the web's sitemap lists, in one lean read (public: only what the site shows anyway).
export default {
  type: 'content-api',
  routes: [{ method: 'GET', path: '/sitemap-entries', handler: 'api::sitemap.sitemap.entries', config: { auth: false } }],
};
