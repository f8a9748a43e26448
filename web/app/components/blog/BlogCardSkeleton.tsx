/** The blog list shows 6 placeholders while loading. */
export const BLOG_PLACEHOLDERS = 6;

export function BlogCardSkeletons() {
  return (
    <ul aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="blog-placeholders">
      {Array.from({ length: BLOG_PLACEHOLDERS }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-2xl bg-white ring-1 ring-sand-200">
          <div className="aspect-[16/10] animate-pulse bg-sand" />
          <div className="space-y-3 p-5">
            <div className="h-3 w-1/3 animate-pulse rounded bg-sand" />
            <div className="h-5 w-4/5 animate-pulse rounded bg-sand" />
            <div className="h-3 w-full animate-pulse rounded bg-sand" />
            <div className="h-3 w-2/3 animate-pulse rounded bg-sand" />
          </div>
        </li>
      ))}
    </ul>
  );
}
