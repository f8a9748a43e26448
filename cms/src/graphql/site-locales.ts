import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { GraphQLError, GraphQLScalarType, Kind, type GraphQLSchema, type ValueNode } from 'graphql';
import { UNKNOWN_LOCALE_MESSAGE, isLocaleCode } from '../bootstrap/locales';

const LOCALE_SCALAR = 'I18NLocaleCode';

const siteLocale = (value: unknown) => {
  if (value === '*' || isLocaleCode(value)) return value;
  throw new GraphQLError(UNKNOWN_LOCALE_MESSAGE);
};

/**
 * GraphQL's `locale` arguments take the site's languages only (and `*`): Strapi's own scalar
 * accepts any ISO code, so `createBlog(locale: "fr")` stored a French entry and `deleteBlog(...,
 * locale: "fr")` was answered as if it meant something. Refused while the request is validated.
 */
export function onlySiteLocales(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.SCALAR_TYPE]: (type) =>
      type.name !== LOCALE_SCALAR
        ? type
        : new GraphQLScalarType({
            ...type.toConfig(),
            parseValue: siteLocale,
            parseLiteral: (node: ValueNode) => siteLocale(node.kind === Kind.STRING ? node.value : undefined),
          }),
  });
}
