import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { FILE_TYPES } from "@contract/rules";
import { KINDS, savePath, type FieldSpec, type KindKey, type UploadLimits } from "~/lib/admin/kinds";
import { VERSION_FIELD, type EditConflict } from "~/lib/admin/edit-conflict";
import type { FormActionData } from "~/lib/admin/form-action";
import { useAt } from "~/lib/admin/messages";
import { preparePhoto, readImageSize } from "~/lib/admin/photo-prepare";
import { sendFilesAhead, UploadRefused, uploadRefusalMessage, type FileToSend, type FilesProgress } from "~/lib/admin/resumable-upload";
import { uploadIdField } from "~/lib/admin/resumable-upload-fields";
import { ACCEPT, formSchema, isAllowedFile, pickFile } from "~/lib/admin/schemas";
import { EditConflictNotice } from "./EditConflictNotice";
import type { PostStatus } from "@contract/post-status";
import { postSaveButtons, postSaveHint } from "~/lib/admin/review";
import { ButtonSpinner, SaveFailureAlert, type SaveFailure } from "./Feedback";
import { ChildNamesWarning } from "./ChildNamesWarning";
import { ConsentRefusal } from "./ConsentRefusal";
import { SizedImage } from "./SizedImage";
import { TextFieldControl } from "./TextFieldControl";
import { UploadProgress, type UploadPhase } from "./UploadProgress";
import { useSchemaForm } from "./use-schema-form";
import { useListReturn } from "./use-list-return";
import { useUnsavedChangesGuard } from "./use-unsaved-changes";
import { FIELD_ERROR, HINT, INPUT, LABEL } from "./styles";

type SaveResponse =
  | { ok: true; redirectTo: string }
  | {
      ok: false;
      message?: string;
      errors?: Record<string, string[]>;
      redirectTo?: string;
      conflict?: EditConflict;
      consentPhotos?: string[];
    };

type Phase = "idle" | UploadPhase;

/**
 * The create / edit form of every kind. react-hook-form validates with the kind's zod
 * schema (on submit, then on change); a valid form first sends its chosen files with
 * resumable uploads (resumable-upload.ts: progress, time left, and a wait for the connection
 * when it drops), then posts its text and the uploads' ids with XMLHttpRequest to
 * /admin/save/..., and on success the page navigates to where the kind goes after a save.
 * Without JavaScript it is a plain multipart post to the page's own action. A failed save
 * keeps everything the user typed.
 */
export function ContentForm({
  kind,
  mode,
  id,
  defaults,
  storedFiles,
  limits,
  actionData,
  busyLabel,
  version,
  status,
  canPublish = false,
  childNames = [],
}: {
  kind: KindKey;
  mode: "create" | "edit";
  id?: number;
  /** The version of the item the form shows (edit mode): its save is refused if the item changed since. */
  version?: string | null;
  defaults: Record<string, string>;
  /** The files the item has now, by field (edit mode). */
  storedFiles?: Record<string, { url: string | null; alt: string }>;
  limits: UploadLimits;
  actionData?: FormActionData;
  /** 'Saving...' (team), 'Submitting...' (video)... */
  busyLabel: string;
  /** A post's status now (edit mode of a kind with drafts). */
  status?: PostStatus;
  /** Whether the signed-in person may publish this item (a kind with drafts); otherwise they submit it for review. */
  canPublish?: boolean;
  /** The children's full names the form warns about (the home's list). */
  childNames?: readonly string[];
}) {
  const at = useAt();
  const config = KINDS[kind];
  const listReturn = useListReturn(kind);
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [percent, setPercent] = useState(0);
  const [filesProgress, setFilesProgress] = useState<FilesProgress | null>(null);
  // Files already sent ahead by an earlier Save of this form, and the way to stop a sending one.
  const sentFiles = useRef(new Map<File, string>());
  const sending = useRef<AbortController | null>(null);
  const [conflict, setConflict] = useState<EditConflict | null>(actionData?.conflict ?? null);
  const [formError, setFormError] = useState<SaveFailure | null>(
    actionData?.message && !actionData.conflict ? { message: actionData.message } : null,
  );
  // A refused publish: the photos whose consent must be recorded first.
  const [consentPhotos, setConsentPhotos] = useState<string[]>(actionData?.consentPhotos ?? []);
  // The version this form's text is based on: a page rendered again after a refused save keeps it.
  const baseVersion = actionData?.baseVersion ?? version ?? "";
  const footerRef = useRef<HTMLDivElement>(null);
  const failure = at(mode === "edit" ? config.messages.update : config.messages.create);
  // Kinds with drafts save with one of two buttons: as a draft, or published or submitted for review (the pressed one says which).
  const drafts = "statusOf" in config && Boolean(config.statusOf);
  const [keepButton, sendButton] = postSaveButtons(status, canPublish);
  const [pressed, setPressed] = useState<string | null>(null);
  // "Save mine instead" after a refused save repeats the status that save asked for.
  const lastStatus = useRef<string | null>(null);

  const initial = actionData?.values ?? defaults;
  const schema = useMemo(() => formSchema(kind, { mode, limits }), [kind, mode, limits]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    trigger,
    watch,
    formState: { errors, isDirty },
  } = useSchemaForm(schema, initial);

  // Photos are checked and made the site's size the moment they are chosen (photo-prepare.ts):
  // per field, the file the preparation started from, its work, and a refusal if there is one.
  const photos = useRef(new Map<string, { source: File; done: Promise<void>; refusal?: string }>());
  const preparePhotoOf = (name: string, input: HTMLInputElement): Promise<void> => {
    const source = input.files?.[0];
    if (!source) {
      photos.current.delete(name);
      return Promise.resolve();
    }
    const current = photos.current.get(name);
    // The resized copy is in the input now: it was prepared already.
    if (current && (current.source === source || input.dataset.prepared === "true")) return current.done;
    delete input.dataset.prepared;
    const entry: { source: File; done: Promise<void>; refusal?: string } = { source, done: Promise.resolve() };
    entry.done = preparePhoto(source, limits.imageMaxPixels).then(async (prepared) => {
      // Another file was chosen meanwhile: that one's preparation decides.
      if (photos.current.get(name) !== entry) return;
      if (!prepared.ok) {
        // The contract's message, in the admin's language.
        entry.refusal = at.contract(prepared.message);
        setError(name, { type: "pixels", message: entry.refusal });
        return;
      }
      if (prepared.resized) {
        const files = new DataTransfer();
        files.items.add(prepared.file);
        // react-hook-form empties a file input it sets, so the resized file goes in after.
        setValue(name, files.files as never, { shouldDirty: true });
        input.files = files.files;
        input.dataset.prepared = "true";
      }
      // Type and size are said now, not only at Save.
      await trigger(name);
    });
    photos.current.set(name, entry);
    return entry.done;
  };

  useEffect(
    () => () => {
      xhrRef.current?.abort();
      sending.current?.abort();
    },
    [],
  );
  // A failure is said beside Save, where the eye and the thumb are: the message pushes the buttons
  // down, so once it is on the page the two are brought into view together.
  useEffect(() => {
    if (formError || conflict) footerRef.current?.scrollIntoView({ block: "nearest" });
  }, [formError, conflict]);
  // A failed save keeps what was typed, and so keeps asking before it is left.
  const { allowLeave } = useUnsavedChangesGuard(isDirty || Boolean(actionData));

  const photoFields = config.fields.filter((field) => field.type === "file" && (field.fileKind ?? config.fileKind) === "image");
  // A photo chosen before the page was ready, or still being resized, is finished before the
  // schema judges it: its size rule applies to what is sent.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // The button pressed is part of what is sent ("Save mine instead" carries the version it replaces).
    const submitter = (event.nativeEvent as SubmitEvent).submitter ?? null;
    setPressed(submitter?.getAttribute("value") ?? null);
    void (async () => {
      for (const field of photoFields) {
        const input = form.elements.namedItem(field.name);
        if (input instanceof HTMLInputElement) await preparePhotoOf(field.name, input);
      }
      await handleSubmit(() => upload(submitter))();
    })();
  };

  const upload = (submitter: HTMLElement | null) => {
    const form = formRef.current;
    if (!form) return;
    for (const field of photoFields) {
      const refusal = photos.current.get(field.name)?.refusal;
      if (refusal) {
        setError(field.name, { type: "pixels", message: refusal });
        return;
      }
    }
    const body = new FormData(form, submitter);
    if (drafts) {
      const asked = body.get("status");
      if (typeof asked === "string") lastStatus.current = asked;
      else if (lastStatus.current) body.set("status", lastStatus.current);
    }
    // An untouched file input: nothing to send (edit mode keeps the current file). A chosen
    // file is sent ahead, and the save names its upload instead.
    const files: FileToSend[] = [];
    for (const [name, value] of [...body.entries()]) {
      if (!(value instanceof File)) continue;
      body.delete(name);
      const field = config.fields.find((candidate) => candidate.name === name);
      if (field && (value.size > 0 || value.name)) files.push({ field: name, file: value, kind: field.fileKind ?? config.fileKind });
    }

    setFormError(null);
    setConflict(null);
    setConsentPhotos([]);
    setPercent(0);
    setFilesProgress(null);
    setPhase("uploading");
    const controller = new AbortController();
    sending.current = controller;
    void sendFilesAhead(files, { signal: controller.signal, onProgress: setFilesProgress, sentBefore: sentFiles.current }).then(
      (ids) => {
        setFilesProgress(null);
        for (const [field, uploadId] of Object.entries(ids)) body.set(uploadIdField(field), uploadId);
        post(body, files);
      },
      (error: unknown) => {
        setPhase("idle");
        setFilesProgress(null);
        if (controller.signal.aborted) return;
        if (error instanceof UploadRefused && error.status === 401) {
          setFormError({ message: at("common.sessionExpired") });
          return;
        }
        const file = files.find(({ file }) => !sentFiles.current.has(file));
        const message = file ? uploadRefusalMessage(error, file.kind, limits, at) : at("common.uploadRefused");
        if (file) setError(file.field, { type: "server", message });
        setFormError({ message });
      },
    );
  };

  const post = (body: FormData, files: readonly FileToSend[]) => {
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    xhr.open("POST", listReturn.link(savePath(kind, id)));
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) setPercent(Math.round((event.loaded / event.total) * 100));
    };
    xhr.upload.onload = () => {
      setPercent(100);
      setPhase("processing");
    };
    xhr.onload = () => {
      const response = xhr.response as SaveResponse | null;
      if (response?.ok) {
        allowLeave();
        navigate(response.redirectTo);
        return;
      }
      setPhase("idle");
      if (response?.redirectTo) {
        // The session ended: the login page, whatever was typed (it cannot be saved anyway).
        allowLeave();
        navigate(response.redirectTo);
        return;
      }
      if (response?.conflict) {
        setConflict(response.conflict);
        return;
      }
      setConsentPhotos(response?.consentPhotos ?? []);
      for (const [field, messages] of Object.entries(response?.errors ?? {})) {
        if (messages[0]) setError(field, { type: "server", message: messages[0] });
        // A file the save could not use (an upload that expired) is sent again next time.
        const sent = files.find((file) => file.field === field);
        if (sent) sentFiles.current.delete(sent.file);
      }
      // A refusal of what was sent names what to correct; anything else is the server's trouble.
      const refused = xhr.status >= 400 && xhr.status < 500 && response?.message;
      setFormError(
        refused ? { message: response.message! } : { message: response?.message || failure, advice: at("common.saveRetryLater") },
      );
    };
    xhr.onerror = xhr.ontimeout = () => {
      setPhase("idle");
      setFormError({ message: at("common.saveConnectionLost"), advice: at("common.saveCheckConnection") });
    };
    xhr.send(body);
  };

  const busy = phase !== "idle";
  const errorOf = (name: string): string | undefined => {
    const message = errors[name]?.message;
    return typeof message === "string" ? message : actionData?.errors?.[name]?.[0];
  };

  return (
    <form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={submit}
      className="space-y-6 rounded-2xl border border-sand-200 bg-white p-5 shadow-card sm:p-8"
    >
      {mode === "edit" ? <input type="hidden" name={VERSION_FIELD} value={baseVersion} /> : null}
      {config.fields.map((field) => {
        const inputId = `field-${field.name}`;
        const error = errorOf(field.name);
        const errorId = `${inputId}-error`;
        const hintId = `${inputId}-hint`;
        const describedBy = [field.hint || field.type === "file" ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
        const common = {
          id: inputId,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy || undefined,
        } as const;

        if (field.type === "file") {
          return (
            <FileField
              key={field.name}
              field={field}
              kind={field.fileKind ?? config.fileKind}
              optional={Boolean(field.optional) || mode === "edit"}
              mode={mode}
              limits={limits}
              currentFile={storedFiles?.[field.name]}
              value={watch(field.name)}
              error={error}
              register={register(field.name, {
                onChange: (event: { target: EventTarget | null }) => {
                  const fileKind = field.fileKind ?? config.fileKind;
                  if (fileKind === "image" && event.target instanceof HTMLInputElement) void preparePhotoOf(field.name, event.target);
                },
              })}
              common={common}
              hintId={hintId}
              errorId={errorId}
            />
          );
        }

        return (
          <div key={field.name}>
            <label htmlFor={inputId} className={LABEL}>
              {field.label[at.locale]}
            </label>
            <TextFieldControl
              field={field}
              common={common}
              registration={register(field.name)}
              defaultValue={initial[field.name] ?? ""}
              getValue={() => String(watch(field.name) ?? "")}
              setValue={(value) => setValue(field.name, value as never, { shouldDirty: true })}
              hintId={hintId}
              errorId={errorId}
              error={error}
            />
          </div>
        );
      })}

      {phase !== "idle" ? <UploadProgress percent={filesProgress?.percent ?? percent} phase={phase} files={filesProgress} /> : null}

      <div ref={footerRef} data-testid="form-footer" className="space-y-4 border-t border-sand-200 pt-6">
        <ChildNamesWarning control={control} fields={config.textFields} names={childNames} />
        {conflict ? (
          <EditConflictNotice
            conflict={conflict}
            fields={config.fields
              .filter((field) => field.type !== "file")
              .map((field) => ({ name: field.name, label: field.label[at.locale] }))}
            yours={(name) => String(watch(name) ?? "")}
            disabled={busy}
          />
        ) : null}
        {formError ? (
          <SaveFailureAlert failure={formError}>
            {consentPhotos.length ? <ConsentRefusal photos={consentPhotos} returnTo={id ? config.paths.view(id) : undefined} /> : null}
          </SaveFailureAlert>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={listReturn.back} className="btn btn-ghost">
            {at("common.cancel")}
          </Link>
          {drafts ? (
            <>
              <button
                type="submit"
                name="status"
                value={keepButton.status}
                disabled={busy}
                className="btn btn-ghost disabled:cursor-wait disabled:opacity-80"
              >
                {busy && pressed === keepButton.status ? <ButtonSpinner /> : null}
                {busy && pressed === keepButton.status ? busyLabel : at(keepButton.label)}
              </button>
              <button
                type="submit"
                name="status"
                value={sendButton.status}
                disabled={busy}
                className="btn btn-primary disabled:cursor-wait disabled:opacity-80"
              >
                {busy && pressed !== keepButton.status ? <ButtonSpinner /> : null}
                {busy && pressed !== keepButton.status ? busyLabel : at(sendButton.label)}
              </button>
            </>
          ) : (
            <button type="submit" disabled={busy} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
              {busy ? <ButtonSpinner /> : null}
              {busy ? busyLabel : at("common.save")}
            </button>
          )}
        </div>
        {drafts ? <p className="text-sm text-muted sm:text-right">{at(postSaveHint(status, canPublish, kind === "blog"))}</p> : null}
      </div>
    </form>
  );
}

/** The widest a chosen or stored picture's preview is shown (224 px high, up to a panorama's width). */
const PREVIEW_WIDTH = 400;

const megabytes = (bytes: number) => Math.max(1, Math.round(bytes / (1024 * 1024)));

function FileField({
  field,
  kind,
  optional,
  mode,
  limits,
  currentFile,
  value,
  error,
  register,
  common,
  hintId,
  errorId,
}: {
  field: FieldSpec;
  kind: "image" | "video";
  optional: boolean;
  mode: "create" | "edit";
  limits: UploadLimits;
  currentFile?: { url: string | null; alt: string };
  value: unknown;
  error?: string;
  register: UseFormRegisterReturn;
  common: { id: string; "aria-invalid"?: true; "aria-describedby"?: string };
  hintId: string;
  errorId: string;
}) {
  const at = useAt();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const chosen = pickFile(value);

  // Selecting a file shows a preview; a picture with more pixels than allowed is not drawn (the
  // phone would decode all of them), its header is read first.
  useEffect(() => {
    const file = pickFile(value);
    setPreviewUrl(null);
    if (!(typeof File !== "undefined" && file instanceof File) || !isAllowedFile(file, kind)) return;
    let url: string | null = null;
    let cancelled = false;
    void (kind === "image" ? readImageSize(file) : Promise.resolve(null)).then((size) => {
      if (cancelled || (size && size.width * size.height > limits.imageMaxPixels)) return;
      url = URL.createObjectURL(file);
      setPreviewUrl(url);
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [value, kind, limits.imageMaxPixels]);

  const types = FILE_TYPES[kind].names;
  const max = megabytes(kind === "image" ? limits.imageMaxBytes : limits.videoMaxBytes);
  const shownUrl = previewUrl ?? currentFile?.url ?? null;

  return (
    <div>
      <label htmlFor={common.id} className={LABEL}>
        {field.label[at.locale]}
        {optional ? <span className="ml-1 font-normal text-muted">({at("common.optional")})</span> : null}
      </label>
      <input
        {...common}
        {...register}
        type="file"
        accept={ACCEPT[kind]}
        className={`${INPUT} mt-1.5 cursor-pointer file:mr-4 file:rounded-md file:border-0 file:bg-sand file:px-3 file:py-1.5 file:font-semibold file:text-ink`}
      />
      <p id={hintId} className={HINT}>
        {field.hint ? `${field.hint[at.locale]} ` : ""}
        {at("common.allowedTypes", { types, mb: max })}
        {mode === "edit" ? ` ${at("common.keepFileHint")}` : ""}
      </p>
      {error ? (
        <p id={errorId} className={FIELD_ERROR}>
          {error}
        </p>
      ) : null}
      {shownUrl ? (
        <figure className="mt-3">
          {kind === "image" ? (
            <SizedImage
              src={shownUrl}
              shownWidth={PREVIEW_WIDTH}
              alt={previewUrl ? at("common.newFile") : (currentFile?.alt ?? "")}
              className="max-h-56 w-auto rounded-xl border border-sand-200 bg-sand object-contain"
            />
          ) : (
            <video src={shownUrl} controls preload="metadata" className="max-h-64 w-full max-w-md rounded-xl bg-night">
              {at("videos.unsupported")}
            </video>
          )}
          <figcaption className="mt-1 text-sm text-muted">
            {previewUrl ? `${at("common.newFile")}: ${chosen?.name ?? ""}` : at("common.currentFile")}
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}
