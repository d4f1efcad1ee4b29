import { Form, Link } from "@remix-run/react";
import type {
  DemandeDetail,
  Manquant,
  ProcedureDemande,
  ProcedureEtp,
} from "#contract/schemas/demande";
import { LIBELLES_ACTION } from "#contract/schemas/instruction";
import { Recapitulatif } from "~/components/demande/recapitulatif";
import { FormErrors, SubmitButton } from "~/components/forms";
import { FORMULAIRE_DEMANDE } from "./formulaire-demande";

/** Intent of the "Soumettre" button. */
export const INTENT_SOUMETTRE = "soumettre";

/** The two deposits of step 4: a draft's, and a request's returned for edition (DESIGN §3). */
export const ACTIONS_DEPOT = ["DEPOSER", "DEPOSER_EN_EDITION"] as const;
export type ActionDepot = (typeof ACTIONS_DEPOT)[number];

/** The deposit that fits a request's state: DEPOSER_EN_EDITION for en_edition, else DEPOSER. */
export function actionDepot(etat: string): ActionDepot {
  return etat === "en_edition" ? "DEPOSER_EN_EDITION" : "DEPOSER";
}

/** What the loader gives step 4 (`chargerEtapeRecapitulatif`). */
export interface DonneesEtapeRecapitulatif {
  vue: "etape4";
  etape: 4;
  id: string;
  demande: DemandeDetail;
  procedure: ProcedureDemande;
  procedureEtp: ProcedureEtp;
}

/** What a refused deposit gives back (`deposerDemande`). */
export interface ResultatEtapeRecapitulatif {
  vue: "etape4";
  cle: string;
  /** What is missing, each with its step. */
  manquants: Manquant[];
  /** Any other refusal (the request changed meanwhile…). */
  erreur: string | null;
}

/** Step 4 of the page: the loader's request, and the last refused deposit if any. */
export function VueEtapeRecapitulatif({
  donnees,
  resultat,
}: {
  donnees: DonneesEtapeRecapitulatif;
  resultat: ResultatEtapeRecapitulatif | null;
}) {
  return (
    <EtapeRecapitulatif
      demande={donnees.demande}
      procedure={donnees.procedure}
      procedureEtp={donnees.procedureEtp}
      manquants={resultat?.manquants ?? null}
      erreur={resultat?.erreur ?? null}
    />
  );
}

/** Props of {@link EtapeRecapitulatif}. */
export interface EtapeRecapitulatifProps {
  demande: DemandeDetail;
  procedure: ProcedureDemande;
  procedureEtp: ProcedureEtp;
  /** What `canBe/depose` said was missing after "Soumettre" (spec §5 Deposit). */
  manquants?: Manquant[] | null;
  /** A refused deposit (e.g. the request changed meanwhile). */
  erreur?: string | null;
}

/**
 * Step 4 "Récapitulatif": the whole request with a "Modifier" link per
 * step, then "Précédent" (link) and "Soumettre" — "Déposer la demande
 * modifiée" for a request returned for edition — which posts
 * `intent=soumettre` with the version the user saw and the deposit shown
 * (`depot`). A refused deposit lists what is missing,
 * each with a link to its step. The button is disabled while sending, and
 * the server deposits once anyway.
 */
export function EtapeRecapitulatif({
  demande,
  procedure,
  procedureEtp,
  manquants,
  erreur,
}: EtapeRecapitulatifProps) {
  const id = demande.id;
  const depot = actionDepot(demande.etat);
  return (
    <>
      {manquants?.length ? (
        <div className="fr-alert fr-alert--error fr-mb-4w" role="alert" id="manquants">
          <h3 className="fr-alert__title">Votre demande ne peut pas encore être déposée</h3>
          <ul>
            {manquants.map((manquant, index) => (
              <li key={index}>
                {manquant.message}{" "}
                <Link to={FORMULAIRE_DEMANDE.url(id, manquant.etape)}>
                  Compléter l'étape {manquant.etape} « {FORMULAIRE_DEMANDE.etapes[manquant.etape]} »
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <FormErrors errors={erreur} className="fr-mb-4w" />
      <Recapitulatif
        demande={demande}
        procedure={procedure}
        procedureEtp={procedureEtp}
        niveauTitre={3}
        lienModifier={(etape) => FORMULAIRE_DEMANDE.url(id, etape)}
      />
      <Form method="post" action={FORMULAIRE_DEMANDE.url(id, 4)}>
        <input type="hidden" name="version" value={demande.version} />
        <input type="hidden" name="depot" value={depot} />
        {/* Icons on both sides: see BoutonsEtape. */}
        <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--right fr-btns-group--icon-left fr-mt-4w">
          <li>
            <Link
              className="fr-btn fr-btn--tertiary fr-icon-arrow-left-line fr-btn--icon-left"
              to={FORMULAIRE_DEMANDE.url(id, 3)}
            >
              Précédent
            </Link>
          </li>
          <li>
            <SubmitButton
              intent={INTENT_SOUMETTRE}
              className="fr-btn fr-icon-send-plane-line fr-btn--icon-right"
            >
              {depot === "DEPOSER_EN_EDITION" ? LIBELLES_ACTION.DEPOSER_EN_EDITION : "Soumettre"}
            </SubmitButton>
          </li>
        </ul>
      </Form>
    </>
  );
}
