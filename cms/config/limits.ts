/** Upload limits shared by the body parser, the upload plugin and the /api contract. */
const MIB = 1024 * 1024;

const intFromEnv = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number of bytes, got "${raw}"`);
  }
  return value;
};

export const uploadLimits = {
  imageMaxBytes: intFromEnv('IMAGE_MAX_BYTES', 10 * MIB),
  videoMaxBytes: intFromEnv('VIDEO_MAX_BYTES', 200 * MIB),
};
