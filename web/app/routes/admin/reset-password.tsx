import { useMemo } from "react";
import { data, Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/reset-password";
import { ButtonSpinner, ErrorAlert } from "~/components/admin/Feedback";
import { FormField } from "~/components/admin/FormField";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { ValidatedForm } from "~/components/admin/ValidatedForm";
import { passwordResetSchema, type PasswordResetInput } from "~/lib/admin/account-schemas";
import { adminLocaleOf, adminTranslator, AdminLocaleProvider, loginLocale, useAt, withChosenLang } from "~/lib/admin/messages";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import { setPasswordWithLink } from "~/lib/admin/password-reset.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/admin/schemas";
import { logoutRedirect } from "~/lib/admin/session.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";

// The link's token is in the path: no page this one links to may see it in a Referer.
const HEADERS = { ...NO_STORE_HEADERS, "Referrer-Policy": "no-referrer" };

export function meta({ matches }: Route.MetaArgs) {
  const at = adminTranslator(adminLocaleOf(matches) ?? "en");
  return [{ title: at("reset.setMetaTitle") }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return HEADERS;
}

export function loader({ request }: Route.LoaderArgs) {
  // Nobody is known yet: the page speaks the language chosen on the login page, or the browser's.
  return data({ adminLocale: loginLocale(request) }, { headers: HEADERS });
}

interface ResetActionData {
  message?: string;
  errors?: FieldErrors;
  /** The link no longer works: offer a new one instead of the form. */
  linkInvalid?: boolean;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireSameOrigin(request);
  const at = adminTranslator(loginLocale(request));
  const form = await request.formData();
  const values = { password: String(form.get("password") ?? ""), repeatPassword: String(form.get("repeatPassword") ?? "") };
  const parsed = passwordResetSchema(at).safeParse(values);
  if (!parsed.success) {
    return data<ResetActionData>(
      { message: at("common.fixErrors"), errors: fieldErrorsOf(parsed.error, at) },
      { status: 400, headers: HEADERS },
    );
  }
  const result = await setPasswordWithLink(params.token, parsed.data.password, context.clientIp, at);
  if (!result.ok) {
    const linkInvalid = Boolean(result.errors.token);
    return data<ResetActionData>(
      { message: result.message, errors: result.errors, linkInvalid },
      { status: result.status, headers: HEADERS },
    );
  }
  // Whatever session this browser held has ended at the CMS: its cookie goes too.
  return logoutRedirect(request, withChosenLang("/login?reset=done", new URL(request.url).searchParams.get("lang")));
}

export default function ResetPasswordPage({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <AdminLocaleProvider value={loaderData.adminLocale}>
      <ResetPasswordForm actionData={actionData} token={params.token} />
    </AdminLocaleProvider>
  );
}

function ResetPasswordForm({ actionData, token }: { actionData: ResetActionData | undefined; token: string }) {
  const at = useAt();
  const [searchParams] = useSearchParams();
  // The action answers in the page's language: a language chosen on the login page goes along.
  const chosen = searchParams.get("lang");
  const navigation = useNavigation();
  const path = `/reset-password/${token}`;
  const here = withChosenLang(path, chosen);
  const busy = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === path;
  const schema = useMemo(() => passwordResetSchema(at), [at]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<PasswordResetInput>(schema, { password: "", repeatPassword: "" });
  const fieldError = (name: keyof PasswordResetInput) => errors[name]?.message ?? actionData?.errors?.[name]?.[0];

  return (
    <div className="container-page flex justify-center py-12 sm:py-20">
      <div className="w-full max-w-[400px] rounded-2xl border border-sand-200 bg-white p-6 shadow-card sm:p-8">
        <h1 className="text-center text-2xl font-bold text-ink sm:text-3xl">{at("reset.setTitle")}</h1>
        {actionData?.linkInvalid ? (
          <>
            <ErrorAlert className="mt-6">{actionData.message}</ErrorAlert>
            <p className="mt-6 text-center">
              <Link to={withChosenLang("/forgot-password", chosen)} className="btn btn-primary">
                {at("reset.askAgain")}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="mt-2 text-center text-sm text-muted">{at("reset.setIntro")}</p>
            {actionData?.message ? <ErrorAlert className="mt-6">{actionData.message}</ErrorAlert> : null}
            <ValidatedForm action={here} intent="reset" handleSubmit={handleSubmit} className="mt-6 space-y-5">
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
              <button type="submit" disabled={busy} className="btn btn-primary w-full disabled:cursor-wait disabled:opacity-80">
                {busy ? <ButtonSpinner /> : null}
                {busy ? at("common.saving") : at("reset.save")}
              </button>
            </ValidatedForm>
          </>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to={withChosenLang("/login", chosen)} className="font-semibold text-clay hover:underline">
            {at("reset.backToLogin")}
          </Link>
        </p>
      </div>
    </div>
  );
}
