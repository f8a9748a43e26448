export function Spinner({ label, className = "" }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex flex-col items-center gap-3 py-16 text-muted ${className}`}>
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-sand-200 border-t-clay" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
