/** The coloured band at the top of inner pages, holding the page's h1. */
export function PageBanner({
  title,
  intro,
  lang,
  children,
}: {
  title: string;
  intro?: string;
  /** "en" when title and intro are English text on a Nepali page (ADR 005 fallback). */
  lang?: "en";
  children?: React.ReactNode;
}) {
  return (
    <div className="relative overflow-hidden bg-linear-to-br from-clay-dark via-clay to-[#b8612c] text-white on-dark">
      <svg
        aria-hidden="true"
        className="absolute -right-16 -bottom-24 h-72 w-[36rem] text-white/10"
        viewBox="0 0 600 300"
        fill="currentColor"
      >
        <path d="M0 300 140 140l70 60 120-150 110 110 60-50 100 190z" />
      </svg>
      <div className="container-page relative py-12 sm:py-16" lang={lang}>
        <h1 className="text-3xl font-bold tracking-wide sm:text-4xl lg:text-5xl">{title}</h1>
        {intro ? <p className="mt-3 max-w-2xl text-lg text-white/90">{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}
