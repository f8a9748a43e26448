// "Forgot your password?": open to anyone (no token), only while outgoing mail is configured.
// GET says whether it is; POST asks for a link by e-mail; PUT sets a new password with the link's token.
const handler = (action: string) => `api::password-reset.password-reset.${action}`;

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/password-reset', handler: handler('availability'), config: { auth: false } },
    { method: 'POST', path: '/password-reset', handler: handler('request'), config: { auth: false } },
    { method: 'PUT', path: '/password-reset', handler: handler('complete'), config: { auth: false } },
  ],
};
