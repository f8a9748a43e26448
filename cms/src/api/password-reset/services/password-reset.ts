import { createHash, randomBytes } from 'crypto';
import type { Core } from '@strapi/strapi';
import { ACCOUNT_LIMITS, isStaffRole, passwordProblem } from '../../../contract/shared/account-rules';
import { ContractError, refuseInvalid } from '../../../contract/errors';
import { EMAIL_PATTERN, fieldMessages } from '../../../contract/messages';
import { failureCounter, FailureCountersUnavailable } from '../../../failure-counters';
import type { StaffUserRow } from '../../staff-account/services/staff-account';

const USER_UID = 'plugin::users-permissions.user';

export const resetMessages = {
  unavailable: 'Password reset by e-mail is not available. Ask a manager of the home to reset your password.',
  sent: 'If a staff account has this e-mail address, a link to set a new password is on its way to it. The link works once, within {minutes} minutes.',
  tooManyRequests: 'Too many requests for a reset link. Please wait an hour and try again, or ask a manager of the home.',
  requestUnavailable: 'A reset link cannot be sent right now. Please try again in a few minutes.',
  linkInvalid: 'This link to set a new password is no longer valid: it was used already or is too old. Ask for a new one.',
  subject: 'Set a new password for the staff admin',
} as const;

interface MailSettings {
  enabled: boolean;
  siteUrl: string;
  resetLinkMinutes: number;
  resetRequestsPerClient: number;
  resetLinksPerAddress: number;
  resetWindowMs: number;
}

/** What the database keeps of a link: never the token itself, only its hash and when it ends. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const storedToken = (hash: string, expiresAt: number) => `${hash}.${expiresAt}`;

/**
 * Password reset by e-mail. A link holds a random token (256 bits) that works once, for a limited
 * time; the database keeps its SHA-256 and its end in users-permissions' `resetPasswordToken`, so a
 * copy of the database opens nothing. A request gets the same answer at once whether the address
 * has an account or not: the look-up and the mail happen after the answer is sent. Requests are
 * limited per client (429) and links per address (silently: more requests send nothing). Setting the
 * password ends every session of the account (registerSessionRevocation).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const settings = () => strapi.config.get('mail') as MailSettings;
  const users = () => strapi.db.query(USER_UID);
  const userService = () =>
    strapi.plugin('users-permissions').service('user') as { edit(id: number, values: Record<string, unknown>): Promise<unknown> };
  const perClient = failureCounter('reset-request-client', {
    maxFailures: settings().resetRequestsPerClient,
    windowMs: settings().resetWindowMs,
  });
  const perAddress = failureCounter('reset-link-address', {
    maxFailures: settings().resetLinksPerAddress,
    windowMs: settings().resetWindowMs,
  });

  const refuseUnlessAvailable = () => {
    if (!settings().enabled) throw new ContractError(404, resetMessages.unavailable);
  };

  /** Writes a new link for the account of this address, if it is an active staff account, and mails it. */
  const sendLink = async (email: string) => {
    const attempt = await perAddress.attempt(email);
    if (!attempt.allowed) {
      strapi.log.warn('[password-reset] a reset link was asked for too often for one address: none sent');
      return;
    }
    const user = (await users().findOne({ where: { email }, populate: ['role'] })) as StaffUserRow | null;
    if (!user || user.blocked || !isStaffRole(user.role?.type)) return;
    const { siteUrl, resetLinkMinutes } = settings();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = Date.now() + resetLinkMinutes * 60_000;
    // A newer link replaces an older one.
    await users().update({ where: { id: user.id }, data: { resetPasswordToken: storedToken(tokenHash(token), expiresAt) } });
    const link = `${siteUrl}/reset-password/${token}`;
    await strapi
      .plugin('email')
      .service('email')
      .send({
        to: user.email,
        subject: resetMessages.subject,
        text: [
          `Hello${user.displayName ? ` ${user.displayName}` : ''},`,
          '',
          'Someone (we hope you) asked to set a new password for your account in the staff admin of the website.',
          `Open this link within ${resetLinkMinutes} minutes to choose it (it works once):`,
          '',
          link,
          '',
          'If you did not ask for it, ignore this message: your password stays as it is.',
        ].join('\n'),
      });
  };

  return {
    available: () => settings().enabled,
    windowMs: () => settings().resetWindowMs,

    /** Asks for a link; answers the same sentence for every address (sends at most a few per address). */
    async request(input: Record<string, unknown>, client: string): Promise<string> {
      refuseUnlessAvailable();
      const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
      refuseInvalid({
        ...(email ? {} : { email: [fieldMessages.emailRequired] }),
        ...(email && (email.length > ACCOUNT_LIMITS.emailMaxLength || !EMAIL_PATTERN.test(email))
          ? { email: [fieldMessages.authorInvalid] }
          : {}),
      });
      const attempt = await perClient.attempt(client).catch((error) => {
        if (error instanceof FailureCountersUnavailable) throw new ContractError(503, resetMessages.requestUnavailable);
        throw error;
      });
      if (!attempt.allowed) throw new ContractError(429, resetMessages.tooManyRequests);
      // After the answer: how long the look-up and the mail take tells nothing about the address.
      setImmediate(() => {
        sendLink(email).catch((error) => strapi.log.error(`[password-reset] the reset link was not sent: ${(error as Error).message}`));
      });
      return resetMessages.sent.replace('{minutes}', String(settings().resetLinkMinutes));
    },

    /** Sets the new password of the link's account; the link then works no more. */
    async complete(input: Record<string, unknown>): Promise<void> {
      refuseUnlessAvailable();
      const token = typeof input.token === 'string' && input.token.length <= 100 ? input.token : '';
      const password = typeof input.password === 'string' ? input.password : '';
      const invalid = () => new ContractError(400, resetMessages.linkInvalid, { token: [resetMessages.linkInvalid] });
      if (!token) throw invalid();
      const hash = tokenHash(token);
      const user = (await users().findOne({
        where: { resetPasswordToken: { $startsWith: `${hash}.` } },
        populate: ['role'],
        select: ['id', 'email', 'blocked', 'resetPasswordToken'],
      })) as (StaffUserRow & { resetPasswordToken: string }) | null;
      const expiresAt = Number(user?.resetPasswordToken.slice(hash.length + 1));
      if (!user || user.blocked || !isStaffRole(user.role?.type) || !(expiresAt > Date.now())) throw invalid();
      refuseInvalid(passwordProblem(password, user.email) ? { password: [passwordProblem(password, user.email)!] } : {});
      // Taken in one step: of two uses at once, one finds the link gone.
      const taken = (await users().updateMany({
        where: { id: user.id, resetPasswordToken: user.resetPasswordToken },
        data: { resetPasswordToken: null },
      })) as { count: number };
      if (taken.count !== 1) throw invalid();
      await userService().edit(user.id, { password });
    },
  };
};
