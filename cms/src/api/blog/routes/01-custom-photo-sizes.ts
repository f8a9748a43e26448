// The pixel sizes of the photos inside posts, for the web's <img width height> (public: the files are).
export default {
  type: 'content-api',
  routes: [{ method: 'GET', path: '/post-photo-sizes', handler: 'api::blog.blog.photoSizes', config: { auth: false } }],
};
