import { useState } from "react";
import { useForm } from "react-hook-form";
import { data, Form, Link, useNavigation, useSearchParams, useSubmit } from "react-router";
import type { Route } from "./+types/login";
import { ButtonSpinner, ErrorAlert, Notice } from "~/components/admin/Feedback";
import { IconEye, IconEyeOff } from "~/components/ui/icons";
import { FIELD_ERROR, INPUT, LABEL } from "~/components/admin/styles";
import { loginWithCms } from "~/lib/admin/auth.server";
import { resetByEmailOffered } from "~/lib/admin/password-reset.server";
import { useLocalizedResolver } from "~/components/admin/use-schema-form";
import { adminLocaleOf, adminTranslator, AdminLocaleProvider, loginLocale, type AdminLocale } from "~/lib/admin/messages";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import { fieldErrorsOf, loginSchema, type LoginInput } from "~/lib/admin/schemas";
import { createStaffSession, requireAnonymous, safeRedirect } from "~/lib/admin/session.server";

export function meta({ matches }: Route.MetaArgs) {
  const at = adminTranslator(adminLocaleOf(matches) ?? "en");
  return [{ title: at("login.metaTitle") }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  // Nobody is known yet: the page speaks the language switched to, or the browser's.
  // "Forgot your password?" only where the CMS can send the link (outgoing mail configured).
  return data(
    { adminLocale: loginLocale(request), resetByEmail: await resetByEmailOffered() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

interface LoginActionData {
  message?: string;
  errors?: Record<string, string[]>;
  email?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSameOrigin(request);
  await requireAnonymous(request);

  const form = await request.formData();
  const values = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const at = adminTranslator(loginLocale(request));
  const parsed = loginSchema.safeParse(values);
  if (!parsed.success) {
    return data<LoginActionData>({ errors: fieldErrorsOf(parsed.error, at), email: values.email }, { status: 400 });
  }
  const result = await loginWithCms(parsed.data, context.clientIp, at, request.signal);
  if (!result.ok) {
    return data<LoginActionData>({ message: result.message, errors: result.errors, email: values.email }, { status: result.status });
  }
  return createStaffSession(request, result.token, redirectTo, result.locale);
}

/** The login page's switch: the other language, named in that language, as switchers do. */
function LanguageSwitch({ locale, redirectTo }: { locale: AdminLocale; redirectTo: string | null }) {
  const other: AdminLocale = locale === "ne" ? "en" : "ne";
  const search = new URLSearchParams({ lang: other, ...(redirectTo ? { redirectTo } : {}) });
  return (
    <nav aria-label={adminTranslator(locale)("login.languageLabel")} className="flex justify-end">
      <Link
        to={`/login?${search}`}
        lang={other}
        hrefLang={other}
        className="inline-flex min-h-11 items-center font-semibold text-clay hover:underline"
      >
        {adminTranslator(locale)("login.switchLanguage")}
      </Link>
    </nav>
  );
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const locale = loaderData.adminLocale;
  const at = adminTranslator(locale);
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [showPassword, setShowPassword] = useState(false);
  // The action answers in the page's language: a language chosen with the switch goes along.
  const chosen = searchParams.get("lang");
  const formAction = chosen === locale ? `/login?lang=${locale}` : "/login";
  const busy = navigation.state !== "idle" && navigation.formAction?.split("?")[0] === "/login";
  const resolver = useLocalizedResolver<LoginInput>(loginSchema, at);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver,
    // Validated on submit, re-validated on change afterwards.
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { email: actionData?.email ?? "", password: "" },
  });

  const fieldError = (name: "email" | "password") => errors[name]?.message ?? actionData?.errors?.[name]?.[0];
  const emailError = fieldError("email");
  const passwordError = fieldError("password");

  return (
    <AdminLocaleProvider value={locale}>
      <div className="container-page flex justify-center py-12 sm:py-20">
        <div className="w-full max-w-[400px] rounded-2xl border border-sand-200 bg-white p-6 shadow-card sm:p-8">
          <LanguageSwitch locale={locale} redirectTo={searchParams.get("redirectTo")} />
          <h1 className="text-center text-2xl font-bold text-ink sm:text-3xl">{at("login.title")}</h1>
          <p className="mt-2 text-center text-sm text-muted">{at("login.intro")}</p>

          {searchParams.get("reset") === "done" && !actionData ? (
            <div className="mt-6">
              <Notice>{at("reset.done")}</Notice>
            </div>
          ) : null}
          {/* Spec: the authentication error in red above the form. */}
          <div className="mt-6">{actionData?.message ? <ErrorAlert>{actionData.message}</ErrorAlert> : null}</div>

          <Form
            method="post"
            action={formAction}
            noValidate
            className="mt-4 space-y-5"
            onSubmit={(event) => {
              const form = event.currentTarget;
              void handleSubmit(() => submit(form, { method: "post", action: formAction }))(event);
            }}
          >
            <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
            <div>
              <label htmlFor="login-email" className={LABEL}>
                {at("login.email")}
              </label>
              <input
                id="login-email"
                type="email"
                autoComplete="username"
                inputMode="email"
                defaultValue={actionData?.email ?? ""}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? "login-email-error" : undefined}
                className={`${INPUT} mt-1.5`}
                {...register("email")}
              />
              {emailError ? (
                <p id="login-email-error" className={FIELD_ERROR}>
                  {emailError}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor="login-password" className={LABEL}>
                {at("login.password")}
              </label>
              <div className="relative mt-1.5">
                <input
                  id="login-password"
                  type={showPassword ? "text" : "password"}
                  autoComplete="current-password"
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={passwordError ? "login-password-error" : undefined}
                  className={`${INPUT} pr-12`}
                  {...register("password")}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-pressed={showPassword}
                  aria-label={showPassword ? at("login.hidePassword") : at("login.showPassword")}
                  aria-controls="login-password"
                  className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-lg text-muted hover:text-ink"
                >
                  {showPassword ? <IconEyeOff /> : <IconEye />}
                </button>
              </div>
              {passwordError ? (
                <p id="login-password-error" className={FIELD_ERROR}>
                  {passwordError}
                </p>
              ) : null}
            </div>
            <button type="submit" disabled={busy} className="btn btn-primary w-full disabled:cursor-wait disabled:opacity-80">
              {busy ? <ButtonSpinner /> : null}
              {at("login.submit")}
              {busy ? <span className="sr-only"> {at("login.submitting")}</span> : null}
            </button>
          </Form>
          {loaderData.resetByEmail ? (
            <p className="mt-4 text-center text-sm">
              {/* The language chosen here goes along to the forgot-password page. */}
              <Link
                to={chosen === locale ? `/forgot-password?lang=${locale}` : "/forgot-password"}
                className="font-semibold text-clay hover:underline"
              >
                {at("login.forgotPassword")}
              </Link>
            </p>
          ) : null}
          <p className="mt-6 text-center text-sm">
            <Link to="/" className="font-semibold text-clay hover:underline">
              {at("login.backToSite")}
            </Link>
          </p>
        </div>
      </div>
    </AdminLocaleProvider>
  );
}
