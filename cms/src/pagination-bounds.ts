import { errors } from '@strapi/utils';

/** The furthest into a list any read may start (what a GraphQL Int can carry). */
export const MAX_OFFSET = 2_147_483_647;

const READ_ACTIONS = new Set(['findMany', 'findFirst']);

const withinBounds = (value: unknown) =>
  value === undefined || (Number.isSafeInteger(Number(value)) && Number(value) >= 0 && Number(value) <= MAX_OFFSET);

/**
 * Every list read, whatever the path (Strapi's REST `?pagination[page]=`, GraphQL `pagination:`,
 * the contract), starts at a whole offset the database can take: a huge page number made SQLite
 * fail (a 500) or wrap around to the wrong rows.
 */
export function boundPagination() {
  strapi.documents.use(async (context, next) => {
    if (READ_ACTIONS.has(context.action)) {
      const { start, limit, page, pageSize } = (context.params ?? {}) as Record<string, unknown>;
      if (![start, limit, page, pageSize].every(withinBounds)) {
        throw new errors.ValidationError(
          `The requested page is out of range: pages start at most ${MAX_OFFSET} entries in, and page, pageSize, start and limit are whole numbers.`,
        );
      }
    }
    return next();
  });
}
