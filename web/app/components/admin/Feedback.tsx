import { IconAlert, IconCheck } from "~/components/ui/icons";

/** An error in red, announced at once (role="alert"). */
/** Why a save failed, and what to do about it (when it is not plain from the message). */
export interface SaveFailure {
  message: string;
  advice?: string;
}

/** A failed save, said beside the form's Save button: what happened, then what to do. */
export function SaveFailureAlert({ failure, children }: { failure: SaveFailure; children?: React.ReactNode }) {
  return (
    <ErrorAlert>
      <p className="font-semibold">{failure.message}</p>
      {failure.advice ? <p className="mt-1">{failure.advice}</p> : null}
      {children}
    </ErrorAlert>
  );
}

export function ErrorAlert({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return (
    <div role="alert" className={`flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-800 ${className}`}>
      <IconAlert className="mt-0.5 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** A calm confirmation ("Team member added."), announced politely. */
export function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border border-sage/30 bg-sage-light px-4 py-3 text-sage">
      <IconCheck className="mt-0.5 shrink-0" />
      <div className="min-w-0 font-medium">{children}</div>
    </div>
  );
}

/** Spinner with its text ('Loading images...'). */
export function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16 text-muted">
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-sand-200 border-t-clay" />
      <span>{label}</span>
    </div>
  );
}

/** The empty state of a list ('No images found.') with what to do next. */
export function EmptyState({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-sand-200 bg-white px-6 py-14 text-center">
      <p className="text-lg text-muted">{text}</p>
      {children}
    </div>
  );
}

export function ButtonSpinner() {
  return <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />;
}
