import type { BandeauInformatif } from "#contract/schemas/reference";
import type { TypeDossier } from "#contract/etats";

/** Title of a banner saved without one. */
const TITRE_PAR_DEFAUT = "Information";

/**
 * Address prefixes of the applicant's request pages (spec §2: the request
 * form, its summary and completeness pages), which show the `info`
 * banners of their file type (spec §3 Information banner `demandeType`).
 */
const PAGES_DE_DEMANDE: readonly { prefixe: string; type: TypeDossier }[] = [
  { prefixe: "/demande/formulaire", type: "demande" },
  { prefixe: "/demande/demande/recapitulatif/", type: "demande" },
  { prefixe: "/demande/demande/completude/", type: "demande" },
];

/**
 * The file type whose `info` banners the page at `pathname` shows, or null
 * for any other page (the applicant's home shows its own).
 */
export function typeDemandeDeLaPage(pathname: string): TypeDossier | null {
  return PAGES_DE_DEMANDE.find(({ prefixe }) => pathname.startsWith(prefixe))?.type ?? null;
}

/**
 * The `general` banners under the header of every page of a signed-in
 * user (spec §2 Layout "general information banner"): one DSFR notice
 * each, title then message, plain HTML (no script needed). A `<div>`, not
 * a landmark: screen readers read it in the page order, before the content.
 */
export function BandeauxGeneraux({ bandeaux }: { bandeaux: readonly BandeauInformatif[] }) {
  if (!bandeaux.length) return null;
  return (
    <div>
      {bandeaux.map((bandeau) => (
        <div key={bandeau.id} className="fr-notice fr-notice--info">
          <div className="fr-container">
            <div className="fr-notice__body">
              <p>
                <span className="fr-notice__title">{bandeau.titre ?? TITRE_PAR_DEFAUT}</span>{" "}
                <span className="fr-notice__desc">{bandeau.message}</span>
              </p>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The `info` banners of a request page (spec §3 Information banner of a
 * `demandeType`), above the page's title: a DSFR information alert each,
 * whose message (several lines: the applicant's home shows it in full)
 * opens from its title, a native disclosure that needs no script, so that
 * the page's `<h1>` stays on the first screen of a phone.
 */
export function BandeauxDemande({ bandeaux }: { bandeaux: readonly BandeauInformatif[] }) {
  if (!bandeaux.length) return null;
  return (
    <div className="fr-container fr-mt-3w">
      {bandeaux.map((bandeau) => (
        <div key={bandeau.id} className="fr-alert fr-alert--info fr-mb-1w">
          <details>
            <summary>
              <strong>{bandeau.titre ?? TITRE_PAR_DEFAUT}</strong>
            </summary>
            <p className="fr-mt-1w">{bandeau.message}</p>
          </details>
        </div>
      ))}
    </div>
  );
}
