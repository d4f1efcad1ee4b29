import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Button } from "@codegouvfr/react-dsfr/Button";
import type { StatutSimplifie } from "#contract/statuts";
import { CarteDossier } from "~/components/dossier/carte-dossier";
import type { AccueilDemandeur } from "~/components/home/applicant-home.server";

/**
 * Applicant without an approval (spec §2 "Home for applicants"): banners,
 * one card per request, "Aucune demande en cours" when there is none, and
 * the new-request button only when the API allows it (else its reason);
 * after a withdrawn approval, the cards of its change requests (spec §4).
 */
export function ApplicantHome({
  bandeaux,
  demandes,
  peutCreer,
  etapes,
  commentaires,
  changements,
}: Omit<Extract<AccueilDemandeur, { kind: "demandeur" }>, "kind">) {
  return (
    <>
      {/* The general banners are the layout's, under the header: only this page's info ones here. */}
      {bandeaux
        .filter((bandeau) => bandeau.type !== "general")
        .map((bandeau) => (
          <Alert
            key={bandeau.id}
            className="fr-mb-3w"
            severity="info"
            title={bandeau.titre ?? "Information"}
            description={bandeau.message}
            small={!bandeau.titre}
          />
        ))}
      <h2 className="fr-h4">Mes demandes d'agrément</h2>
      {demandes.length === 0 ? <p>Aucune demande en cours</p> : null}
      {demandes.map((demande) => (
        <CarteDossier
          key={demande.id}
          type="demande"
          demande={demande}
          etapeFormulaire={etapes[demande.id]}
          commentaireEdition={commentaires[demande.id] ?? null}
        />
      ))}
      {peutCreer?.can ? (
        <Button linkProps={{ to: "/demande/formulaire" }} iconId="fr-icon-add-line">
          Déposer une demande d'agrément
        </Button>
      ) : peutCreer?.raison && !demandes.some(estActive) ? (
        <p className="fr-text--sm">{peutCreer.raison}</p>
      ) : null}
      {changements.length ? (
        <>
          <h2 className="fr-h4 fr-mt-6w">Mes demandes de changement notable</h2>
          {changements.map((changement) => (
            <CarteDossier key={changement.id} type="changement-notable" demande={changement} />
          ))}
        </>
      ) : null}
    </>
  );
}

/** Whether a request is still under way: its card already tells why no new one can start. */
function estActive(demande: { statutSimplifie: StatutSimplifie }): boolean {
  return ["brouillon", "in_progress", "incomplete"].includes(demande.statutSimplifie);
}
