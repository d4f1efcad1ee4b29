import { Pagination } from "@codegouvfr/react-dsfr/Pagination";
import type { Accompagnateur, ResultatAnnuaire } from "#contract/schemas/annuaire";
import { MESSAGES_ANNUAIRE } from "#contract/schemas/annuaire";
import { t } from "~/i18n";

/** France Rénov' advisers, where a household goes when nobody is referenced near it. */
const FRANCE_RENOV_URL = "https://france-renov.gouv.fr/preparer-projet/trouver-conseiller";

/** "01 23 45 67 89" → "tel:+33123456789"; other numbers without spaces. */
function lienTelephone(tel: string): string {
  const chiffres = tel.replace(/[^\d+]/g, "");
  return `tel:${chiffres.startsWith("0") ? `+33${chiffres.slice(1)}` : chiffres}`;
}

/** A website as typed by the operator, with a scheme so that the link leads somewhere. */
function lienSite(site: string): string {
  return /^https?:\/\//i.test(site) ? site : `https://${site}`;
}

/** One establishment: its name, approval number, address and the ways to reach it. */
function CarteAccompagnateur({ accompagnateur: a }: { accompagnateur: Accompagnateur }) {
  const nouvelleFenetre = t("footer.nouvelleFenetre");
  return (
    <li className="fr-col-12 fr-col-md-6">
      <article className="fr-card fr-card--no-arrow fr-card--sm">
        <div className="fr-card__body">
          <div className="fr-card__content">
            <h3 className="fr-card__title">{a.nom}</h3>
            <div className="fr-card__desc">
              {a.raisonSociale !== a.nom ? <p className="fr-mb-1w">{a.raisonSociale}</p> : null}
              <address className="fr-mb-1w">
                {a.adresse1}
                {a.adresse2 ? (
                  <>
                    <br />
                    {a.adresse2}
                  </>
                ) : null}
                <br />
                {a.codePostal} {a.ville}
              </address>
              <ul className="fr-raw-list">
                {a.tel ? (
                  <li>
                    Téléphone : <a href={lienTelephone(a.tel)}>{a.tel}</a>
                  </li>
                ) : null}
                {a.email ? (
                  <li>
                    Courriel : <a href={`mailto:${a.email}`}>{a.email}</a>
                  </li>
                ) : null}
                {a.siteInternet ? (
                  <li>
                    Site internet :{" "}
                    <a
                      href={lienSite(a.siteInternet)}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={`${a.siteInternet} - ${nouvelleFenetre}`}
                    >
                      {a.siteInternet}
                    </a>
                  </li>
                ) : null}
              </ul>
            </div>
            <div className="fr-card__start">
              <p className="fr-card__detail">Agrément n° {a.numeroAgrement}</p>
            </div>
          </div>
        </div>
      </article>
    </li>
  );
}

/**
 * The establishments serving the chosen commune: a
 * heading with their number, one card each, the pages (20 a page) and the
 * CSV of the whole list (open data); when there are none, the empty state
 * with where else to turn. `lienPage(n)` is the URL of page `n`;
 * `lienCsv` the CSV's.
 */
export function ResultatsAnnuaire({
  resultat,
  lienPage,
  lienCsv,
}: {
  resultat: ResultatAnnuaire;
  lienPage: (page: number) => string;
  lienCsv: string;
}) {
  const { commune, total } = resultat;
  const lieu = `${commune.nom} (${commune.codeDepartement})`;
  const nbPages = Math.ceil(total / resultat.parPage);
  if (total === 0)
    return (
      <section aria-labelledby="resultats-titre" className="fr-mt-4w">
        <h2 id="resultats-titre">Accompagnateurs à {lieu}</h2>
        <div className="fr-alert fr-alert--info">
          <h3 className="fr-alert__title">Aucun accompagnateur trouvé</h3>
          <p>{MESSAGES_ANNUAIRE.aucunResultat}</p>
          <p>
            Un conseiller France Rénov' peut vous orienter gratuitement :{" "}
            <a
              href={FRANCE_RENOV_URL}
              target="_blank"
              rel="noopener noreferrer"
              title={`trouver un conseiller France Rénov' - ${t("footer.nouvelleFenetre")}`}
            >
              trouver un conseiller France Rénov'
            </a>
            .
          </p>
        </div>
      </section>
    );
  return (
    <section aria-labelledby="resultats-titre" className="fr-mt-4w">
      <h2 id="resultats-titre">
        {total === 1
          ? `1 accompagnateur intervient à ${lieu}`
          : `${total} accompagnateurs interviennent à ${lieu}`}
      </h2>
      <p>
        <a className="fr-link fr-link--download" href={lienCsv} download>
          Télécharger la liste <span className="fr-link__detail">CSV – données ouvertes</span>
        </a>
      </p>
      <ul className="fr-grid-row fr-grid-row--gutters fr-raw-list">
        {resultat.etablissements.map((accompagnateur) => (
          <CarteAccompagnateur key={accompagnateur.id} accompagnateur={accompagnateur} />
        ))}
      </ul>
      {nbPages > 1 ? (
        <Pagination
          className="fr-mt-3w"
          count={nbPages}
          defaultPage={resultat.page}
          getPageLinkProps={(page) => ({ to: lienPage(page) })}
          showFirstLast
        />
      ) : null}
    </section>
  );
}
