// Consent for photos of children, for staff (bootstrap/permissions.ts); withdrawal is a Manager's.
const handler = (action: string) => `api::photo-consent.photo-consent.${action}`;

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/consent/photos', handler: handler('findMany') },
    { method: 'GET', path: '/consent/review', handler: handler('dueForReview') },
    { method: 'GET', path: '/consent/photos/:name', handler: handler('findOneByName') },
    { method: 'PUT', path: '/consent/photos/:name', handler: handler('record') },
    { method: 'POST', path: '/consent/photos/:name/withdraw', handler: handler('withdraw') },
  ],
};
