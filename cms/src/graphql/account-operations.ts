import { MapperKind, mapSchema, pruneSchema } from '@graphql-tools/utils';
import type { GraphQLSchema } from 'graphql';

/**
 * Root fields users-permissions adds to GraphQL that the site has no use for. Staff sign in and
 * read their own account through the REST contract (`/api/users/login`, `/api/users/{id}`), where
 * the login limit and the own-id rule hold; over GraphQL these would bypass both (`login` with
 * only Strapi's own limit, `forgotPassword` writing reset tokens and telling known e-mails from
 * unknown ones, `usersPermissionsUser` reading any staff member's e-mail).
 */
export const ACCOUNT_MUTATIONS = [
  'login',
  'register',
  'forgotPassword',
  'resetPassword',
  'changePassword',
  'emailConfirmation',
  'createUsersPermissionsUser',
  'updateUsersPermissionsUser',
  'deleteUsersPermissionsUser',
  'createUsersPermissionsRole',
  'updateUsersPermissionsRole',
  'deleteUsersPermissionsRole',
];
export const ACCOUNT_QUERIES = [
  'me',
  'usersPermissionsUser',
  'usersPermissionsUsers',
  'usersPermissionsUsers_connection',
  'usersPermissionsRole',
  'usersPermissionsRoles',
  'usersPermissionsRoles_connection',
];

const removed = { Query: new Set(ACCOUNT_QUERIES), Mutation: new Set(ACCOUNT_MUTATIONS) };

/** The schema without the account operations, and without the types only they used. */
export function withoutAccountOperations(schema: GraphQLSchema): GraphQLSchema {
  const trimmed = mapSchema(schema, {
    [MapperKind.ROOT_FIELD]: (fieldConfig, fieldName, typeName) =>
      removed[typeName as keyof typeof removed]?.has(fieldName) ? null : fieldConfig,
  });
  return pruneSchema(trimmed);
}
