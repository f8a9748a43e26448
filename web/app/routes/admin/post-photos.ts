// POST /admin/post-photos {upload, alt}: a photo for a post's text, sent ahead through the admin's
// resumable uploads (prepared in the browser like a cover), stored by the CMS through the contract's
// file checks (POST /api/post-photos), answered as {url, width, height, alt} for the editor to insert.
import type { Route } from "./+types/post-photos";
import { AdminCmsError, staffUpload } from "~/lib/admin/cms-client.server";
import { adminTranslator } from "~/lib/admin/messages";
import { isSameOrigin } from "~/lib/admin/origin.server";
import { finishedUpload, removeUpload } from "~/lib/admin/resumable-uploads.server";
import { requestLocale, requireStaff } from "~/lib/admin/session.server";
import { uploadLimits } from "~/lib/admin/upload.server";
import { fileTooLargeMessage } from "~/lib/admin/schemas";
import type { BodyHandle } from "~/lib/request-body";
import { NO_STORE_HEADERS } from "~/lib/http-cache";
import { POST_PHOTO_FIELD, postPhotoAltProblem } from "@contract/post-photo-rules";

/** The CMS checks, cleans and stores the photo: as long as a cover's save may take. */
const STORE_TIMEOUT_MS = 2 * 60_000;

export const handle: BodyHandle = { body: { maxBytes: 4096 } };

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST", ...NO_STORE_HEADERS } });
}

export async function action({ request }: Route.ActionArgs) {
  const at = adminTranslator(await requestLocale(request));
  const answer = (status: number, body: object) => Response.json(body, { status, headers: NO_STORE_HEADERS });
  if (!isSameOrigin(request)) return answer(403, { message: at("common.forbidden") });
  // Signed out: the redirect to the login page, as every admin action.
  const staff = await requireStaff(request);
  let body: { upload?: unknown; alt?: unknown };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    return answer(400, { message: at("common.uploadRefused") });
  }
  const altProblem = postPhotoAltProblem(body.alt);
  if (altProblem) return answer(400, { message: staff.at("common.fixErrors"), errors: { alt: [staff.at.contract(altProblem)] } });
  const id = typeof body.upload === "string" ? body.upload : "";
  const file = id ? await finishedUpload(staff.userId, id) : null;
  if (!file) return answer(400, { message: staff.at("common.uploadNotFound") });
  const limits = uploadLimits();
  if (file.size > limits.imageMaxBytes)
    return answer(413, { message: staff.at.contract(fileTooLargeMessage("image", limits.imageMaxBytes)) });
  try {
    const stored = await staffUpload<{ url: string; width: number; height: number; alt: string }>(request, staff, "/api/post-photos", {
      method: "POST",
      fields: [["alt", String(body.alt).trim()]],
      // The CMS names stored files itself; it gets a neutral name, never the client's.
      files: [{ field: POST_PHOTO_FIELD, path: file.path, filename: "upload", type: file.type }],
      timeoutMs: STORE_TIMEOUT_MS,
    });
    await removeUpload(staff.userId, id);
    return answer(201, stored.body);
  } catch (error) {
    if (!(error instanceof AdminCmsError)) throw error;
    return answer(error.status === 0 ? 503 : error.status, {
      message: error.messageOr("common.uploadRefused", staff.at),
      errors: error.fieldErrors(staff.at) ?? {},
    });
  }
}
