// Staff accounts. Managers list, add, re-role, block, remove them and reset their passwords (the Manager role alone holds
// find/create/update/delete); every signed-in member of staff changes their own name, password and admin language.
// Anonymous callers get 401 (write guard), Staff 403 (Strapi's permission check), both in the
// contract's {message, errors} shape (contract-errors middleware).
const handler = (action: string) => `api::staff-account.staff-account.${action}`;

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/staff-accounts', handler: handler('find') },
    { method: 'POST', path: '/staff-accounts', handler: handler('create') },
    { method: 'PUT', path: '/staff-accounts/:id', handler: handler('update') },
    { method: 'DELETE', path: '/staff-accounts/:id', handler: handler('delete') },
    { method: 'PUT', path: '/staff-accounts/:id/password', handler: handler('resetPassword') },
    { method: 'PUT', path: '/account', handler: handler('updateMe') },
    { method: 'PUT', path: '/account/password', handler: handler('changeMyPassword') },
    { method: 'PUT', path: '/account/language', handler: handler('setMyLanguage') },
  ],
};
