import { Breadcrumb as DsfrBreadcrumb } from "@codegouvfr/react-dsfr/Breadcrumb";
import { useMatches } from "@remix-run/react";
import { breadcrumbSegments, type BreadcrumbMatch } from "./breadcrumb-segments";

export type { BreadcrumbHandle, BreadcrumbSegment } from "./breadcrumb-segments";
export { BREADCRUMB_DATA_KEY, breadcrumbSegments } from "./breadcrumb-segments";

/**
 * DSFR breadcrumb of the current page (spec §2 "Breadcrumb"): "Accueil"
 * first, then one entry per matched route with a label
 * (`handle.breadcrumb`, overridable by loader data `breadcrumb`); the last
 * entry is the current page (not a link, `aria-current="page"`). Renders
 * nothing on the home page or when no route has a label. Without
 * JavaScript the list is shown expanded (app/styles/portail.css).
 */
export function Breadcrumb() {
  const segments = breadcrumbSegments(useMatches() as BreadcrumbMatch[]);
  const current = segments[segments.length - 1];
  if (!current) return null;
  return (
    <DsfrBreadcrumb
      homeLinkProps={{ to: "/" }}
      segments={segments.slice(0, -1).map((segment) => ({
        label: segment.label,
        linkProps: { to: segment.href },
      }))}
      currentPageLabel={current.label}
    />
  );
}
