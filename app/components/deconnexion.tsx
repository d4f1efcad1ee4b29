import { t } from "~/i18n";

/** Where the sign-out form posts (spec §2 `/account/logout`). */
export const DECONNEXION_PATH = "/account/logout";

/**
 * The sign-out button: a real `<form method="post">` to
 * `/account/logout`, so that signing out takes a click of the user on a
 * page of the portal (the server checks the form's origin) and works
 * without JavaScript; a GET of the address, as an image on another site
 * could send, only shows the page with this button. A plain `<form>`, not
 * Remix's: the answer leaves for the identity provider, a full page load.
 * `className` styles the button (DSFR header tool link, secondary button…).
 */
export function BoutonDeconnexion({ className }: { className: string }) {
  return (
    <form method="post" action={DECONNEXION_PATH}>
      <button type="submit" className={className}>
        {t("header.seDeconnecter")}
      </button>
    </form>
  );
}
