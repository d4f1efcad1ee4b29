/** Route params as Remix gives them to loaders and handles. */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/**
 * `handle` of a route module that appears in the breadcrumb (spec §2
 * "Breadcrumb"): a fixed label, or a function of the route's loader data and
 * params (for parameterised segments such as a file number). A missing
 * label, or a function returning null, skips the segment.
 */
export interface BreadcrumbHandle {
  breadcrumb?: string | null | ((data: unknown, params: RouteParams) => string | null | undefined);
}

/** The part of a Remix `useMatches()` entry the breadcrumb reads. */
export interface BreadcrumbMatch {
  id: string;
  pathname: string;
  params: RouteParams;
  data: unknown;
  handle: unknown;
}

/** One breadcrumb entry after "Accueil". */
export interface BreadcrumbSegment {
  label: string;
  href: string;
}

/**
 * Loader data key with which a screen overrides its route's label, e.g.
 * `return { breadcrumb: demande.numeroDossier, … }`.
 */
export const BREADCRUMB_DATA_KEY = "breadcrumb";

/**
 * Loader data key with which a screen outside its list's URL names the
 * pages above it (Accueil › Tous les dossiers › Dossier
 * n° …, never skipping the list), e.g. `breadcrumbParents: [{ label: "Tous
 * les dossiers", href: "/tous-les-dossiers/demande" }]`. They come just
 * before the route's own entry, unless an earlier route already put them.
 */
export const BREADCRUMB_PARENTS_KEY = "breadcrumbParents";

/**
 * The breadcrumb entries after "Accueil", one per matched route that has a
 * label, in matching order; the last one is the current page. The label is
 * the screen's override (loader data `breadcrumb`, a non-empty string) or
 * else the route's `handle.breadcrumb`. Routes at "/" are skipped (Accueil
 * is always the first entry), so the home page gets no breadcrumb at all.
 */
export function breadcrumbSegments(matches: readonly BreadcrumbMatch[]): BreadcrumbSegment[] {
  const segments: BreadcrumbSegment[] = [];
  for (const match of matches) {
    if (normalisePath(match.pathname) === "/") continue;
    const label = labelOf(match);
    if (!label) continue;
    const href = normalisePath(match.pathname);
    // A pathless layout and its index route share a pathname: keep the deepest label.
    const previous = segments[segments.length - 1];
    if (previous && previous.href === href) segments.pop();
    for (const parent of parentsOf(match))
      if (!segments.some((segment) => segment.href === parent.href)) segments.push(parent);
    segments.push({ label, href });
  }
  return segments;
}

function parentsOf(match: BreadcrumbMatch): BreadcrumbSegment[] {
  const data = match.data;
  if (data === null || typeof data !== "object" || !(BREADCRUMB_PARENTS_KEY in data)) return [];
  const parents = (data as Record<string, unknown>)[BREADCRUMB_PARENTS_KEY];
  return Array.isArray(parents)
    ? parents.filter(
        (parent): parent is BreadcrumbSegment =>
          typeof parent?.label === "string" && typeof parent?.href === "string",
      )
    : [];
}

function labelOf(match: BreadcrumbMatch): string | null {
  const data = match.data;
  if (data !== null && typeof data === "object" && BREADCRUMB_DATA_KEY in data) {
    const override = (data as Record<string, unknown>)[BREADCRUMB_DATA_KEY];
    if (typeof override === "string" && override.trim()) return override.trim();
  }
  const handle = match.handle as BreadcrumbHandle | null | undefined;
  const breadcrumb = handle?.breadcrumb;
  const label = typeof breadcrumb === "function" ? breadcrumb(data, match.params) : breadcrumb;
  return typeof label === "string" && label.trim() ? label.trim() : null;
}

function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}
