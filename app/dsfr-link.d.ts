import type { Link } from "@remix-run/react";

// Lets react-dsfr components take Remix `linkProps={{ to }}` (setLink in both entries).
declare module "@codegouvfr/react-dsfr/link" {
  interface RegisterLink {
    Link: typeof Link;
  }
}
