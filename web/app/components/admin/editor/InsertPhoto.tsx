import { use, useEffect, useId, useRef, useState } from "react";
import { useAt } from "~/lib/admin/messages";
import { UploadLimitsContext } from "~/lib/admin/upload-limits-context";
import { fileTooLargeMessage } from "~/lib/admin/schemas";
import { FIELD_ERROR, HINT, INPUT, LABEL } from "../styles";

/** A photo stored for the text, as /admin/post-photos answers it. */
export interface InsertedPhoto {
  url: string;
  alt: string;
}

/**
 * The "Insert photo" dialog: the photo chosen from the phone's gallery or camera is asked its own
 * description (required), then made the site's size in the browser and sent like a cover (the
 * admin's resumable upload, with its progress), and stored by the CMS through the contract's checks.
 * The photo code (resizing, tus) is fetched when a photo is chosen.
 */
export function InsertPhotoDialog({ file, onDone }: { file: File; onDone: (photo: InsertedPhoto | null) => void }) {
  const at = useAt();
  const limits = use(UploadLimitsContext);
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const stop = useRef<AbortController | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
    return () => stop.current?.abort();
  }, []);

  const insert = async () => {
    const description = alt.trim();
    if (!description) return setError(at("editor.photoAltRequired"));
    if (stop.current) return;
    setError(null);
    setStatus(at("editor.photoPreparing"));
    const controller = (stop.current = new AbortController());
    try {
      const [{ preparePhoto }, { uploadResumably, uploadRefusalMessage }] = await Promise.all([
        import("~/lib/admin/photo-prepare"),
        import("~/lib/admin/resumable-upload"),
      ]);
      const maxPixels = limits?.imageMaxPixels ?? Number.MAX_SAFE_INTEGER;
      const prepared = await preparePhoto(file, maxPixels);
      if (!prepared.ok) throw new Error(at.contract(prepared.message));
      if (limits && prepared.file.size > limits.imageMaxBytes)
        throw new Error(at.contract(fileTooLargeMessage("image", limits.imageMaxBytes)));
      let upload: string;
      try {
        upload = await uploadResumably(prepared.file, "image", {
          signal: controller.signal,
          onState: ({ sent, total, waiting }) => {
            const percent = total > 0 ? Math.floor((sent / total) * 100) : 100;
            setStatus(waiting ? at("common.uploadWaiting", { percent }) : at("common.uploading", { percent }));
          },
        });
      } catch (refusal) {
        if (controller.signal.aborted || !limits) throw refusal;
        throw new Error(uploadRefusalMessage(refusal, "image", limits, at));
      }
      const response = await fetch("/admin/post-photos", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ upload, alt: description }),
        signal: controller.signal,
      });
      const answer = (await response.json().catch(() => ({}))) as Partial<InsertedPhoto> & {
        message?: string;
        errors?: Record<string, string[]>;
      };
      if (!response.ok || !answer.url) throw new Error(answer.errors?.alt?.[0] ?? answer.message ?? at("editor.photoFailed"));
      dialog.current?.close();
      onDone({ url: answer.url, alt: description });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(failure instanceof Error && failure.message ? failure.message : at("editor.photoFailed"));
      setStatus(null);
    } finally {
      stop.current = null;
    }
  };
  const cancel = () => {
    stop.current?.abort();
    dialog.current?.close();
    onDone(null);
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-5 shadow-card backdrop:bg-ink/40"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {at("editor.photoTitle")}
      </h2>
      <p className="mt-1 truncate text-sm text-muted">{file.name}</p>
      <label htmlFor={`${id}-alt`} className={`${LABEL} mt-4 block`}>
        {at("editor.photoAlt")}
      </label>
      <p id={`${id}-hint`} className={HINT}>
        {at("editor.photoAltHint")}
      </p>
      <input
        id={`${id}-alt`}
        value={alt}
        maxLength={200}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(event) => setAlt(event.target.value)}
        // Enter inserts the photo here; it must not send the post's form.
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          void insert();
        }}
        className={`${INPUT} mt-1.5`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className={FIELD_ERROR}>
          {error}
        </p>
      ) : null}
      {status ? (
        <p role="status" className="mt-3 text-sm">
          {status}
        </p>
      ) : null}
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" onClick={cancel} className="btn">
          {at("editor.photoCancel")}
        </button>
        <button
          type="button"
          onClick={() => void insert()}
          disabled={status !== null}
          className="btn btn-primary disabled:cursor-wait disabled:opacity-80"
        >
          {at("editor.photoInsert")}
        </button>
      </div>
    </dialog>
  );
}
