import { useRef } from "react";
import { useFocusTrap } from "./use-focus-trap";

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
  // A dialog's content is always shown.
  useFocusTrap(panelRef, open, onClose, { visibleOnly: false });

  if (!open) return null;
  // data-dialog*: the same markup is driven by ./enhance.ts on pages without React.
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
