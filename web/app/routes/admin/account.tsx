import { useMemo } from "react";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { ValidatedForm } from "~/components/admin/ValidatedForm";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { ButtonSpinner, ErrorAlert } from "~/components/admin/Feedback";
import { FormField } from "~/components/admin/FormField";
import { AdminRouteError, adminMeta, PageHeader } from "~/components/admin/Page";
import { CARD, FIELD_ERROR } from "~/components/admin/styles";
import {
  adminLanguageSchema,
  displayNameSchema,
  passwordChangeSchema,
  type DisplayNameInput,
  type PasswordChangeInput,
} from "~/lib/admin/account-schemas";
import { adminTranslator, ADMIN_LOCALES, useAt, type AdminLocale } from "~/lib/admin/messages";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/admin/schemas";
import { flashNotice } from "~/lib/admin/session.server";
import { changeMyPassword, renameMe, requireCurrentUser, setMyLanguage } from "~/lib/admin/staff-accounts.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, (at) => at("account.metaTitle"));

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireCurrentUser(request);
  return data({ user }, { headers: NO_STORE_HEADERS });
}

interface AccountActionData {
  intent: "name" | "password" | "language";
  message?: string;
  errors?: FieldErrors;
  /** The name as typed (passwords are never sent back). */
  name?: string;
}

export async function action({ request }: Route.ActionArgs) {
  await requireSameOrigin(request);
  const { staff, user } = await requireCurrentUser(request);
  const at = staff.at;
  const form = await request.formData();
  const done = async (notice: string) =>
    redirect("/account", { headers: { ...NO_STORE_HEADERS, "Set-Cookie": await flashNotice(staff.session, notice) } });
  const refused = (body: AccountActionData, status: number) => data<AccountActionData>(body, { status, headers: NO_STORE_HEADERS });

  if (form.get("intent") === "name") {
    const name = String(form.get("name") ?? "");
    const parsed = displayNameSchema.safeParse({ name });
    if (!parsed.success) return refused({ intent: "name", errors: fieldErrorsOf(parsed.error, at), name }, 400);
    const result = await renameMe(request, staff, parsed.data.name.trim());
    if (!result.ok) return refused({ intent: "name", message: result.message, errors: result.errors, name }, result.status);
    return done(at("account.nameSaved"));
  }

  if (form.get("intent") === "password") {
    const values = {
      currentPassword: String(form.get("currentPassword") ?? ""),
      password: String(form.get("password") ?? ""),
      repeatPassword: String(form.get("repeatPassword") ?? ""),
    };
    const parsed = passwordChangeSchema(user.email, at).safeParse(values);
    if (!parsed.success) return refused({ intent: "password", errors: fieldErrorsOf(parsed.error, at) }, 400);
    // This session stays: the CMS ends every other one of this person's at once.
    const result = await changeMyPassword(request, staff, parsed.data.currentPassword, parsed.data.password);
    if (!result.ok) return refused({ intent: "password", message: result.message, errors: result.errors }, result.status);
    return done(at("account.passwordChanged"));
  }

  if (form.get("intent") === "language") {
    const parsed = adminLanguageSchema.safeParse({ adminLanguage: form.get("adminLanguage") });
    if (!parsed.success) {
      return refused({ intent: "language", message: at("account.languageFailed"), errors: fieldErrorsOf(parsed.error, at) }, 400);
    }
    const result = await setMyLanguage(request, staff, parsed.data.adminLanguage);
    if (!result.ok) return refused({ intent: "language", message: result.message, errors: result.errors }, result.status);
    // From this answer on, every admin page (and what actions say) is in the chosen language.
    staff.session.set("adminLocale", parsed.data.adminLanguage);
    return done(adminTranslator(parsed.data.adminLanguage)("account.languageSaved"));
  }

  return refused({ intent: "name", message: at("common.somethingWrong") }, 400);
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const at = useAt();
  const { user } = loaderData;
  return (
    <>
      <PageHeader title={at("account.title")} />
      <p className="-mt-2 mb-6 max-w-prose text-muted">
        {at("account.signedInAs", { email: user.email, role: user.role ? at(`staff.role.${user.role}`) : "" })}
      </p>
      <div className="grid max-w-xl gap-8">
        <LanguageForm current={user.adminLanguage} actionData={actionData?.intent === "language" ? actionData : undefined} />
        <NameForm current={user.displayName ?? ""} actionData={actionData?.intent === "name" ? actionData : undefined} />
        <PasswordForm email={user.email} actionData={actionData?.intent === "password" ? actionData : undefined} />
      </div>
    </>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** English or Nepali: each option named in its own language, as language pickers do. */
function LanguageForm({ current, actionData }: { current: AdminLocale; actionData: AccountActionData | undefined }) {
  const at = useAt();
  const busy = useBusy("language");
  const error = actionData?.errors?.adminLanguage?.[0];
  return (
    <section aria-labelledby="account-language-title" className={`${CARD} p-6 sm:p-8`}>
      <h2 id="account-language-title" className="font-sans text-xl font-bold text-ink">
        {at("account.languageTitle")}
      </h2>
      <p className="mt-1 text-muted">{at("account.languageIntro")}</p>
      {actionData?.message ? <ErrorAlert className="mt-4">{actionData.message}</ErrorAlert> : null}
      <Form method="post" action="/account" className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="language" />
        <fieldset aria-describedby={error ? "account-language-error" : undefined}>
          <legend className="sr-only">{at("account.languageTitle")}</legend>
          <div className="space-y-2">
            {ADMIN_LOCALES.map((locale) => (
              <label key={locale} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="adminLanguage"
                  value={locale}
                  defaultChecked={locale === current}
                  className="size-5 accent-clay"
                />
                <span lang={locale}>{at(`account.language.${locale}`)}</span>
              </label>
            ))}
          </div>
          {error ? (
            <p id="account-language-error" className={FIELD_ERROR}>
              {error}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" disabled={busy} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
          {busy ? <ButtonSpinner /> : null}
          {busy ? at("common.saving") : at("account.saveLanguage")}
        </button>
      </Form>
    </section>
  );
}

function NameForm({ current, actionData }: { current: string; actionData: AccountActionData | undefined }) {
  const at = useAt();
  const busy = useBusy("name");
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<DisplayNameInput>(displayNameSchema, { name: actionData?.name ?? current });
  return (
    <section aria-labelledby="account-name-title" className={`${CARD} p-6 sm:p-8`}>
      <h2 id="account-name-title" className="font-sans text-xl font-bold text-ink">
        {at("account.nameTitle")}
      </h2>
      <p className="mt-1 text-muted">{at("account.nameIntro")}</p>
      {actionData?.message ? <ErrorAlert className="mt-4">{actionData.message}</ErrorAlert> : null}
      <ValidatedForm action="/account" intent="name" handleSubmit={handleSubmit} className="mt-6 space-y-5">
        <FormField
          id="my-name"
          label={at("account.field.name")}
          autoComplete="name"
          error={errors.name?.message ?? actionData?.errors?.name?.[0]}
          registration={register("name")}
          defaultValue={actionData?.name ?? current}
        />
        <button type="submit" disabled={busy} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
          {busy ? <ButtonSpinner /> : null}
          {busy ? at("common.saving") : at("account.saveName")}
        </button>
      </ValidatedForm>
    </section>
  );
}

function PasswordForm({ email, actionData }: { email: string; actionData: AccountActionData | undefined }) {
  const at = useAt();
  const busy = useBusy("password");
  const schema = useMemo(() => passwordChangeSchema(email, at), [email, at]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<PasswordChangeInput>(schema, { currentPassword: "", password: "", repeatPassword: "" });
  const fieldError = (name: keyof PasswordChangeInput) => errors[name]?.message ?? actionData?.errors?.[name]?.[0];
  return (
    <section aria-labelledby="account-password-title" className={`${CARD} p-6 sm:p-8`}>
      <h2 id="account-password-title" className="font-sans text-xl font-bold text-ink">
        {at("account.passwordTitle")}
      </h2>
      <p className="mt-1 text-muted">{at("account.passwordIntro")}</p>
      {actionData?.message ? <ErrorAlert className="mt-4">{actionData.message}</ErrorAlert> : null}
      <ValidatedForm action="/account" intent="password" handleSubmit={handleSubmit} className="mt-6 space-y-5">
        {/* The account's e-mail, for password managers. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <FormField
          id="current-password"
          label={at("account.field.currentPassword")}
          type="password"
          autoComplete="current-password"
          error={fieldError("currentPassword")}
          registration={register("currentPassword")}
        />
        <FormField
          id="new-password"
          label={at("account.field.newPassword")}
          type="password"
          autoComplete="new-password"
          hint={at("staff.passwordHint")}
          error={fieldError("password")}
          registration={register("password")}
        />
        <FormField
          id="repeat-password"
          label={at("account.field.repeatPassword")}
          type="password"
          autoComplete="new-password"
          error={fieldError("repeatPassword")}
          registration={register("repeatPassword")}
        />
        <button type="submit" disabled={busy} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
          {busy ? <ButtonSpinner /> : null}
          {busy ? at("common.saving") : at("account.changePassword")}
        </button>
      </ValidatedForm>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
