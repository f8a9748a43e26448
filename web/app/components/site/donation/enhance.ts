import { donationMailto } from "./donation";
import { activateDialog } from "~/components/ui/dialog/enhance";
import { cloneTemplate, isPlainClick } from "~/enhance/dom";

/**
 * Donate links ([data-donate], real links to /donate) open the donation dialog from
 * <template data-donate-dialog> instead (DonationModal.tsx beside it). The dialog keeps the
 * visitor's choice between openings and refills the pre-written e-mail as it changes.
 */
/** `{name}` placeholders, as lib/i18n's format (imported from there it would bring React along). */
function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

export function initDonate(doc: Document): void {
  const template = doc.querySelector<HTMLTemplateElement>("template[data-donate-dialog]");
  if (!template) return;
  let dialog: HTMLElement | null = null;
  let dispose: (() => void) | null = null;

  const refillMail = () => {
    const link = dialog?.querySelector<HTMLAnchorElement>("a[data-mail-email]");
    const amount = dialog?.querySelector<HTMLInputElement>("input[data-amount-text]:checked");
    const method = dialog?.querySelector<HTMLInputElement>("input[data-method-label]:checked");
    if (!link || !amount || !method) return;
    const amountText = amount.dataset.amountText ?? "";
    link.href = donationMailto(
      link.dataset.mailEmail ?? "",
      fill(link.dataset.mailSubject ?? "", { amount: amountText }),
      fill(link.dataset.mailBody ?? "", { amount: amountText, method: method.dataset.methodLabel ?? "" }),
    );
  };

  const close = () => {
    dispose?.();
    dispose = null;
  };
  const open = (opener: HTMLElement) => {
    if (dispose) return;
    if (!dialog) {
      dialog = cloneTemplate(template);
      if (!dialog) return;
      dialog.addEventListener("change", refillMail);
    }
    doc.body.append(dialog);
    dispose = activateDialog(dialog, { onRequestClose: close, returnFocus: opener });
  };

  doc.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest<HTMLElement>("[data-donate]");
    if (!link || !isPlainClick(event)) return;
    event.preventDefault();
    open(link);
  });
}
