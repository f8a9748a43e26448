import { fieldMessages } from './messages';

/** A text field of a contract form: its request name, the attribute it is stored in and its rules. */
export interface TextField {
  field: string;
  attribute: string;
  label: string;
  requiredMessage?: string;
  maxLength: number;
  email?: boolean;
}

export interface MediaFile {
  id: number;
  url: string;
  alternativeText?: string | null;
  width?: number | null;
  height?: number | null;
  mime?: string;
}

export type Entry = Record<string, unknown> & { id: number; documentId: string; createdAt?: string };

export interface ContractDefinition {
  uid: string;
  /** The spec's path under /api (`/api/{path}`, `/api/{path}/{id}`). */
  path: string;
  /** Multipart field name of the file, and the media attribute it is stored in. */
  fileField: 'photo' | 'image' | 'video' | 'media';
  fileKind: 'image' | 'video';
  fileRequiredMessage?: string;
  /** Further image files the form may carry (never required), e.g. a video's poster frame. */
  optionalImageFields?: 'poster'[];
  textFields: TextField[];
  /**
   * Optional text fields only a translation has, never an English request: a team member's name
   * as written in the translation's language (`local_name`; without one the shared name is shown).
   */
  translationFields?: TextField[];
  sort: string[];
  /** Alt text stored with an uploaded file. */
  altText: (fields: Record<string, string>) => string;
  serialize: (entry: Entry, fileUrl: (file: MediaFile | null | undefined) => string | null) => Record<string, unknown>;
  /** Messages for failures the client cannot fix (spec section 8). */
  failure: { list: string; one: string; create: string; update: string; remove: string };
}

export const teamMember: ContractDefinition = {
  path: 'team-member',
  uid: 'api::team-member.team-member',
  fileField: 'photo',
  fileKind: 'image',
  fileRequiredMessage: fieldMessages.photoRequired,
  textFields: [
    { field: 'name', attribute: 'name', label: 'Name', requiredMessage: fieldMessages.nameRequired, maxLength: 120 },
    { field: 'role', attribute: 'role', label: 'Role', requiredMessage: fieldMessages.roleRequired, maxLength: 120 },
    { field: 'bio', attribute: 'bio', label: 'Bio', requiredMessage: fieldMessages.bioRequired, maxLength: 5000 },
  ],
  translationFields: [{ field: 'local_name', attribute: 'localName', label: 'Name', maxLength: 120 }],
  sort: ['joinedAt:asc', 'id:asc'],
  altText: (fields) => `Photo of ${fields.name}`,
  serialize: (entry, fileUrl) => ({
    id: entry.id,
    name: entry.name,
    role: entry.role,
    bio: entry.bio ?? null,
    photoUrl: fileUrl(entry.photo as MediaFile | null),
    joined_at: entry.joinedAt ?? null,
  }),
  failure: {
    list: 'Failed to fetch team members',
    one: 'Failed to fetch team member',
    create: 'Failed to create team member',
    update: 'Failed to update team member',
    remove: 'Failed to delete team member',
  },
};

export const imageGallery: ContractDefinition = {
  path: 'image-gallery',
  uid: 'api::image-gallery.image-gallery',
  fileField: 'image',
  fileKind: 'image',
  fileRequiredMessage: fieldMessages.imageRequired,
  textFields: [
    { field: 'title', attribute: 'title', label: 'Title', requiredMessage: fieldMessages.titleRequired, maxLength: 200 },
    { field: 'description', attribute: 'description', label: 'Description', requiredMessage: fieldMessages.descriptionRequired, maxLength: 5000 },
  ],
  sort: ['createdAt:desc', 'id:desc'],
  altText: (fields) => fields.title,
  serialize: (entry, fileUrl) => ({
    id: entry.id,
    title: entry.title,
    description: entry.description,
    mediaUrl: fileUrl(entry.image as MediaFile | null),
    created_at: entry.createdAt ?? null,
  }),
  failure: {
    list: 'Something went wrong',
    one: 'Something went wrong',
    create: 'Something went wrong',
    update: 'Failed to update image',
    remove: 'Something went wrong',
  },
};

export const videoGallery: ContractDefinition = {
  path: 'video-gallery',
  uid: 'api::video-gallery.video-gallery',
  fileField: 'video',
  fileKind: 'video',
  fileRequiredMessage: fieldMessages.videoRequired,
  // The frame shown before a visitor presses play (the gallery never preloads videos).
  optionalImageFields: ['poster'],
  textFields: [
    { field: 'title', attribute: 'title', label: 'Title', requiredMessage: fieldMessages.titleRequired, maxLength: 200 },
    { field: 'description', attribute: 'description', label: 'Description', requiredMessage: fieldMessages.descriptionRequired, maxLength: 5000 },
  ],
  sort: ['createdAt:desc', 'id:desc'],
  altText: (fields) => fields.title,
  serialize: (entry, fileUrl) => ({
    id: entry.id,
    title: entry.title,
    description: entry.description,
    mediaUrl: fileUrl(entry.video as MediaFile | null),
    posterUrl: fileUrl(entry.poster as MediaFile | null),
    created_at: entry.createdAt ?? null,
  }),
  failure: {
    list: 'Something went wrong',
    one: 'Something went wrong',
    create: 'Something went wrong',
    update: 'Failed to update video',
    remove: 'Something went wrong',
  },
};

export const blog: ContractDefinition = {
  path: 'blog',
  uid: 'api::blog.blog',
  fileField: 'media',
  fileKind: 'image',
  // Blog media is optional, but when sent it must be an image.
  fileRequiredMessage: undefined,
  textFields: [
    { field: 'title', attribute: 'title', label: 'Title', requiredMessage: fieldMessages.titleRequired, maxLength: 200 },
    { field: 'content', attribute: 'content', label: 'Content', requiredMessage: fieldMessages.contentRequired, maxLength: 100000 },
    { field: 'author', attribute: 'author', label: 'Author email', requiredMessage: fieldMessages.authorRequired, maxLength: 254, email: true },
  ],
  sort: ['createdAt:desc', 'id:desc'],
  altText: (fields) => fields.title,
  serialize: (entry, fileUrl) => ({
    id: entry.id,
    title: entry.title,
    content: entry.content,
    author: entry.author,
    mediaUrl: fileUrl(entry.media as MediaFile | null),
    created_at: entry.createdAt ?? null,
  }),
  failure: {
    list: 'Something went wrong',
    one: 'Something went wrong',
    create: 'Something went wrong',
    update: 'Something went wrong',
    remove: 'Something went wrong',
  },
};

export const contractDefinitions = [teamMember, imageGallery, videoGallery, blog];

/** The kind a route (as declared, e.g. `/api/blog/:id`) belongs to, if it is one of the contract's. */
export const definitionForRoute = (route: string) =>
  contractDefinitions.find((def) => route === `/api/${def.path}` || route.startsWith(`/api/${def.path}/`));
