import { useId, useState } from "react";
import { Modal } from "~/components/ui/dialog/Modal";
import { IconClose, IconMail, IconPhone } from "~/components/ui/icons";
import type { SiteSettings } from "~/lib/content/types";
import { useLocale, useLocalizePath, useT } from "~/lib/i18n";
import { WaysToGive } from "./WaysToGive";
import { DONATION_PRESETS_NPR, donationMailto, formatNpr, PAYMENT_OPTIONS } from "./donation";

interface DonationModalProps {
  open: boolean;
  onClose: () => void;
  site: SiteSettings | null;
}

/**
 * The spec's donation modal, made honest: it takes no payment and submits nothing. The
 * visitor picks an amount and a way to give, and gets a pre-filled e-mail or a phone
 * number to complete it with the home's staff.
 */
export function DonationModal({ open, onClose, site }: DonationModalProps) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const href = useLocalizePath();
  const [amount, setAmount] = useState<number>(DONATION_PRESETS_NPR[0]);
  const [method, setMethod] = useState(PAYMENT_OPTIONS[0]!.id);
  const methodLabel = t(PAYMENT_OPTIONS.find((m) => m.id === method)!.label);
  const amountText = formatNpr(amount, locale);

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} panelClassName="max-w-lg">
      <div className="p-6 sm:p-8" data-testid="donation-modal">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl font-bold text-clay-dark">
            {t("donate.title")}
          </h2>
          <button
            type="button"
            onClick={onClose}
            data-dialog-close=""
            className="-m-2 grid size-10 shrink-0 place-items-center rounded-full text-muted hover:bg-sand"
          >
            <IconClose />
            <span className="sr-only">{t("donate.close")}</span>
          </button>
        </div>
        <p className="mt-3 text-muted">{t("donate.intro")}</p>

        {site ? (
          <section className="mt-6" aria-labelledby={`${titleId}-ways`}>
            <h3 id={`${titleId}-ways`} className="font-semibold">
              {t("donate.waysTitle")}
            </h3>
            <WaysToGive ways={site.giving} />
          </section>
        ) : null}

        <fieldset className="mt-6">
          <legend className="font-semibold">{t("donate.amountLegend")}</legend>
          <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {DONATION_PRESETS_NPR.map((preset) => (
              <label
                key={preset}
                className="flex cursor-pointer items-center justify-center rounded-xl border border-sand-200 px-3 py-2.5 font-semibold has-[:checked]:border-clay has-[:checked]:bg-saffron-light has-[:checked]:text-clay-dark has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-saffron"
              >
                <input
                  type="radio"
                  name="donation-amount"
                  value={preset}
                  checked={amount === preset}
                  onChange={() => setAmount(preset)}
                  data-amount-text={formatNpr(preset, locale)}
                  className="sr-only"
                />
                {t("donate.amount", { amount: formatNpr(preset, locale) })}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="mt-6">
          <legend className="font-semibold">{t("donate.methodLegend")}</legend>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {PAYMENT_OPTIONS.map((option) => (
              <label
                key={option.id}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-sand-200 px-3 py-2.5 has-[:checked]:border-clay has-[:checked]:bg-saffron-light"
              >
                <input
                  type="radio"
                  name="donation-method"
                  value={option.id}
                  checked={method === option.id}
                  onChange={() => setMethod(option.id)}
                  data-method-label={t(option.label)}
                  className="size-4 accent-clay"
                />
                {t(option.label)}
              </label>
            ))}
          </div>
        </fieldset>

        <p className="mt-6 font-medium">{t("donate.howTo")}</p>
        {site ? (
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <a
              className="btn btn-primary"
              href={donationMailto(
                site.email,
                t("donate.mailSubject", { amount: amountText }),
                t("donate.mailBody", { amount: amountText, method: methodLabel }),
              )}
              data-testid="donate-mailto"
              // Without React (public pages) ./enhance.ts refills the link from these.
              data-mail-email={site.email}
              data-mail-subject={t("donate.mailSubject")}
              data-mail-body={t("donate.mailBody")}
            >
              <IconMail size={18} />
              {t("donate.emailUs")}
            </a>
            <a className="btn btn-ghost whitespace-nowrap" href={site.phoneHref}>
              <IconPhone size={18} />
              {t("donate.callUs", { phone: site.phone })}
            </a>
          </div>
        ) : null}
        <p className="mt-4 text-sm text-muted">{t("donate.noPayment")}</p>
        <p className="mt-3">
          <a href={href("/donate")} className="font-semibold text-clay underline-offset-4 hover:underline">
            {t("donate.allWays")}
          </a>
        </p>
      </div>
    </Modal>
  );
}
