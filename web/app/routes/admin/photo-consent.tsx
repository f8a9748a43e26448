// /admin/photos/{name}/consent: whether a stored photo shows children and the consent on record
// for it; a Manager may withdraw that consent. `?returnTo=` names the admin screen to go back to.
import { useEffect, useRef } from "react";
import { data, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/photo-consent";
import type { loader as layoutLoader } from "./layout";
import { ConfirmDialog, useConfirmParam } from "~/components/admin/ConfirmDelete";
import { ConsentBadge } from "~/components/admin/ConsentBadge";
import { ButtonSpinner, ErrorAlert, Notice } from "~/components/admin/Feedback";
import { FormField } from "~/components/admin/FormField";
import { AdminRouteError, adminMeta, BackLink, formatDateTime, PageHeader } from "~/components/admin/Page";
import { SizedImage } from "~/components/admin/SizedImage";
import { CARD, FIELD_ERROR, HINT, INPUT, LABEL } from "~/components/admin/styles";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { ValidatedForm } from "~/components/admin/ValidatedForm";
import { CONSENT_GIVERS, defaultReviewOn, isCalendarDay, NOTE_MAX } from "@contract/consent-rules";
import {
  adminReturnPath,
  CONSENT_FORM_FIELDS,
  CONSENT_GIVER_LABELS,
  consentFormSchema,
  consentFormValuesOf,
  consentHref,
  consentInputOf,
  initialConsentValues,
  usedByHref,
  type ConsentEvent,
  type ConsentFormValues,
  type PhotoConsent,
  type PhotoUse,
} from "~/lib/admin/consent";
import { getPhotoConsent, saveConsent, withdrawConsent } from "~/lib/admin/consent.server";
import { useAt, type AdminMessageKey } from "~/lib/admin/messages";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/admin/schemas";
import { flashNotice, requireStaff } from "~/lib/admin/session.server";
import { requireManager } from "~/lib/admin/staff-accounts.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";
import { todayInNepal } from "~/lib/i18n/bs-date";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, (at) => at("consent.metaTitle"));

/** The confirmation step of a withdrawal (`?withdraw=1` without JavaScript), and the action's intent. */
const WITHDRAW = "withdraw";
const SAVE = "save";

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request);
  const result = await getPhotoConsent(request, staff, params.name);
  const returnTo = adminReturnPath(new URL(request.url).searchParams.get("returnTo"));
  const status = result.notFound ? 404 : result.error ? 503 : 200;
  // The home's day: a consent is not given later than that, and a new one starts on it.
  return data({ ...result, name: params.name, returnTo, today: todayInNepal() }, { status, headers: NO_STORE_HEADERS });
}

type ConsentActionData =
  | { intent: typeof SAVE; message?: string; errors?: FieldErrors; values: ConsentFormValues }
  | { intent: typeof WITHDRAW; message?: string; unpublished?: PhotoUse[] };

export async function action({ request, params }: Route.ActionArgs) {
  await requireSameOrigin(request);
  const form = await request.formData();
  const refused = (body: ConsentActionData, status: number) => data<ConsentActionData>(body, { status, headers: NO_STORE_HEADERS });

  if (form.get("intent") === WITHDRAW) {
    const { staff } = await requireManager(request, "consent.withdrawForbidden");
    const result = await withdrawConsent(request, staff, params.name);
    if (!result.ok) return refused({ intent: WITHDRAW, message: result.message }, result.status);
    // Answered on this page rather than redirected: it shows the withdrawn state and what was unpublished.
    return data<ConsentActionData>({ intent: WITHDRAW, unpublished: result.value.unpublished }, { headers: NO_STORE_HEADERS });
  }

  const staff = await requireStaff(request);
  const { at } = staff;
  if (form.get("intent") !== SAVE) return refused({ intent: WITHDRAW, message: at("common.somethingWrong") }, 400);
  const values = consentFormValuesOf(Object.fromEntries(CONSENT_FORM_FIELDS.map((name) => [name, form.get(name) ?? undefined])));
  const parsed = consentFormSchema(todayInNepal()).safeParse(values);
  if (!parsed.success)
    return refused({ intent: SAVE, message: at("common.fixErrors"), errors: fieldErrorsOf(parsed.error, at), values }, 400);
  const result = await saveConsent(request, staff, params.name, consentInputOf(values));
  if (!result.ok) return refused({ intent: SAVE, message: result.message, errors: result.errors, values }, result.status);
  return redirect(adminReturnPath(new URL(request.url).searchParams.get("returnTo")), {
    headers: { ...NO_STORE_HEADERS, "Set-Cookie": await flashNotice(staff.session, at("consent.saved")) },
  });
}

export default function PhotoConsentPage({ loaderData, actionData }: Route.ComponentProps) {
  const at = useAt();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout");
  const { photo, returnTo, today } = loaderData;
  const withdrawal = actionData?.intent === WITHDRAW ? actionData : undefined;
  return (
    <>
      <BackLink to={returnTo} label={at("common.back")} history />
      <div className="mt-4">
        <PageHeader title={at("consent.title")} />
      </div>
      {photo === null ? (
        <ErrorAlert>{loaderData.notFound ? at("contract.photoNotFound") : (loaderData.error ?? at("consent.fetchFailed"))}</ErrorAlert>
      ) : (
        <div className="grid max-w-2xl gap-6">
          {withdrawal?.message ? <ErrorAlert>{withdrawal.message}</ErrorAlert> : null}
          <PhotoSummary photo={photo} unpublished={withdrawal?.unpublished} />
          <ConsentForm
            key={photo.state === "withdrawn" ? "withdrawn" : "open"}
            photo={photo}
            today={today}
            returnTo={returnTo}
            actionData={actionData?.intent === SAVE ? actionData : undefined}
          />
          {layout?.user?.isManager && photo.state !== "withdrawn" ? <WithdrawSection photo={photo} returnTo={returnTo} /> : null}
          {photo.history ? <ConsentHistory events={photo.history} /> : null}
        </div>
      )}
    </>
  );
}

/** Every consent recorded for the photo, as it was given, and the withdrawal, newest first (Managers). */
function ConsentHistory({ events }: { events: ConsentEvent[] }) {
  const at = useAt();
  // The form's labels, inside a sentence ("given by a parent or guardian ... for this website").
  const inSentence = (key: AdminMessageKey) => {
    const label = at(key);
    return label.charAt(0).toLocaleLowerCase(at.locale) + label.slice(1);
  };
  const summary = (given: ConsentEvent["given"]) => {
    if (!given?.showsChildren) return at("consent.history.noChildren");
    const covers = [
      given.website ? inSentence("consent.website") : null,
      given.socialMedia ? inSentence("consent.socialMedia") : null,
    ].filter(Boolean);
    return at("consent.history.summary", {
      givenBy: given.givenBy ? inSentence(CONSENT_GIVER_LABELS[given.givenBy]) : "?",
      givenOn: given.givenOn ?? "?",
      covers: covers.join(at("consent.history.and")) || "?",
      reviewOn: given.reviewOn ?? "?",
    });
  };
  return (
    <section aria-labelledby="consent-history" className={`${CARD} p-5 sm:p-6`}>
      <h2 id="consent-history" className="font-sans text-lg font-semibold text-ink">
        {at("consent.history")}
      </h2>
      {events.length === 0 ? (
        <p className="mt-2 text-muted">{at("consent.historyEmpty")}</p>
      ) : (
        <ol className="mt-2 space-y-1" data-testid="consent-history">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`} className="text-ink">
              {event.action === "consented"
                ? at("consent.history.consented", { name: event.by || "?", summary: summary(event.given) })
                : at("consent.history.withdrawn", { name: event.by || "?" })}
              <span className="ml-2 text-sm text-muted">{formatDateTime(event.at, at.locale)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Shown at 160 CSS pixels: enough to recognise the photo on a phone. */
const PHOTO_WIDTH = 160;

function PhotoSummary({ photo, unpublished }: { photo: PhotoConsent; unpublished?: PhotoUse[] }) {
  const at = useAt();
  const record = photo.record;
  const recordedOn = formatDateTime(record?.recordedAt, at.locale);
  const withdrawnOn = formatDateTime(record?.withdrawnAt, at.locale);
  return (
    <section aria-labelledby="consent-photo" className={`${CARD} p-5 sm:p-6`}>
      <div className="flex flex-col gap-4 min-[400px]:flex-row">
        <SizedImage
          src={photo.url}
          shownWidth={PHOTO_WIDTH}
          alt={at("consent.photoAlt", { name: photo.name })}
          className="h-auto w-40 shrink-0 self-start rounded-xl border border-sand-200 bg-sand object-contain"
        />
        <div className="min-w-0 space-y-2">
          <h2 id="consent-photo" className="font-sans text-lg font-semibold break-all text-ink">
            {photo.name}
          </h2>
          <p>
            <span className="mr-2 text-sm text-muted">{at("consent.stateHeading")}:</span>
            <ConsentBadge state={photo.state} />
          </p>
          {record?.recordedBy && recordedOn && photo.state !== "withdrawn" ? (
            <p className="text-sm text-muted">{at("consent.recorded", { name: record.recordedBy, date: recordedOn })}</p>
          ) : null}
        </div>
      </div>
      {photo.state === "withdrawn" ? (
        <p className="mt-4 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-800" data-testid="consent-withdrawn">
          {at("consent.withdrawnBy", { name: record?.withdrawnBy ?? "?", date: withdrawnOn ?? "?" })}
        </p>
      ) : null}
      {unpublished && unpublished.length > 0 ? (
        <div className="mt-4">
          <Notice>
            {at("consent.unpublished")}
            <UseList uses={unpublished} />
          </Notice>
        </div>
      ) : null}
      <h3 className="mt-5 font-sans font-semibold text-ink">{at("consent.usedBy")}</h3>
      {photo.usedBy.length ? <UseList uses={photo.usedBy} /> : <p className="mt-1 text-muted">{at("consent.usedByNone")}</p>}
    </section>
  );
}

function UseList({ uses }: { uses: PhotoUse[] }) {
  const at = useAt();
  return (
    <ul className="mt-1 space-y-1">
      {uses.map((use) => (
        <li key={`${use.kind}-${use.id}`} className="font-normal">
          <span className="text-sm text-muted">{at(`consent.use.${use.kind}` as AdminMessageKey)}: </span>
          <Link to={usedByHref(use)} className="font-semibold break-words text-clay hover:underline">
            {use.title || `#${use.id}`}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ConsentForm({
  photo,
  today,
  returnTo,
  actionData,
}: {
  photo: PhotoConsent;
  today: string;
  returnTo: string;
  actionData: Extract<ConsentActionData, { intent: typeof SAVE }> | undefined;
}) {
  const at = useAt();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === SAVE;
  const withdrawn = photo.state === "withdrawn";
  const initial = actionData?.values ?? initialConsentValues(photo.record, today);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, dirtyFields },
  } = useSchemaForm<ConsentFormValues>(consentFormSchema(today), initial);
  const errorOf = (name: keyof ConsentFormValues) => errors[name]?.message ?? actionData?.errors?.[name]?.[0];

  // The review date follows the consent date a year on, until someone sets it themselves.
  const givenOn = watch("givenOn");
  const shownGivenOn = useRef(givenOn);
  const reviewOnSetByHand = Boolean(dirtyFields.reviewOn);
  useEffect(() => {
    if (givenOn === shownGivenOn.current) return;
    shownGivenOn.current = givenOn;
    if (reviewOnSetByHand || !isCalendarDay(givenOn)) return;
    setValue("reviewOn", defaultReviewOn(givenOn));
  }, [givenOn, reviewOnSetByHand, setValue]);

  const choice = (name: "showsChildren" | "givenBy", value: string, label: string, id: string) => (
    <label key={value} htmlFor={id} className="flex min-h-11 items-center gap-2">
      <input
        id={id}
        type="radio"
        value={value}
        defaultChecked={initial[name] === value}
        className="size-5 accent-clay"
        {...register(name)}
      />
      <span>{label}</span>
    </label>
  );
  const fieldError = (name: keyof ConsentFormValues) => {
    const error = errorOf(name);
    return error ? (
      <p id={`consent-${name}-error`} className={FIELD_ERROR}>
        {error}
      </p>
    ) : null;
  };
  const describedBy = (name: keyof ConsentFormValues, hint?: boolean) =>
    [hint ? `consent-${name}-hint` : null, errorOf(name) ? `consent-${name}-error` : null].filter(Boolean).join(" ") || undefined;

  return (
    <section aria-labelledby="consent-form-title" className={`${CARD} p-5 sm:p-6`}>
      <h2 id="consent-form-title" className="font-sans text-xl font-bold text-ink">
        {at("consent.formTitle")}
      </h2>
      <p className="mt-1 text-muted">{at("consent.intro")}</p>
      {withdrawn ? <p className="mt-3 font-semibold text-ink">{at("consent.formDisabled")}</p> : null}
      {actionData?.message ? <ErrorAlert className="mt-4">{actionData.message}</ErrorAlert> : null}
      <ValidatedForm action={consentHref(photo.name, returnTo)} intent={SAVE} handleSubmit={handleSubmit} className="group mt-5">
        <fieldset disabled={withdrawn || busy} className="space-y-6">
          <fieldset aria-describedby={describedBy("showsChildren")}>
            <legend className={LABEL}>{at("consent.showsChildren")}</legend>
            <div className="mt-1 flex gap-6">
              {choice("showsChildren", "yes", at("consent.yes"), "consent-children-yes")}
              {choice("showsChildren", "no", at("consent.no"), "consent-children-no")}
            </div>
            {fieldError("showsChildren")}
          </fieldset>
          {/* Asked only of a photo of children: shown while "Yes" is chosen, with or without JavaScript. */}
          <div className="hidden space-y-6 group-has-[#consent-children-yes:checked]:block">
            <fieldset aria-describedby={describedBy("givenBy")}>
              <legend className={LABEL}>{at("consent.givenBy")}</legend>
              <div className="mt-1">
                {CONSENT_GIVERS.map((giver) => choice("givenBy", giver, at(CONSENT_GIVER_LABELS[giver]), `consent-given-by-${giver}`))}
              </div>
              {fieldError("givenBy")}
            </fieldset>
            <DateField id="consent-givenOn" label={at("consent.givenOn")} hint={at("consent.dateHint")} error={errorOf("givenOn")}>
              <input
                id="consent-givenOn"
                type="date"
                max={today}
                defaultValue={initial.givenOn}
                aria-invalid={errorOf("givenOn") ? true : undefined}
                aria-describedby={describedBy("givenOn", true)}
                className={`${INPUT} mt-1.5`}
                {...register("givenOn")}
              />
            </DateField>
            <fieldset>
              <legend className={LABEL}>{at("consent.covers")}</legend>
              <label htmlFor="consent-website" className="mt-1 flex min-h-11 items-center gap-2">
                <input
                  id="consent-website"
                  type="checkbox"
                  defaultChecked={initial.website}
                  aria-invalid={errorOf("website") ? true : undefined}
                  aria-describedby={describedBy("website")}
                  className="size-5 accent-clay"
                  {...register("website")}
                />
                <span>{at("consent.website")}</span>
              </label>
              {fieldError("website")}
              <label htmlFor="consent-socialMedia" className="flex min-h-11 items-center gap-2">
                <input
                  id="consent-socialMedia"
                  type="checkbox"
                  defaultChecked={initial.socialMedia}
                  className="size-5 accent-clay"
                  {...register("socialMedia")}
                />
                <span>{at("consent.socialMedia")}</span>
              </label>
            </fieldset>
            <DateField id="consent-reviewOn" label={at("consent.reviewOn")} hint={at("consent.reviewHint")} error={errorOf("reviewOn")}>
              <input
                id="consent-reviewOn"
                type="date"
                defaultValue={initial.reviewOn}
                aria-invalid={errorOf("reviewOn") ? true : undefined}
                aria-describedby={describedBy("reviewOn", true)}
                className={`${INPUT} mt-1.5`}
                {...register("reviewOn")}
              />
            </DateField>
          </div>
          <FormField
            id="consent-note"
            label={at("consent.note")}
            hint={at("consent.noteHint")}
            rows={3}
            maxLength={NOTE_MAX}
            error={errorOf("note")}
            registration={register("note")}
            defaultValue={initial.note}
          />
          <button type="submit" className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
            {busy ? <ButtonSpinner /> : null}
            {busy ? at("common.saving") : at("consent.save")}
          </button>
        </fieldset>
      </ValidatedForm>
    </section>
  );
}

function DateField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <p id={`${id}-hint`} className={HINT}>
        {hint}
      </p>
      {children}
      {error ? (
        <p id={`${id}-error`} className={FIELD_ERROR}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A Manager's withdrawal, after a confirmation that says what it does. */
function WithdrawSection({ photo, returnTo }: { photo: PhotoConsent; returnTo: string }) {
  const at = useAt();
  const confirm = useConfirmParam(WITHDRAW);
  return (
    <section aria-labelledby="consent-withdraw" className="rounded-2xl border border-red-200 bg-white p-5 shadow-card sm:p-6">
      <h2 id="consent-withdraw" className="font-sans text-lg font-semibold text-ink">
        {at("consent.withdrawTitle")}
      </h2>
      <p className="mt-1 text-muted">{at("consent.withdrawIntro")}</p>
      <Link
        to={`${consentHref(photo.name, returnTo)}&${WITHDRAW}=1`}
        preventScrollReset
        replace
        onClick={(event) => {
          event.preventDefault();
          confirm.open("1");
        }}
        className="btn mt-4 border border-red-300 bg-white text-red-700 hover:bg-red-50"
      >
        {at("consent.withdraw")}
      </Link>
      <ConfirmDialog
        open={confirm.value !== null}
        title={at("consent.withdrawConfirmTitle")}
        message={at("consent.withdrawConfirm")}
        confirmLabel={at("consent.withdraw")}
        busyLabel={at("consent.withdrawing")}
        intent={WITHDRAW}
        action={consentHref(photo.name, returnTo)}
        cancelHref={confirm.cancelHref}
        onCancel={confirm.close}
        icon={null}
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
