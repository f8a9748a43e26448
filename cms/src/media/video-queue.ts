import { AsyncLocalStorage } from 'async_hooks';
import { mkdtemp, rm, stat } from 'fs/promises';
import os from 'os';
import path from 'path';
import { DEFAULT_LOCALE } from '../bootstrap/locales';
import { websiteUploadsFolder } from '../bootstrap/uploads';
import type { MediaFile } from '../contract/definitions';
import { removeIfUnused } from '../stored-files';
import { carryConsent } from '../consent/photos';
import { forgetWithheldPhotos } from '../consent/withheld';
import { hasFfmpeg } from './ffmpeg';
import { storedName } from './stored-files';
import { readUpload, uploadStore } from './upload-store';
import { VIDEO_FAILURES, type VideoStatus } from '../contract/shared/video-status';
import { convertVideo, isWebReady, probeVideo, takePoster, UnconvertibleVideoError, type VideoProbe } from './video-conversion';

/**
 * Every gallery video is converted once, in the background, to a copy every browser and a cheap
 * phone on slow data play (video-conversion.ts), with a poster frame when staff gave none. One at a
 * time in this process, at the lowest CPU priority, so visitors and staff are served first.
 * The entry says where its video is in `videoStatus` (video-states.ts).
 * `convertedVideoId` is the file the entry's video was converted to, so a save that keeps the
 * video (the Strapi console sends it with every save) costs no second conversion.
 */
export const VIDEO_UID = 'api::video-gallery.video-gallery';

interface VideoEntry {
  id: number;
  documentId: string;
  title?: string;
  video?: (MediaFile & { alternativeText?: string | null }) | null;
  poster?: MediaFile | null;
  videoStatus?: VideoStatus | null;
  convertedVideoId?: number | null;
}

const documents = () =>
  strapi.documents(VIDEO_UID as never) as unknown as {
    findOne: (params: object) => Promise<VideoEntry | null>;
    update: (params: object) => Promise<VideoEntry>;
  };

const pending: string[] = [];
let running: Promise<void> | null = null;
let stopping: AbortController | null = null;

/** Queues an entry's video (by documentId); an entry already waiting is not queued twice. */
export function queueVideoConversion(documentId: string) {
  if (stopping?.signal.aborted) return;
  if (!pending.includes(documentId)) pending.push(documentId);
  running ??= work().finally(() => {
    running = null;
  });
}

/** Resolves once nothing is waiting or being converted (tests, and a task that exits). */
export const videoConversionsSettled = async () => {
  while (running) await running;
};

async function work() {
  stopping ??= new AbortController();
  while (pending.length > 0 && !stopping.signal.aborted) {
    const documentId = pending.shift()!;
    try {
      await convertEntry(documentId, stopping.signal);
    } catch (error) {
      if (stopping.signal.aborted) return;
      // Anything unexpected (a database or bucket failure) fails this entry, never the queue.
      strapi.log.error(`[video] conversion of ${documentId} failed: ${(error as Error).stack ?? error}`);
      await setStatus(documentId, 'failed', VIDEO_FAILURES.serverProblem).catch(() => {});
    }
  }
}

/** Stops the queue and the conversion under way (the CMS is stopping); the next boot does them again. */
export async function stopVideoConversions() {
  stopping ??= new AbortController();
  stopping.abort();
  pending.length = 0;
  await running?.catch(() => {});
}

/** The conversion's own writes, which must not queue the entry again. */
const conversionWrite = new AsyncLocalStorage<true>();

const setStatus = (documentId: string, videoStatus: VideoStatus, videoError: string | null = null, more: object = {}) =>
  conversionWrite.run(true, () => documents().update({ documentId, locale: DEFAULT_LOCALE, data: { videoStatus, videoError, ...more } }));

const uploadService = () => strapi.plugin('upload').service('upload');

/** Stores a file of the scratch folder through the upload service (local disk or bucket), as the contract stores uploads. */
async function storeFile(file: string, name: string, mime: string, alternativeText: string | null | undefined) {
  const folder = await websiteUploadsFolder();
  const { size } = await stat(file);
  const [stored] = await uploadService().upload({
    data: { fileInfo: { name, alternativeText: alternativeText ?? undefined, folder: folder.id } },
    files: { filepath: file, originalFilename: name, mimetype: mime, size },
  });
  return stored as MediaFile;
}

async function convertEntry(documentId: string, signal: AbortSignal) {
  const entry = await documents().findOne({ documentId, locale: DEFAULT_LOCALE, populate: ['video', 'poster'] });
  const video = entry?.video;
  if (!entry || !video) return;
  const alreadyConverted = video.id === entry.convertedVideoId;
  if (alreadyConverted && entry.poster) {
    if (entry.videoStatus !== 'ready') await setStatus(documentId, 'ready');
    return;
  }
  if (!hasFfmpeg()) {
    await setStatus(documentId, 'original', null);
    return;
  }
  const name = storedName(video.url);
  if (!name) {
    await setStatus(documentId, 'failed', VIDEO_FAILURES.elsewhere);
    return;
  }
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'video-conversion-'));
  const stored: MediaFile[] = [];
  try {
    const input = await readUpload(uploadStore(), name, scratch);
    if (!input) {
      await setStatus(documentId, 'failed', VIDEO_FAILURES.missing);
      return;
    }
    const timeoutMs = strapi.config.get('media.videoConversionTimeoutMs') as number;
    const probe = await probeVideo(input);
    const base = path.parse(name).name.replace(/_[0-9a-f]{6,}$/i, '') || 'video';
    // A video that is already a web copy stays as it is.
    const converted = alreadyConverted || isWebReadyFile(video.mime, probe) ? null : path.join(scratch, `${base}.mp4`);
    if (converted) await convertVideo(input, converted, probe, timeoutMs);
    signal.throwIfAborted();
    const web = converted ? await storeFile(converted, `${base}.mp4`, 'video/mp4', video.alternativeText) : video;
    if (converted) stored.push(web);
    const poster = entry.poster ? null : await posterOf(converted ?? input, `${base}-poster.jpg`, probe.duration, entry.title, scratch);
    if (poster) stored.push(poster);
    signal.throwIfAborted();
    // Staff may have replaced the video meanwhile: that one is queued, this work is not needed.
    const now = await documents().findOne({ documentId, locale: DEFAULT_LOCALE, populate: ['video', 'poster'] });
    if (!now || now.video?.id !== video.id) {
      await removeStored(stored);
      return;
    }
    const keepOriginal = strapi.config.get('media.keepOriginalVideos') as boolean;
    // Consent recorded for the upload while it waited holds for its web copy and poster frame, from
    // before either is shown.
    const made = [...(converted ? [web.id] : []), ...(poster && !now.poster ? [poster.id] : [])];
    if ((await carryConsent(video.id, made)) && made.length > 0) forgetWithheldPhotos();
    await setStatus(documentId, 'ready', null, {
      video: web.id,
      convertedVideoId: web.id,
      ...(poster && !now.poster ? { poster: poster.id } : {}),
      ...(converted && keepOriginal ? { originalVideo: video.id } : {}),
    });
    if (poster && now.poster) await removeStored([poster]);
    if (converted && !keepOriginal) await removeIfUnused(video.id);
    strapi.log.info(`[video] ${name} is ready${converted ? ` as ${web.url}` : ' as it was uploaded'}`);
  } catch (error) {
    await removeStored(stored);
    if (!(error instanceof UnconvertibleVideoError)) throw error;
    strapi.log.warn(`[video] ${name}: ${error.message}`);
    // A video that plays already stays shown; only its poster is missing.
    if (!alreadyConverted) await setStatus(documentId, 'failed', error.message);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** An MP4 (a QuickTime file of the same streams is not played by every browser) that needs no conversion. */
const isWebReadyFile = (mime: string | undefined, probe: VideoProbe) => mime === 'video/mp4' && isWebReady(probe);

/** A poster frame of `video`, stored; null (and logged) when no frame could be taken: the video plays without one. */
async function posterOf(video: string, name: string, duration: number, title: string | undefined, scratch: string) {
  const frame = path.join(scratch, name);
  try {
    await takePoster(video, frame, duration);
  } catch (error) {
    strapi.log.warn(`[video] no poster for ${name}: ${(error as Error).message}`);
    return null;
  }
  return storeFile(frame, name, 'image/jpeg', title ?? null);
}

/**
 * Whether the file this save gives an entry is already a web copy, on this disk (a bucket's file
 * is looked at by the queue): such a video is shown at once, and only its poster, if it has none,
 * is made in the background. Reading its description takes a fraction of a second.
 */
async function storedFileIsWebReady(fileRef: unknown): Promise<number | null> {
  const raw = Array.isArray(fileRef) ? fileRef[0] : fileRef;
  const id = Number(typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : raw);
  if (!Number.isInteger(id) || id <= 0) return null;
  const store = uploadStore();
  if (!store.folder) return null;
  const file = (await strapi.db.query('plugin::upload.file').findOne({ where: { id }, select: ['id', 'url', 'mime'] })) as MediaFile | null;
  const name = storedName(file?.url);
  if (!file || !name) return null;
  try {
    return isWebReadyFile(file.mime, await probeVideo(path.join(store.folder, name))) ? id : null;
  } catch {
    return null;
  }
}

const removeStored = async (files: MediaFile[]) => {
  for (const file of files) await removeIfUnused(file.id).catch(() => {});
};

/**
 * Marks every save that gives an entry a video (the contract, the Strapi console, content import)
 * `processing` (or `original` on a server without an encoder) and queues it once the save is committed.
 */
export function registerVideoConversionTrigger() {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== VIDEO_UID || (context.action !== 'create' && context.action !== 'update')) return next();
    const params = context.params as { data?: Record<string, unknown> };
    // The Strapi console sends every field with every save, the state too: whatever it says, a
    // save with a video is looked at (one already converted is ready again at once).
    const givesVideo = !conversionWrite.getStore() && Boolean(params.data && 'video' in params.data && params.data.video);
    if (givesVideo) {
      const webReady = hasFfmpeg() ? await storedFileIsWebReady(params.data!.video) : null;
      const videoStatus: VideoStatus = !hasFfmpeg() ? 'original' : webReady ? 'ready' : 'processing';
      params.data = { ...params.data, videoStatus, videoError: null, ...(webReady ? { convertedVideoId: webReady } : {}) };
    }
    const result = await next();
    const documentId = (result as { documentId?: unknown } | null)?.documentId;
    // Queued for its conversion, or a ready one for its poster frame when it has none (the job
    // looks and does nothing when it has one).
    if (givesVideo && typeof documentId === 'string' && hasFfmpeg()) {
      if (!strapi.db.inTransaction()) queueVideoConversion(documentId);
      else await strapi.db.transaction(({ onCommit }) => onCommit(() => queueVideoConversion(documentId)));
    }
    return result;
  });
}

/**
 * At boot: queues the entries whose conversion did not finish (the CMS stopped or crashed) or never
 * started (stored before videos were converted, restored, or kept as uploaded while the server had
 * no encoder). Without an encoder, they are served as uploaded and say so.
 */
export async function resumeVideoConversions() {
  const rows = (await strapi.db.query(VIDEO_UID as never).findMany({
    where: { locale: DEFAULT_LOCALE, $or: [{ videoStatus: null }, { videoStatus: { $in: ['processing', 'original'] } }] },
    select: ['documentId', 'videoStatus'],
    orderBy: [{ id: 'asc' }],
  })) as { documentId: string; videoStatus: VideoStatus | null }[];
  const encoder = hasFfmpeg();
  for (const row of rows) {
    if (!encoder) {
      if (row.videoStatus !== 'original') await setStatus(row.documentId, 'original');
    } else {
      // One stored before videos were converted stays shown as it is until its turn; one served as
      // uploaded while there was no encoder is converted like a new one.
      if (row.videoStatus === 'original') await setStatus(row.documentId, 'processing');
      queueVideoConversion(row.documentId);
    }
  }
  if (rows.length > 0)
    strapi.log.info(`[video] ${encoder ? `${rows.length} video(s) queued for conversion` : 'no encoder: videos are served as uploaded'}`);
}
