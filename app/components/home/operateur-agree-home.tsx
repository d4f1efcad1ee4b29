import { Tile } from "@codegouvfr/react-dsfr/Tile";
import { BADGES_AGREMENT } from "~/components/agrement/agrement";
import { TUILES_OPERATEUR } from "~/components/agrement/tuiles-operateur";
import {
  TUILE_MES_CHANGEMENTS,
  TuilesChangementIncomplet,
} from "~/components/changement-notable/accueil";
import { CarteDossier } from "~/components/dossier/carte-dossier";
import type { AccueilDemandeur } from "~/components/home/applicant-home.server";
import { TuileRapportAnnuel } from "~/components/home/rapport-annuel";
import {
  InvitationReferencement,
  TUILE_ETABLISSEMENTS,
  TuileAReferencer,
} from "~/components/home/referencement";
import { dateFr } from "~/utils/dates";

/**
 * Applicant holding an approval (en_cours or suspendu; spec §2 "Home for
 * applicants", approved version): the approval's number and validity, the
 * cards of requests whose decision is still to be consulted (so that
 * VISUALISER_RESULTAT stays reachable); while the company has no
 * establishment, the reference-establishments prompt (approval en_cours
 * only: a suspended one may not reference) and the 'À référencer' tile;
 * and the quick-access tiles ({@link TUILES_OPERATEUR}: only pages that
 * exist, then the establishments' list).
 */
export function OperateurAgreeHome({
  agrement,
  demandes,
  hasEtablissement,
  changements,
}: Omit<Extract<AccueilDemandeur, { kind: "agree" }>, "kind">) {
  const aConsulter = demandes.filter((demande) => demande.statutSimplifie === "disponible");
  const badge = BADGES_AGREMENT[agrement.etat];
  // Spec §3 Demande dateNotificationSuspension, read on the request the approval was granted on.
  const suspension =
    agrement.etat === "suspendu"
      ? demandes.find((demande) => demande.id === agrement.demandeId)?.dateNotificationSuspension
      : null;
  return (
    <>
      <p className="fr-text--lead">
        Votre structure est agréée Mon Accompagnateur Rénov' sous le numéro{" "}
        <strong>{agrement.numeroAgrement}</strong>, jusqu'au {dateFr(agrement.dateFin)}.{" "}
        <span className={`fr-badge ${badge.classe}`}>{badge.libelle}</span>
      </p>
      {suspension ? (
        <p>{`Votre agrément est suspendu depuis le ${dateFr(suspension)}, date de notification de la procédure de retrait.`}</p>
      ) : null}
      {aConsulter.length ? (
        <>
          <h2 className="fr-h4">Décision à consulter</h2>
          {aConsulter.map((demande) => (
            <CarteDossier key={demande.id} type="demande" demande={demande} />
          ))}
        </>
      ) : null}
      {!hasEtablissement && agrement.etat === "en_cours" ? <InvitationReferencement /> : null}
      {!hasEtablissement ? (
        <>
          <h2 className="fr-h4">À faire</h2>
          <ul className="fr-grid-row fr-grid-row--gutters fr-raw-list fr-mb-4w">
            <li className="fr-col-12 fr-col-md-4">
              <TuileAReferencer />
            </li>
          </ul>
        </>
      ) : null}
      <TuileRapportAnnuel agrement={agrement} />
      <TuilesChangementIncomplet changements={changements} />
      <h2 className="fr-h4">Accès rapides</h2>
      <ul className="fr-grid-row fr-grid-row--gutters fr-raw-list">
        {[...TUILES_OPERATEUR, TUILE_MES_CHANGEMENTS, TUILE_ETABLISSEMENTS].map((tuile) => (
          <li key={tuile.id} className="fr-col-12 fr-col-md-4">
            <Tile
              title={tuile.titre}
              titleAs="h3"
              desc={tuile.description}
              linkProps={{ to: tuile.href }}
              enlargeLinkOrButton
            />
          </li>
        ))}
      </ul>
    </>
  );
}
