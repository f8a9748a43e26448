import { data, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/forgot-password";
import { ButtonSpinner, ErrorAlert, Notice } from "~/components/admin/Feedback";
import { FormField } from "~/components/admin/FormField";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { ValidatedForm } from "~/components/admin/ValidatedForm";
import { forgotPasswordSchema, type ForgotPasswordInput } from "~/lib/admin/account-schemas";
import { adminLocaleOf, adminTranslator, AdminLocaleProvider, loginLocale, useAt, withChosenLang } from "~/lib/admin/messages";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import { requestResetLink, resetByEmailOffered } from "~/lib/admin/password-reset.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/admin/schemas";
import { requireAnonymous } from "~/lib/admin/session.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";

export function meta({ matches }: Route.MetaArgs) {
  const at = adminTranslator(adminLocaleOf(matches) ?? "en");
  return [{ title: at("reset.requestMetaTitle") }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return NO_STORE_HEADERS;
}

/** Only where the CMS can send mail; otherwise back to the login page, which offers no link. */
async function requireResetByEmail(request: Request) {
  await requireAnonymous(request);
  if (!(await resetByEmailOffered())) {
    throw redirect(withChosenLang("/login", new URL(request.url).searchParams.get("lang")), { headers: NO_STORE_HEADERS });
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireResetByEmail(request);
  // Nobody is known yet: the page speaks the language chosen on the login page, or the browser's.
  return data({ adminLocale: loginLocale(request) }, { headers: NO_STORE_HEADERS });
}

interface ForgotActionData {
  /** The CMS's answer, the same for every address. */
  sent?: string;
  message?: string;
  errors?: FieldErrors;
  email?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSameOrigin(request);
  await requireResetByEmail(request);
  const at = adminTranslator(loginLocale(request));
  const form = await request.formData();
  const values = { email: String(form.get("email") ?? "") };
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success) {
    return data<ForgotActionData>(
      { errors: fieldErrorsOf(parsed.error, at), email: values.email },
      { status: 400, headers: NO_STORE_HEADERS },
    );
  }
  const result = await requestResetLink(parsed.data.email, context.clientIp, at);
  if (!result.ok) {
    return data<ForgotActionData>(
      { message: result.message, errors: result.errors, email: values.email },
      { status: result.status, headers: NO_STORE_HEADERS },
    );
  }
  return data<ForgotActionData>({ sent: result.value }, { headers: NO_STORE_HEADERS });
}

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminLocaleProvider value={loaderData.adminLocale}>
      <ForgotPasswordForm actionData={actionData} />
    </AdminLocaleProvider>
  );
}

function ForgotPasswordForm({ actionData }: { actionData: ForgotActionData | undefined }) {
  const at = useAt();
  const [searchParams] = useSearchParams();
  // The action answers in the page's language: a language chosen on the login page goes along.
  const chosen = searchParams.get("lang");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === "/forgot-password";
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<ForgotPasswordInput>(forgotPasswordSchema, { email: actionData?.email ?? "" });
  const emailError = errors.email?.message ?? actionData?.errors?.email?.[0];

  return (
    <div className="container-page flex justify-center py-12 sm:py-20">
      <div className="w-full max-w-[400px] rounded-2xl border border-sand-200 bg-white p-6 shadow-card sm:p-8">
        <h1 className="text-center text-2xl font-bold text-ink sm:text-3xl">{at("reset.requestTitle")}</h1>
        {actionData?.sent ? (
          <div className="mt-6">
            <Notice>
              <p>{actionData.sent}</p>
              <p className="mt-2 font-normal text-ink">{at("reset.checkMail")}</p>
            </Notice>
          </div>
        ) : (
          <>
            <p className="mt-2 text-center text-sm text-muted">{at("reset.requestIntro")}</p>
            {actionData?.message ? <ErrorAlert className="mt-6">{actionData.message}</ErrorAlert> : null}
            <ValidatedForm
              action={withChosenLang("/forgot-password", chosen)}
              intent="request"
              handleSubmit={handleSubmit}
              className="mt-6 space-y-5"
            >
              <FormField
                id="reset-email"
                label={at("reset.email")}
                type="email"
                autoComplete="username"
                error={emailError}
                registration={register("email")}
                defaultValue={actionData?.email ?? ""}
              />
              <button type="submit" disabled={busy} className="btn btn-primary w-full disabled:cursor-wait disabled:opacity-80">
                {busy ? <ButtonSpinner /> : null}
                {busy ? at("reset.sending") : at("reset.send")}
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
