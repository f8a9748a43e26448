/**
 * Where a gallery video is on its way to visitors (the contract's `video_status`), and why a
 * conversion failed (`video_error`): the CMS answers these texts, the staff admin shows them in
 * the person's language (shared by cms/ and web/, like rules.ts).
 * - `processing`: waiting or being converted for the web; visitors do not see the entry yet;
 * - `ready`: the video is the web copy (or was one already); visitors see it;
 * - `failed`: the file could not be converted, `video_error` says why; visitors do not see it;
 * - `original`: the server has no encoder, so the upload is served as it is.
 */
export type VideoStatus = 'processing' | 'ready' | 'failed' | 'original';

/**
 * The states in which visitors see an entry. An entry stored before videos were converted has
 * none until its turn in the queue comes: it stays shown, as it was, meanwhile.
 */
export const PUBLIC_VIDEO_STATES: VideoStatus[] = ['ready', 'original'];

export const VIDEO_FAILURES = {
  unreadable: 'The file is not a video the server can read.',
  noPicture: 'The file has no picture the server can read.',
  damaged: 'The video could not be converted: the file is damaged or of an unusual kind.',
  tooLong: 'The conversion took too long and was stopped.',
  noFrame: 'No frame could be taken for the poster.',
  missing: 'The uploaded video is missing from storage. Upload it again.',
  elsewhere: 'The video is not stored on this site, so it cannot be converted.',
  serverProblem: 'The conversion stopped because of a server problem. Upload the video again.',
} as const;
