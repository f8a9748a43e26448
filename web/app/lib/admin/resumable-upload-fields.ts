/**
 * The form field that names a file sent ahead by a resumable upload: beside a file field
 * `photo`, `photo:upload` holds the upload's id (the browser and the save action agree on it).
 */
export const uploadIdField = (fileField: string) => `${fileField}:upload`;
