import { blog, donationMethod, imageGallery, teamMember, videoGallery, type ContractDefinition } from '../contract/definitions';
import { fieldMessages } from '../contract/messages';

/**
 * What a content folder holds, kind by kind (the format is described in the README):
 *
 *   blog/<key>.md (+ <key>.ne.md)   team/<key>.yaml   images/<key>.yaml   videos/<key>.yaml
 *   giving/<key>.yaml (the ways to give)
 *   pages/<page>.yaml                media/<file>
 *
 * The file name without its extension is the entry's stable key.
 */
export interface MediaField {
  /** Its name in the file (`cover`), and the attribute it is stored in (`media`). */
  key: string;
  attribute: string;
  kind: 'image' | 'video';
  /** Set for files an entry cannot do without (a gallery image, a video). */
  requiredMessage?: string;
}

export interface CollectionKind {
  dir: string;
  def: ContractDefinition;
  format: 'yaml' | 'markdown';
  /** The entry's date: the team's calendar date `joined`, or the timestamp `date` of everything else. */
  date: { key: 'joined' | 'date'; attribute: 'joinedAt' | 'createdAt' };
  media: MediaField[];
}

export const collectionKinds: CollectionKind[] = [
  {
    dir: 'team',
    def: teamMember,
    format: 'yaml',
    date: { key: 'joined', attribute: 'joinedAt' },
    // Optional, as the site shows its placeholder without one.
    media: [{ key: 'photo', attribute: 'photo', kind: 'image' }],
  },
  {
    dir: 'images',
    def: imageGallery,
    format: 'yaml',
    date: { key: 'date', attribute: 'createdAt' },
    media: [{ key: 'image', attribute: 'image', kind: 'image', requiredMessage: fieldMessages.imageRequired }],
  },
  {
    dir: 'videos',
    def: videoGallery,
    format: 'yaml',
    date: { key: 'date', attribute: 'createdAt' },
    media: [
      { key: 'video', attribute: 'video', kind: 'video', requiredMessage: fieldMessages.videoRequired },
      { key: 'poster', attribute: 'poster', kind: 'image' },
    ],
  },
  {
    dir: 'blog',
    def: blog,
    format: 'markdown',
    date: { key: 'date', attribute: 'createdAt' },
    media: [{ key: 'cover', attribute: 'media', kind: 'image' }],
  },
  {
    dir: 'giving',
    def: donationMethod,
    format: 'yaml',
    date: { key: 'date', attribute: 'createdAt' },
    media: [{ key: 'qr_image', attribute: 'qr_image', kind: 'image' }],
  },
];

/** The site's fixed pages (single types), one YAML file each in pages/. */
export interface PageKind {
  name: 'site-setting' | 'home' | 'objective-page' | 'organization-page';
  uid: string;
}

export const pageKinds: PageKind[] = [
  { name: 'site-setting', uid: 'api::site-setting.site-setting' },
  { name: 'home', uid: 'api::home.home' },
  { name: 'objective-page', uid: 'api::objective-page.objective-page' },
  { name: 'organization-page', uid: 'api::organization-page.organization-page' },
];

export const PAGES_DIR = 'pages';
export const MEDIA_DIR = 'media';
/** Staff-only records: consent for the folder's photos, the children's names (safeguarding.ts). */
export const SAFEGUARDING_DIR = 'safeguarding';

/** Keys and media file names become URLs and paths: plain letters, digits, '.', '-', '_' only. */
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;
