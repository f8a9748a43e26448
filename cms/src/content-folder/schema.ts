import { EDITOR_ATTRIBUTES } from '../contract/editors';

/** The attributes a content type or component declares in its schema.json (not Strapi's own fields). */
export interface Attribute {
  type: string;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  repeatable?: boolean;
  component?: string;
  allowedTypes?: string[];
  multiple?: boolean;
  pluginOptions?: { i18n?: { localized?: boolean } };
}

// Strapi's own fields, and who edited an entry last (it names accounts of this database only).
const SYSTEM = new Set<string>([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
  ...EDITOR_ATTRIBUTES,
]);

export function schemaAttributes(uid: string): Record<string, Attribute> {
  const model =
    (strapi.contentTypes as unknown as Record<string, { attributes: Record<string, Attribute> }>)[uid] ??
    (strapi.components as unknown as Record<string, { attributes: Record<string, Attribute> }>)[uid];
  if (!model) throw new Error(`Unknown content type or component ${uid}`);
  return Object.fromEntries(Object.entries(model.attributes).filter(([name]) => !SYSTEM.has(name)));
}

export const isLocalized = (attribute: Attribute) => attribute.pluginOptions?.i18n?.localized === true;

/** Strapi's populate for every media and component attribute, however deep. */
export function deepPopulate(uid: string): Record<string, true | { populate: Record<string, unknown> }> {
  const populate: Record<string, true | { populate: Record<string, unknown> }> = {};
  for (const [name, attribute] of Object.entries(schemaAttributes(uid))) {
    if (attribute.type === 'media') populate[name] = true;
    if (attribute.type === 'component') {
      const inner = deepPopulate(attribute.component as string);
      populate[name] = Object.keys(inner).length > 0 ? { populate: inner } : true;
    }
  }
  return populate;
}
