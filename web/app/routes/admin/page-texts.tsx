import { data, NavLink, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/page-texts";
import { EditConflictNotice } from "~/components/admin/EditConflictNotice";
import { ButtonSpinner, ErrorAlert, Notice } from "~/components/admin/Feedback";
import { FormField } from "~/components/admin/FormField";
import { AdminRouteError, adminMeta, lastEditLine, PageHeader } from "~/components/admin/Page";
import { CARD, DEVANAGARI } from "~/components/admin/styles";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { ValidatedForm } from "~/components/admin/ValidatedForm";
import { baseVersionOf, REPLACE_VERSION_FIELD, VERSION_FIELD, type EditConflict } from "~/lib/admin/edit-conflict";
import { useAt } from "~/lib/admin/messages";
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
  slidesIn,
  type PageName,
  type PageTextsLocale,
  type PageTextsValues,
} from "~/lib/admin/page-texts";
import { readPageTexts, savePageTexts } from "~/lib/admin/page-texts.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/admin/schemas";
import { flashNotice } from "~/lib/admin/session.server";
import { requireManager } from "~/lib/admin/staff-accounts.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, (at) => at("pages.metaTitle"));

const pageOf = (param: string | undefined): PageName => {
  const page = param ?? "home";
  if (!isPageName(page)) throw data(null, { status: 404 });
  return page;
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireManager(request, "pages.forbidden");
  const page = pageOf(params.page);
  const result = await readPageTexts(request, staff, page);
  return data({ page, ...result }, { status: result.error ? 503 : 200, headers: NO_STORE_HEADERS });
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

const isLocale = (value: unknown): value is PageTextsLocale => value === "en" || value === "ne";

export async function action({ request, params }: Route.ActionArgs) {
  await requireSameOrigin(request);
  const { staff } = await requireManager(request, "pages.forbidden");
  const page = pageOf(params.page);
  const at = staff.at;
  const form = await request.formData();
  const intent = form.get("intent");
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
          actionData={actionData?.intent === "en" ? actionData : undefined}
        />
        <PageTextsForm
          key={`${page}-ne`}
          page={page}
          locale="ne"
          title={at("settings.nepaliTitle")}
          missing={texts.ne ? undefined : at("settings.noNepali")}
          stored={texts.ne ?? pageTextsValues(page, slidesIn(texts.en), null)}
          version={texts.versions.ne}
          actionData={actionData?.intent === "ne" ? actionData : undefined}
        />
      </div>
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
      <h2 id={`pages-${locale}-title`} className="font-sans text-xl font-bold text-ink">
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
