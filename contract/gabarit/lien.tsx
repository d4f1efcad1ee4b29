import type { ComponentType, ReactNode } from "react";

/** What the header and footer give a link: a page of the portal or an external address. */
export interface ProprietesLien {
  href: string;
  className?: string;
  title?: string;
  id?: string;
  target?: string;
  rel?: string;
  children: ReactNode;
}

/**
 * How the shared header and footer render a link: the Remix pages pass
 * their router's `<Link>` (client-side navigation), the identity provider's
 * pages, rendered once on the server, a plain `<a>` ({@link LienSimple}).
 */
export type ComposantLien = ComponentType<ProprietesLien>;

/** A plain `<a href>`: a full page load, with or without JavaScript. */
export function LienSimple({ href, children, ...autres }: ProprietesLien) {
  return (
    <a href={href} {...autres}>
      {children}
    </a>
  );
}
