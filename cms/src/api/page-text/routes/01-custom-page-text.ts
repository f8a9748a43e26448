// The texts of the home, objectives and organization pages in the staff admin. Only the Manager
// role holds these two actions (bootstrap/permissions.ts): Staff get 403 from Strapi's permission
// check, anonymous callers 401, both as the contract's {message, errors}. Visitors read the pages
// through GraphQL and Strapi's own public `find` of each single type, as before.
export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/page-texts/:page', handler: 'api::page-text.page-text.find' },
    { method: 'PUT', path: '/page-texts/:page', handler: 'api::page-text.page-text.update' },
    // A hero slide's photo and its text alternative (multipart, through the contract's file checks).
    // One card list or text list of a page, in one language (JSON).
    { method: 'PUT', path: '/page-texts/:page/lists/:list', handler: 'api::page-text.page-text.updateList' },
    { method: 'PUT', path: '/page-texts/home/slides/:slide', handler: 'api::page-text.page-text.updateSlidePhoto' },
  ],
};
