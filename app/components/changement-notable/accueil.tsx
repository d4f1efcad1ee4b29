/**
 * The approved operator's home, notable-change part (spec §2 "Home for
 * applicants": tile to complete an incomplete change request; quick access
 * to the change requests).
 */
import { Tile } from "@codegouvfr/react-dsfr/Tile";
import type { DemandeResume } from "#contract/schemas/demande";
import type { TuileOperateur } from "~/components/agrement/tuiles-operateur";
import { actionDisponible } from "~/components/demande/carte-demande";
import { dateFr } from "~/utils/dates";
import {
  TYPE_EXTENSION,
  URL_MES_CHANGEMENTS,
  titreChangement,
  urlCompletudeChangement,
} from "./extension";

/** Quick-access tile to `/mes-demandes-changement-notable` (also on /mon-agrement). */
export const TUILE_MES_CHANGEMENTS: TuileOperateur = {
  id: "mes-demandes-changement-notable",
  titre: "Mes demandes de changement notable",
  description: "Étendre le périmètre d'intervention de votre agrément et suivre vos demandes.",
  href: URL_MES_CHANGEMENTS,
};

/**
 * Where the applicant answers an incomplete notable change: its
 * completeness page when DONNER_COMPLEMENT is available, the form when it
 * was returned for edition; null when nothing is awaited from him.
 */
export function lienCompletion(demande: DemandeResume): string | null {
  if (actionDisponible(demande, "DONNER_COMPLEMENT")) return urlCompletudeChangement(demande.id);
  if (demande.etat === "en_edition")
    return `${URL_MES_CHANGEMENTS}/${TYPE_EXTENSION}/formulaire?id=${demande.id}`;
  return null;
}

/**
 * The 'À compléter' tile of each incomplete notable change awaiting the
 * applicant (spec §2 "tile to complete an incomplete change request"),
 * with its answer deadline; nothing when there is none.
 */
export function TuilesChangementIncomplet({ changements }: { changements: DemandeResume[] }) {
  const aCompleter = changements
    .filter((demande) => demande.statutSimplifie === "incomplete")
    .map((demande) => ({ demande, lien: lienCompletion(demande) }))
    .filter((item): item is { demande: DemandeResume; lien: string } => item.lien !== null);
  if (!aCompleter.length) return null;
  return (
    <>
      <h2 className="fr-h4">Demande de changement notable</h2>
      <ul className="fr-grid-row fr-grid-row--gutters fr-raw-list fr-mb-4w">
        {aCompleter.map(({ demande, lien }) => (
          <li key={demande.id} className="fr-col-12 fr-col-md-4">
            <Tile
              title={`Compléter ma demande de changement notable`}
              titleAs="h3"
              desc={
                demande.dateEcheance
                  ? `${titreChangement(demande)} : pièces attendues avant le ${dateFr(demande.dateEcheance)}.`
                  : `${titreChangement(demande)} : le service instructeur attend votre réponse.`
              }
              start={<span className="fr-badge fr-badge--sm fr-badge--new">À compléter</span>}
              linkProps={{ to: lien }}
              enlargeLinkOrButton
            />
          </li>
        ))}
      </ul>
    </>
  );
}
