import { errors } from '@strapi/utils';
import { DEFAULT_LOCALE } from '../bootstrap/locales';
import { contractDefinitions, mediaFieldsOf, type MediaFile } from '../contract/definitions';
import { fromConsole } from '../contract/editors';
import { ContractError } from '../contract/errors';
import { isPublicPost } from '../contract/shared/post-status';
import { refusePhotosWithoutConsent, storedBodies } from './publish-check';

/**
 * The Strapi console writes entries without the contract, so its saves are checked here as the
 * contract checks its own: a save that leaves an entry published while a photo it shows (its files,
 * the photos in the text of any language) has no valid consent is undone, and the console shows
 * why. The check runs on the entry as the save left it, inside the save's transaction.
 */
export function checkConsentOfConsoleSaves() {
  const kinds = new Map(contractDefinitions.filter((def) => def.drafts).map((def) => [def.uid, def]));
  strapi.documents.use(async (context, next) => {
    const def = kinds.get(context.uid);
    if (!def || (context.action !== 'create' && context.action !== 'update') || !fromConsole()) return next();
    return strapi.db.transaction(async () => {
      const saved = await next();
      const documentId = (saved as { documentId?: string } | null)?.documentId;
      if (!documentId) return saved;
      const fields = mediaFieldsOf(def);
      const english = (await strapi.db
        .query(def.uid as never)
        .findOne({ where: { documentId, locale: DEFAULT_LOCALE }, populate: fields })) as Record<string, unknown> | null;
      if (!english || !isPublicPost(english.publication)) return saved;
      const bodies = def.markdownField ? await storedBodies(def.uid, def.markdownField, documentId, []) : [];
      try {
        await refusePhotosWithoutConsent(
          fields.map((field) => (english[field] as MediaFile | null | undefined)?.url),
          bodies,
        );
      } catch (error) {
        if (error instanceof ContractError) throw new errors.ApplicationError(error.message, error.details);
        throw error;
      }
      return saved;
    });
  });
}
