import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, NavLink, redirect, useNavigation, useSubmit } from "react-router";
import { MAX_HERO_SLIDES } from "@contract/page-text-rules";
import { FILE_TYPES } from "@contract/rules";
import type { Route } from "./+types/page-texts";
import { EditConflictNotice } from "~/components/admin/EditConflictNotice";
import { ButtonSpinner, ErrorAlert, Notice } from "~/components/admin/Feedback";
import { FormField } from "~/components/admin/FormField";
import { AdminRouteError, adminMeta, lastEditLine, PageHeader } from "~/components/admin/Page";
import { SizedImage } from "~/components/admin/SizedImage";
import { UploadProgress } from "~/components/admin/UploadProgress";
import { CARD, DEVANAGARI, FIELD_ERROR, HINT, INPUT, LABEL } from "~/components/admin/styles";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { ValidatedForm } from "~/components/admin/ValidatedForm";
import { baseVersionOf, REPLACE_VERSION_FIELD, VERSION_FIELD, type EditConflict } from "~/lib/admin/edit-conflict";
import type { UploadLimits } from "~/lib/admin/kinds";
import { useAt } from "~/lib/admin/messages";
import { preparePhoto } from "~/lib/admin/photo-prepare";
import { sendFilesAhead, uploadRefusalMessage, type FilesProgress } from "~/lib/admin/resumable-upload";
import { uploadIdField } from "~/lib/admin/resumable-upload-fields";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import {
  isLongText,
  isPageName,
  maxLengthOf,
  PAGE_NAMES,
  PAGES,
  pageTextFormFields,
  pageTextLabel,
  pageTextsSchema,
  pageTextsValues,
  slideNumberLabel,
  slideNumberOf,
  SLIDE_PHOTO_FIELD,
  SLIDE_PHOTO_TEXT_FIELDS,
  SLIDE_PHOTO_URL_FIELD,
  slidePhotoSchema,
  slidesIn,
  listFieldRule,
  listItemField,
  listItemFields,
  listItemLabel,
  PAGE_LISTS,
  pageListLabel,
  pageListSchema,
  pageListSpec,
  postedListItems,
  type PageListItem,
  type PageName,
  type PageTextsLocale,
  type PageTextsValues,
  type SlidePhoto,
  type SlidePhotoValues,
} from "~/lib/admin/page-texts";
import { readPageTexts, savePageList, savePageTexts, saveSlidePhoto } from "~/lib/admin/page-texts.server";
import { ACCEPT, fieldErrorsOf, type FieldErrors } from "~/lib/admin/schemas";
import { flashNotice, type Staff } from "~/lib/admin/session.server";
import { requireManager } from "~/lib/admin/staff-accounts.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";
import { UPLOAD_ROUTE } from "~/lib/request-body";
import { uploadLimits } from "~/lib/admin/upload.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, (at) => at("pages.metaTitle"));

const pageOf = (param: string | undefined): PageName => {
  const page = param ?? "home";
  if (!isPageName(page)) throw data(null, { status: 404 });
  return page;
};

// The texts' forms post small urlencoded bodies; a hero slide's photo form posts a multipart
// upload, streamed to disk under the image limits (app/lib/request-body.ts).
export const handle = UPLOAD_ROUTE;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireManager(request, "pages.forbidden");
  const page = pageOf(params.page);
  const result = await readPageTexts(request, staff, page);
  return data({ page, limits: uploadLimits(), ...result }, { status: result.error ? 503 : 200, headers: NO_STORE_HEADERS });
}

interface PageTextsActionData {
  intent: PageTextsLocale;
  message?: string;
  errors?: FieldErrors;
  values: PageTextsValues;
  conflict?: EditConflict | null;
  /** The version the refused save was based on: the form keeps it, so a plain Save is refused again. */
  baseVersion?: string | null;
}

/** What a refused save of a hero slide's photo form gives back to it. */
interface SlidePhotoActionData {
  intent: "photo";
  slide: number;
  message: string;
  errors: FieldErrors;
  values: SlidePhotoValues;
  baseVersion: string | null;
  /** Someone saved this slide's photo form meanwhile: theirs, to see or to save over. */
  conflict: EditConflict | null;
}

/** What a refused save of a list's form gives back to it. */
interface PageListActionData {
  intent: "list";
  list: string;
  locale: PageTextsLocale;
  items: PageListItem[];
  message?: string;
  errors?: FieldErrors;
  conflict?: EditConflict | null;
  baseVersion?: string | null;
}

const isLocale = (value: unknown): value is PageTextsLocale => value === "en" || value === "ne";

export async function action({ request, params }: Route.ActionArgs) {
  await requireSameOrigin(request);
  const { staff } = await requireManager(request, "pages.forbidden");
  const page = pageOf(params.page);
  const at = staff.at;
  // A hero slide's photo form (`?slide=N`, multipart): never read with request.formData().
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    const slide = page === "home" ? slideNumberOf(new URL(request.url).searchParams.get("slide"), MAX_HERO_SLIDES) : null;
    if (slide === null) throw data(null, { status: 404 });
    const result = await saveSlidePhoto(request, staff, slide);
    if (result.ok) {
      return redirect("/page-texts/home", {
        headers: { ...NO_STORE_HEADERS, "Set-Cookie": await flashNotice(staff.session, at("pages.photoSaved")) },
      });
    }
    const { message, errors, values, baseVersion, conflict } = result;
    return data<SlidePhotoActionData>(
      { intent: "photo", slide, message, errors, values, baseVersion, conflict },
      { status: result.status, headers: NO_STORE_HEADERS },
    );
  }
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "list") return saveListAction(request, staff, page, form);
  if (!isLocale(intent)) {
    return data<PageTextsActionData>(
      { intent: "en", message: at("common.somethingWrong"), values: {} },
      { status: 400, headers: NO_STORE_HEADERS },
    );
  }
  // The form has the slides the page had when it was opened; the CMS refuses any other.
  const slides = slidesIn(Object.fromEntries([...form.keys()].map((key) => [key, ""])));
  const fields = pageTextFormFields(page, slides);
  const values = pageTextsValues(page, slides, Object.fromEntries(fields.map((field) => [field, form.get(field) ?? ""])));
  const openedVersion = baseVersionOf({ [VERSION_FIELD]: form.get(VERSION_FIELD) });
  const baseVersion = baseVersionOf({ [VERSION_FIELD]: form.get(VERSION_FIELD), [REPLACE_VERSION_FIELD]: form.get(REPLACE_VERSION_FIELD) });
  const refused = (body: Omit<PageTextsActionData, "intent" | "values">, status: number) =>
    data<PageTextsActionData>({ intent, values, baseVersion: openedVersion, ...body }, { status, headers: NO_STORE_HEADERS });
  const parsed = pageTextsSchema(page, slides).safeParse(values);
  if (!parsed.success) return refused({ errors: fieldErrorsOf(parsed.error, at) }, 400);
  const result = await savePageTexts(request, staff, page, intent, values, baseVersion);
  if (!result.ok) return refused({ message: result.message, errors: result.errors, conflict: result.conflict }, result.status);
  const notice = at(intent === "en" ? "pages.saved" : "pages.savedNepali");
  return redirect(`/page-texts/${page}`, { headers: { ...NO_STORE_HEADERS, "Set-Cookie": await flashNotice(staff.session, notice) } });
}

/** A list's form: one list of the page in one language, its items as posted, in order. */
async function saveListAction(request: Request, staff: Staff, page: PageName, form: FormData) {
  const at = staff.at;
  const list = String(form.get("list") ?? "");
  const spec = pageListSpec(page, list);
  const locale = form.get("locale");
  if (!spec || !isLocale(locale)) {
    return data({ intent: "list" as const, message: at("common.somethingWrong") }, { status: 400, headers: NO_STORE_HEADERS });
  }
  const items = postedListItems(spec.shape, form);
  const openedVersion = baseVersionOf({ [VERSION_FIELD]: form.get(VERSION_FIELD) });
  const baseVersion = baseVersionOf({ [VERSION_FIELD]: form.get(VERSION_FIELD), [REPLACE_VERSION_FIELD]: form.get(REPLACE_VERSION_FIELD) });
  const refused = (body: Pick<PageListActionData, "message" | "errors" | "conflict">, status: number) =>
    data<PageListActionData>(
      { intent: "list", list, locale, items, baseVersion: openedVersion, ...body },
      { status, headers: NO_STORE_HEADERS },
    );
  const parsed = pageListSchema(spec).safeParse({ items: items.map((item) => item.values) });
  if (!parsed.success) return refused({ errors: fieldErrorsOf(parsed.error, at) }, 400);
  const result = await savePageList(request, staff, page, list, spec, locale, items, baseVersion);
  if (!result.ok) return refused({ message: result.message, errors: result.errors, conflict: result.conflict }, result.status);
  return redirect(`/page-texts/${page}`, {
    headers: { ...NO_STORE_HEADERS, "Set-Cookie": await flashNotice(staff.session, at("pages.listSaved")) },
  });
}

export default function PageTextsPage({ loaderData, actionData }: Route.ComponentProps) {
  const at = useAt();
  const { page } = loaderData;
  const tabs = (
    <nav aria-label={at("pages.choose")} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {PAGE_NAMES.map((name) => (
          <li key={name}>
            <NavLink
              to={`/page-texts/${name}`}
              className={({ isActive }) => `btn ${isActive ? "btn-primary" : "btn-ghost"}`}
              aria-current={name === page ? "page" : undefined}
            >
              {PAGES[name].label[at.locale]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
  if (loaderData.error !== null) {
    return (
      <>
        <PageHeader title={at("pages.title")} />
        {tabs}
        <ErrorAlert>{loaderData.error}</ErrorAlert>
      </>
    );
  }
  const { texts } = loaderData;
  const edited = lastEditLine(texts.lastEdit, at);
  return (
    <>
      <PageHeader title={at("pages.title")} />
      <p className="-mt-2 mb-2 max-w-prose text-muted">{at("pages.intro")}</p>
      <p className="mb-2 max-w-prose text-muted">{at("pages.figures", { children: "{children}", capacity: "{capacity}" })}</p>
      {edited ? <p className="mb-6 text-sm text-muted">{edited}</p> : null}
      {tabs}
      <div className="grid max-w-2xl gap-8">
        <PageTextsForm
          key={`${page}-en`}
          page={page}
          locale="en"
          title={at("settings.englishTitle")}
          stored={texts.en}
          version={texts.versions.en}
          actionData={actionData?.intent === "en" ? (actionData as PageTextsActionData) : undefined}
        />
        <PageTextsForm
          key={`${page}-ne`}
          page={page}
          locale="ne"
          title={at("settings.nepaliTitle")}
          missing={texts.ne ? undefined : at("settings.noNepali")}
          stored={texts.ne ?? pageTextsValues(page, slidesIn(texts.en), null)}
          version={texts.versions.ne}
          actionData={actionData?.intent === "ne" ? (actionData as PageTextsActionData) : undefined}
        />
      </div>
      <section aria-labelledby="pages-lists-title" className="mt-10 max-w-2xl">
        <h2 id="pages-lists-title" className="font-sans text-xl font-bold text-ink">
          {at("pages.listsTitle")}
        </h2>
        <p className="mb-6 mt-2 max-w-prose text-muted">{at("pages.listsIntro")}</p>
        <div className="grid gap-8">
          {Object.keys(PAGE_LISTS[page]).flatMap((list) =>
            (["en", "ne"] as const).map((locale) => {
              const stored = texts.lists[locale]?.[list];
              const version = texts.listVersions[locale][list] ?? null;
              const refused =
                actionData?.intent === "list" &&
                (actionData as PageListActionData).list === list &&
                (actionData as PageListActionData).locale === locale
                  ? (actionData as PageListActionData)
                  : undefined;
              return (
                <PageListForm
                  key={`${page}-${list}-${locale}-${version}`}
                  page={page}
                  list={list}
                  locale={locale}
                  stored={stored ?? null}
                  version={version}
                  refused={refused}
                />
              );
            }),
          )}
        </div>
      </section>
      {page === "home" && texts.slidePhotos.length > 0 ? (
        <section aria-labelledby="pages-photos-title" className="mt-10 max-w-2xl">
          <h2 id="pages-photos-title" className="font-sans text-xl font-bold text-ink">
            {at("pages.photosTitle")}
          </h2>
          <p className="mb-6 mt-2 max-w-prose text-muted">{at("pages.photosIntro")}</p>
          <div className="grid gap-8">
            {texts.slidePhotos.map((photo, index) => {
              const refused =
                actionData?.intent === "photo" && actionData.slide === index + 1 ? (actionData as SlidePhotoActionData) : undefined;
              // A saved photo (a new version) starts the form afresh.
              return (
                <SlidePhotoForm
                  key={`${index}-${photo.version}`}
                  slide={index + 1}
                  photo={photo}
                  limits={loaderData.limits}
                  refused={refused}
                />
              );
            })}
          </div>
        </section>
      ) : null}
    </>
  );
}

function PageTextsForm({
  page,
  locale,
  title,
  missing,
  stored,
  version,
  actionData,
}: {
  page: PageName;
  locale: PageTextsLocale;
  title: string;
  missing?: string;
  stored: PageTextsValues;
  version: string | null;
  actionData: PageTextsActionData | undefined;
}) {
  const at = useAt();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === locale;
  const initial = actionData?.values ?? stored;
  const slides = slidesIn(initial);
  const fields = pageTextFormFields(page, slides);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useSchemaForm<PageTextsValues>(pageTextsSchema(page, slides), initial);
  const nepali = locale === "ne";
  return (
    <section aria-labelledby={`pages-${locale}-title`} className={`${CARD} p-6 sm:p-8`}>
      <h2 id={`pages-${locale}-title`} className={`${nepali ? DEVANAGARI : "font-sans"} text-xl font-bold text-ink`}>
        {title}
      </h2>
      {missing ? <Notice>{missing}</Notice> : null}
      {actionData?.message && !actionData.conflict ? <ErrorAlert className="mt-4">{actionData.message}</ErrorAlert> : null}
      <ValidatedForm
        action={`/page-texts/${page}`}
        intent={locale}
        handleSubmit={handleSubmit}
        className={`mt-6 space-y-5 ${nepali ? DEVANAGARI : ""}`}
      >
        <input type="hidden" name={VERSION_FIELD} value={actionData?.baseVersion ?? version ?? ""} />
        {fields.map((field) => (
          <FormField
            key={field}
            id={`page-${locale}-${field}`}
            label={pageTextLabel(field, at.locale)}
            type="text"
            autoComplete="off"
            rows={isLongText(page, field) ? (field.startsWith("slide") ? 2 : 5) : undefined}
            maxLength={maxLengthOf(page, field)}
            lang={nepali ? "ne" : undefined}
            error={errors[field]?.message ?? actionData?.errors?.[field]?.[0]}
            registration={register(field)}
            defaultValue={initial[field] ?? ""}
          />
        ))}
        {actionData?.conflict ? (
          <EditConflictNotice
            conflict={actionData.conflict}
            fields={fields.map((field) => ({ name: field, label: pageTextLabel(field, at.locale) }))}
            yours={(name) => String(watch(name) ?? "")}
            disabled={busy}
          />
        ) : null}
        <button type="submit" disabled={busy} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
          {busy ? <ButtonSpinner /> : null}
          {busy ? at("common.saving") : at(nepali ? "pages.saveNepali" : "pages.save")}
        </button>
      </ValidatedForm>
    </section>
  );
}

/** The widest a slide's photo is shown in its form. */
const PHOTO_PREVIEW_WIDTH = 400;

/**
 * A hero slide's photo and its descriptions. With JavaScript, a chosen photo is checked and made
 * the site's size in the browser (photo-prepare.ts), then sent ahead with a resumable upload
 * (resumable-upload.ts) and the form names it, as the content forms do; without, the form posts
 * the photo itself. The action and the CMS check everything again.
 */
function SlidePhotoForm({
  slide,
  photo,
  limits,
  refused,
}: {
  slide: number;
  photo: SlidePhoto;
  limits: UploadLimits;
  refused: SlidePhotoActionData | undefined;
}) {
  const at = useAt();
  const submit = useSubmit();
  const navigation = useNavigation();
  const action = `/page-texts/home?slide=${slide}`;
  const [phase, setPhase] = useState<"idle" | "preparing" | "uploading">("idle");
  const [progress, setProgress] = useState<FilesProgress | null>(null);
  const [conflict, setConflict] = useState<EditConflict | null>(refused?.conflict ?? null);
  const [errors, setErrors] = useState<FieldErrors>(refused?.errors ?? {});
  const [message, setMessage] = useState<string | null>(refused?.conflict ? null : (refused?.message ?? null));
  // A photo sent ahead by an earlier Save of this form is not sent again.
  const sent = useRef(new Map<File, string>());
  const sending = useRef<AbortController | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => () => sending.current?.abort(), []);
  useEffect(() => {
    setErrors(refused?.errors ?? {});
    setMessage(refused?.conflict ? null : (refused?.message ?? null));
    setConflict(refused?.conflict ?? null);
  }, [refused]);
  const posting = navigation.state !== "idle" && navigation.formAction === action;
  const busy = phase !== "idle" || posting;
  const values = refused?.values ?? { imageAlt: photo.imageAlt ?? "", imageAltNe: photo.imageAltNe ?? "" };
  const id = (field: string) => `slide-${slide}-${field}`;
  const n = slideNumberLabel(slide, at.locale);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The button pressed is part of what is sent ("Save mine instead" carries the version it replaces).
    const body = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter ?? null);
    void (async () => {
      const chosen = body.get(SLIDE_PHOTO_FIELD);
      let file = chosen instanceof File && (chosen.size > 0 || chosen.name) ? chosen : null;
      setMessage(null);
      setConflict(null);
      setPhase("preparing");
      if (file) {
        const prepared = await preparePhoto(file, limits.imageMaxPixels);
        if (!prepared.ok) {
          setErrors({ [SLIDE_PHOTO_FIELD]: [at.contract(prepared.message)] });
          setPhase("idle");
          return;
        }
        file = prepared.file;
      }
      const parsed = slidePhotoSchema(limits).safeParse({
        imageAlt: String(body.get("imageAlt") ?? ""),
        imageAltNe: String(body.get("imageAltNe") ?? ""),
        [SLIDE_PHOTO_FIELD]: file ?? undefined,
      });
      if (!parsed.success) {
        setErrors(fieldErrorsOf(parsed.error, at));
        setPhase("idle");
        return;
      }
      setErrors({});
      body.delete(SLIDE_PHOTO_FIELD);
      if (file) {
        setPhase("uploading");
        const controller = new AbortController();
        sending.current = controller;
        try {
          const ids = await sendFilesAhead([{ field: SLIDE_PHOTO_FIELD, file, kind: "image" }], {
            signal: controller.signal,
            onProgress: setProgress,
            sentBefore: sent.current,
          });
          body.set(uploadIdField(SLIDE_PHOTO_FIELD), ids[SLIDE_PHOTO_FIELD]!);
        } catch (error) {
          setPhase("idle");
          setProgress(null);
          if (controller.signal.aborted) return;
          const refusal = uploadRefusalMessage(error, "image", limits, at);
          setErrors({ [SLIDE_PHOTO_FIELD]: [refusal] });
          setMessage(refusal);
          return;
        }
      }
      setPhase("idle");
      setProgress(null);
      await submit(body, { method: "post", action, encType: "multipart/form-data" });
    })();
  };

  const errorOf = (field: string) => errors[field]?.[0];
  const describedBy = (field: string, hint: boolean) =>
    [hint ? `${id(field)}-hint` : null, errorOf(field) ? `${id(field)}-error` : null].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: string) =>
    errorOf(field) ? (
      <p id={`${id(field)}-error`} className={FIELD_ERROR}>
        {errorOf(field)}
      </p>
    ) : null;

  return (
    <section aria-labelledby={id("title")} className={`${CARD} p-6 sm:p-8`}>
      <h3 id={id("title")} className="font-sans text-lg font-bold text-ink">
        {at("pages.photoOf", { n })}
      </h3>
      {photo.imageUrl ? (
        <SizedImage
          src={photo.imageUrl}
          shownWidth={PHOTO_PREVIEW_WIDTH}
          alt={photo.imageAlt ?? ""}
          className="mt-4 max-h-56 w-auto rounded-xl border border-sand-200 bg-sand object-contain"
        />
      ) : (
        <p className="mt-4 text-muted">{at("pages.photoNone")}</p>
      )}
      {message ? <ErrorAlert className="mt-4">{message}</ErrorAlert> : null}
      <Form
        ref={formRef}
        method="post"
        action={action}
        encType="multipart/form-data"
        noValidate
        onSubmit={onSubmit}
        className="mt-6 space-y-5"
      >
        <input type="hidden" name={VERSION_FIELD} value={refused?.baseVersion ?? photo.version ?? ""} />
        <div>
          <label htmlFor={id(SLIDE_PHOTO_FIELD)} className={LABEL}>
            {at("pages.photoNew")}
            <span className="ml-1 font-normal text-muted">({at("common.optional")})</span>
          </label>
          <input
            id={id(SLIDE_PHOTO_FIELD)}
            name={SLIDE_PHOTO_FIELD}
            type="file"
            accept={ACCEPT.image}
            aria-invalid={errorOf(SLIDE_PHOTO_FIELD) ? true : undefined}
            aria-describedby={describedBy(SLIDE_PHOTO_FIELD, true)}
            className={`${INPUT} mt-1.5 cursor-pointer file:mr-4 file:rounded-md file:border-0 file:bg-sand file:px-3 file:py-1.5 file:font-semibold file:text-ink`}
          />
          <p id={`${id(SLIDE_PHOTO_FIELD)}-hint`} className={HINT}>
            {at("pages.photoNewHint")}{" "}
            {at("common.allowedTypes", {
              types: FILE_TYPES.image.names,
              mb: Math.max(1, Math.round(limits.imageMaxBytes / (1024 * 1024))),
            })}
          </p>
          {fieldError(SLIDE_PHOTO_FIELD)}
        </div>
        <FormField
          id={id("imageAlt")}
          name="imageAlt"
          label={at("pages.photoAlt")}
          hint={at("pages.photoAltHint")}
          autoComplete="off"
          maxLength={200}
          defaultValue={values.imageAlt}
          error={errorOf("imageAlt")}
        />
        <div className={DEVANAGARI}>
          <FormField
            id={id("imageAltNe")}
            name="imageAltNe"
            label={at("pages.photoAltNe")}
            hint={photo.hasNepali ? undefined : at("pages.photoAltNeMissing")}
            lang="ne"
            autoComplete="off"
            maxLength={200}
            disabled={!photo.hasNepali}
            defaultValue={values.imageAltNe}
            error={errorOf("imageAltNe")}
          />
        </div>
        {phase === "uploading" && progress ? <UploadProgress percent={progress.percent} phase="uploading" files={progress} /> : null}
        {conflict ? (
          <>
            {conflict.current[SLIDE_PHOTO_URL_FIELD] ? (
              <div>
                <p className="text-sm font-semibold text-ink">{at("pages.photoTheirs")}</p>
                <SizedImage
                  src={conflict.current[SLIDE_PHOTO_URL_FIELD]}
                  shownWidth={PHOTO_PREVIEW_WIDTH}
                  alt={conflict.current.imageAlt ?? ""}
                  className="mt-2 max-h-40 w-auto rounded-xl border border-sand-200 bg-sand object-contain"
                />
              </div>
            ) : null}
            <EditConflictNotice
              conflict={conflict}
              fields={SLIDE_PHOTO_TEXT_FIELDS.map((field) => ({
                name: field,
                label: at(field === "imageAlt" ? "pages.photoAlt" : "pages.photoAltNe"),
              }))}
              yours={(name) => String((formRef.current?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "")}
              disabled={busy}
            />
          </>
        ) : null}
        <button type="submit" disabled={busy} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
          {busy ? <ButtonSpinner /> : null}
          {busy ? at("common.saving") : at("pages.photoSave")}
        </button>
      </Form>
    </section>
  );
}

/**
 * One list of a page in one language: its items, each removable after a confirmation, and an
 * Add button while the list has room. Items are added and removed in the form; Save sends the
 * list as it stands (the CMS keeps an item's id, so the console's rows are updated, not replaced).
 */
function PageListForm({
  page,
  list,
  locale,
  stored,
  version,
  refused,
}: {
  page: PageName;
  list: string;
  locale: PageTextsLocale;
  /** The list's items; null when the page has no version in this language yet. */
  stored: PageListItem[] | null;
  version: string | null;
  refused: PageListActionData | undefined;
}) {
  const at = useAt();
  const submit = useSubmit();
  const navigation = useNavigation();
  const spec = pageListSpec(page, list)!;
  const fields = listItemFields(spec.shape);
  const nepali = locale === "ne";
  const formRef = useRef<HTMLFormElement>(null);
  const nextKey = useRef(0);
  const keyed = (items: PageListItem[]) => items.map((item) => ({ ...item, key: `k${nextKey.current++}` }));
  const [items, setItems] = useState(() => keyed(refused?.items ?? stored ?? []));
  const [confirming, setConfirming] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>(refused?.errors ?? {});
  const [added, setAdded] = useState<string | null>(null);
  useEffect(() => setErrors(refused?.errors ?? {}), [refused]);
  useEffect(() => {
    if (added)
      formRef.current
        ?.querySelector<HTMLElement>(`[data-item="${added}"] textarea, [data-item="${added}"] input:not([type=hidden])`)
        ?.focus();
  }, [added]);
  const busy = navigation.state !== "idle" && navigation.formData?.get("list") === list && navigation.formData?.get("locale") === locale;
  const title = `${pageListLabel(list, at.locale)} · ${at(nepali ? "settings.nepaliTitle" : "settings.englishTitle")}`;
  const id = `list-${list}-${locale}`;
  const itemWord = at("pages.listItem");
  const label = (index: number, field: string) => listItemLabel(index, field, at.locale, itemWord);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter ?? null);
    const posted = postedListItems(spec.shape, body);
    const parsed = pageListSchema(spec).safeParse({ items: posted.map((item) => item.values) });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, at));
      return;
    }
    setErrors({});
    void submit(body, { method: "post", action: `/page-texts/${page}` });
  };

  return (
    <section aria-labelledby={`${id}-title`} className={`${CARD} p-6 sm:p-8`}>
      <h3 id={`${id}-title`} className={`${nepali ? DEVANAGARI : "font-sans"} text-lg font-bold text-ink`}>
        {title}
      </h3>
      {stored === null ? (
        <Notice>{at("pages.listNoNepali")}</Notice>
      ) : (
        <Form
          ref={formRef}
          method="post"
          action={`/page-texts/${page}`}
          noValidate
          onSubmit={onSubmit}
          className={`mt-6 space-y-5 ${nepali ? DEVANAGARI : ""}`}
        >
          <input type="hidden" name="intent" value="list" />
          <input type="hidden" name="list" value={list} />
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name={VERSION_FIELD} value={refused?.baseVersion ?? version ?? ""} />
          {refused?.message && !refused.conflict ? <ErrorAlert>{refused.message}</ErrorAlert> : null}
          {errors.items?.[0] ? <ErrorAlert>{errors.items[0]}</ErrorAlert> : null}
          {items.length === 0 ? <p className="text-muted">{at("pages.listEmpty")}</p> : null}
          <ol className="space-y-5">
            {items.map((item, index) => (
              <li key={item.key} data-item={item.key} className="rounded-xl border border-sand-200 p-4">
                <fieldset aria-label={itemWord.replace("{n}", slideNumberLabel(index + 1, at.locale))} className="space-y-4">
                  {item.id ? <input type="hidden" name={listItemField(index, "id")} value={item.id} /> : null}
                  {fields.map((field) => {
                    const rule = listFieldRule(spec.shape, field);
                    return (
                      <FormField
                        key={field}
                        id={`${id}-${item.key}-${field}`}
                        name={listItemField(index, field)}
                        label={label(index, field)}
                        hint={field === "items" ? at("pages.listPointsHint") : undefined}
                        autoComplete="off"
                        rows={rule?.long ? (field === "items" ? 5 : 3) : undefined}
                        inputMode={field === "yearBs" ? "numeric" : undefined}
                        maxLength={rule?.max}
                        lang={nepali ? "ne" : undefined}
                        defaultValue={item.values[field] ?? ""}
                        error={errors[listItemField(index, field)]?.[0]}
                      />
                    );
                  })}
                  {confirming === item.key ? (
                    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                      <p>{at("pages.listRemoveConfirm", { n: slideNumberLabel(index + 1, at.locale) })}</p>
                      <div className="mt-2 flex gap-2">
                        <button
                          type="button"
                          className="btn border border-red-300 bg-white text-red-700 hover:bg-red-50"
                          onClick={() => {
                            setItems((now) => now.filter((candidate) => candidate.key !== item.key));
                            setConfirming(null);
                            setErrors({});
                          }}
                        >
                          {at("pages.listRemoveYes")}
                        </button>
                        <button type="button" className="btn btn-ghost" onClick={() => setConfirming(null)}>
                          {at("pages.listKeep")}
                        </button>
                      </div>
                    </div>
                  ) : (
                    <button type="button" className="btn btn-ghost text-red-700" onClick={() => setConfirming(item.key)}>
                      {at("pages.listRemove")}
                      <span className="sr-only"> {itemWord.replace("{n}", slideNumberLabel(index + 1, at.locale))}</span>
                    </button>
                  )}
                </fieldset>
              </li>
            ))}
          </ol>
          {items.length < spec.max ? (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                const [item] = keyed([{ id: null, values: {} }]);
                setItems((now) => [...now, item!]);
                setAdded(item!.key);
              }}
            >
              {at("pages.listAdd")}
            </button>
          ) : (
            <p className="text-sm text-muted">{at("pages.listFull", { max: slideNumberLabel(spec.max, at.locale) })}</p>
          )}
          {refused?.conflict ? (
            <EditConflictNotice
              conflict={refused.conflict}
              fields={Object.keys(refused.conflict.current).map((name) => {
                const [, index, field] = name.split(".");
                return { name, label: label(Number(index), field!) };
              })}
              yours={(name) => String((formRef.current?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "")}
              disabled={busy}
            />
          ) : null}
          <button type="submit" disabled={busy} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
            {busy ? <ButtonSpinner /> : null}
            {busy ? at("common.saving") : at(nepali ? "pages.listSaveNepali" : "pages.listSave")}
          </button>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
