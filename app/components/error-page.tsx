import { t } from "~/i18n";

/** Which page of spec §8 "Page titles" to show. */
export type ErrorKind = 401 | 403 | 404 | 500 | "autre";

/** The page kind for an HTTP status: 401, 403, 404, ≥ 500, anything else. */
export function errorKindOf(status: number): ErrorKind {
  if (status === 401 || status === 403 || status === 404) return status;
  if (status >= 500) return 500;
  return "autre";
}

/** The French title of an error page (spec §8), e.g. "Page non trouvée" for 404. */
export function errorTitle(kind: ErrorKind): string {
  return t(`erreur.${kind}.titre`);
}

/**
 * DSFR error page (spec §2 "Layout", §8): title, status, subtitle,
 * description (the kind's, unless `description` is given), a button back to
 * the home page and a contact link to the national team's mailbox. Never
 * shows technical details.
 */
export function ErrorPage({
  kind,
  status,
  description,
}: {
  kind: ErrorKind;
  status: number;
  /** What to say instead of the kind's description (e.g. a 405). */
  description?: string;
}) {
  const contact = t("application.contact");
  return (
    <div className="fr-container">
      <div className="fr-my-7w fr-mt-md-12w fr-mb-md-10w fr-grid-row fr-grid-row--gutters fr-grid-row--middle fr-grid-row--center">
        <div className="fr-py-0 fr-col-12 fr-col-md-6">
          <h1>{errorTitle(kind)}</h1>
          <p className="fr-text--sm fr-mb-3w">{t("erreur.codeErreur", { status })}</p>
          <p className="fr-text--lead fr-mb-3w">{t(`erreur.${kind}.sousTitre`)}</p>
          <p className="fr-text--sm fr-mb-5w">{description ?? t(`erreur.${kind}.description`)}</p>
          <ul className="fr-btns-group fr-btns-group--inline-md">
            <li>
              <a className="fr-btn" href="/">
                {t("erreur.retourAccueil")}
              </a>
            </li>
            <li>
              <a className="fr-btn fr-btn--secondary" href={`mailto:${contact}`}>
                {t("erreur.contacter")}
              </a>
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}
