// Photos inside posts: staff store one for a post's text (a permission of the Staff and Manager
// roles, bootstrap/permissions.ts), and the web asks the sizes of the ones a post shows (public:
// the files are).
export default {
  type: 'content-api',
  routes: [
    { method: 'POST', path: '/post-photos', handler: 'api::blog.blog.storePhoto' },
    { method: 'GET', path: '/post-photo-sizes', handler: 'api::blog.blog.photoSizes', config: { auth: false } },
  ],
};
