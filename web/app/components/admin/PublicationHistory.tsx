import { useAt } from "~/lib/admin/messages";
import { PUBLICATION_ACTION_LABELS, type PublicationEvent } from "~/lib/admin/review";
import { formatDateTime } from "./Page";

/** Who submitted, approved, published and unpublished an entry, and withdrew a photo's consent in it, and when, newest first (for Managers); null: it could not be read. */
export function PublicationHistory({ events }: { events: PublicationEvent[] | null }) {
  const at = useAt();
  return (
    <section aria-labelledby="publication-history" className="mt-6 rounded-2xl border border-sand-200 bg-white p-6 shadow-card">
      <h2 id="publication-history" className="font-sans text-lg font-semibold text-ink">
        {at("blogs.history")}
      </h2>
      {events === null ? (
        <p className="mt-2 text-ink">{at("blogs.historyFailed")}</p>
      ) : events.length === 0 ? (
        <p className="mt-2 text-muted">{at("blogs.historyEmpty")}</p>
      ) : (
        <ol className="mt-2 space-y-1" data-testid="publication-history">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`} className="text-ink">
              {at(PUBLICATION_ACTION_LABELS[event.action], { name: event.by || "?", photo: event.photo ?? "?" })}
              <span className="ml-2 text-sm text-muted">{formatDateTime(event.at, at.locale)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
