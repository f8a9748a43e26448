import { useEffect, useEffectEvent, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], iframe, [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** id of the element naming the dialog (its heading). */
  labelledBy: string;
  children: React.ReactNode;
  /** Extra classes for the dialog panel (width, padding). */
  panelClassName?: string;
}

/**
 * An accessible modal dialog: focus moves in and is trapped (Tab and Shift+Tab cycle
 * inside), Escape and the backdrop close it, focus returns to where it was, and the page
 * behind does not scroll. It renders in place (no portal), so a server-rendered open
 * dialog (gallery image links without JavaScript) is the same markup.
 */
export function Modal({ open, onClose, labelledBy, children, panelClassName = "" }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  // Read the latest onClose from the key handler without re-running the effect.
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (!panel) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const focusables = () => Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
    const initial = panel.querySelector<HTMLElement>("[data-autofocus]") ?? focusables()[0] ?? panel;
    initial.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusables();
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = overflow;
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus({ preventScroll: true });
    };
  }, [open]);

  if (!open) return null;
  // data-dialog*: the same markup is driven by app/enhance/dialog.ts on pages without React.
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-3 sm:p-6" data-dialog="">
      <div aria-hidden="true" className="absolute inset-0 bg-night/75 backdrop-blur-[2px]" onClick={onClose} data-dialog-backdrop="" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={`relative max-h-full w-full overflow-y-auto rounded-2xl bg-white shadow-2xl outline-none ${panelClassName}`}
      >
        {children}
      </div>
    </div>
  );
}
