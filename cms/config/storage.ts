/**
 * Where uploads are stored: the CMS's own disk (the default) or an S3-compatible bucket
 * (UPLOAD_PROVIDER=s3), which several CMS processes and a host with a wiped disk can share.
 * Read by the upload plugin's config (config/plugins.ts), the /uploads route and the tasks that
 * copy files (backup, restore, content folders), which may run without a CMS (src/media/upload-store.ts).
 */
export interface BucketSettings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export type StorageSettings = { provider: 'local' } | { provider: 's3'; s3: BucketSettings };

/** Reads the settings from environment variables (`read('S3_BUCKET')`); a missing required one throws. */
export function storageSettingsFrom(read: (name: string) => string | undefined): StorageSettings {
  const provider = read('UPLOAD_PROVIDER') || 'local';
  if (provider === 'local') return { provider };
  if (provider !== 's3') throw new Error(`UPLOAD_PROVIDER must be "local" or "s3", got "${provider}"`);
  const required = (name: string) => {
    const value = read(name);
    if (!value) throw new Error(`UPLOAD_PROVIDER=s3 needs ${name}`);
    return value;
  };
  const forcePathStyle = (read('S3_FORCE_PATH_STYLE') || 'false').toLowerCase();
  if (!['true', 'false'].includes(forcePathStyle)) throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${forcePathStyle}"`);
  return {
    provider,
    s3: {
      endpoint: read('S3_ENDPOINT') || undefined,
      region: read('S3_REGION') || 'us-east-1',
      bucket: required('S3_BUCKET'),
      accessKeyId: required('S3_ACCESS_KEY_ID'),
      secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
      forcePathStyle: forcePathStyle === 'true',
    },
  };
}

export default ({ env }: { env: (name: string) => string | undefined }) => storageSettingsFrom((name) => env(name));
