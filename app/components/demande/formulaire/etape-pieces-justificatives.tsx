import { Form, useNavigation } from "@remix-run/react";
import { MESSAGES_INTERFACE } from "#contract/messages";
import type { DemandeDetail, ProcedureDemande } from "#contract/schemas/demande";
import { ErrorSummary, RequiredFieldsNotice, normaliseErrors } from "~/components/forms";
import { RubriquePiecesJointes } from "./rubrique-pieces-jointes";
import { BoutonsEtape, urlEtape } from "./stepper";

/** What the loader gives step 3 (`chargerEtapePiecesJustificatives`). */
export interface DonneesEtapePiecesJustificatives {
  vue: "etape3";
  etape: 3;
  id: string;
  demande: DemandeDetail;
  procedure: ProcedureDemande;
}

/** What a refused upload or deletion gives back (`enregistrerEtapePiecesJustificatives`). */
export interface ResultatEtapePiecesJustificatives {
  vue: "etape3";
  cle: string;
  /** The rubric of the refused upload ("" for a deletion). */
  rubrique: string;
  /** Messages of the refused upload, shown next to that rubric only. */
  erreurs: string[];
  /** Why a deletion was refused, shown above the rubrics. */
  erreur?: string[];
}

/** Step 3 of the page: the loader's procedure, and the last refusal if any. */
export function VueEtapePiecesJustificatives({
  donnees,
  resultat,
}: {
  donnees: DonneesEtapePiecesJustificatives;
  resultat: ResultatEtapePiecesJustificatives | null;
}) {
  return (
    <EtapePiecesJustificatives
      id={donnees.id}
      procedure={donnees.procedure}
      televersement={resultat}
      erreur={resultat?.erreur ?? null}
    />
  );
}

/** Props of {@link EtapePiecesJustificatives}. */
export interface EtapePiecesJustificativesProps {
  id: string;
  procedure: ProcedureDemande;
  /** The last refused upload (rubric and messages), shown next to that rubric only. */
  televersement?: { rubrique: string; erreurs: string[] } | null;
  /** Why a deletion was refused, shown above the rubrics. */
  erreur?: readonly string[] | null;
}

/**
 * Step 3 "Pièces justificatives" (spec §3 rubrics, §5 Attachments): one
 * block per rubric of the procedure, each with its own upload form, then
 * the stepper buttons. Files are saved as soon as they are added, so
 * "Enregistrer" only confirms and "Suivant" goes to the summary. A refused
 * upload or deletion comes back with the error summary (the upload's
 * messages as links to its rubric's file field), which takes the focus.
 */
export function EtapePiecesJustificatives({
  id,
  procedure,
  televersement,
  erreur,
}: EtapePiecesJustificativesProps) {
  const navigation = useNavigation();
  return (
    <>
      <ErrorSummary
        id="etape3-resume"
        title={MESSAGES_INTERFACE.resumeErreurs}
        entries={[
          ...normaliseErrors(televersement?.erreurs).map((message) => ({
            fieldId: `pj-${televersement!.rubrique}-fichier`,
            message,
          })),
          ...normaliseErrors(erreur).map((message) => ({ fieldId: null, message })),
        ]}
      />
      <RequiredFieldsNotice />
      <p>
        Déposez les pièces de chaque rubrique. Chaque fichier est enregistré dès son ajout ; vous
        pouvez le supprimer tant que la demande n'est pas déposée.
      </p>
      {procedure.rubriques.map((rubrique) => (
        <RubriquePiecesJointes
          key={rubrique.code}
          id={id}
          rubrique={rubrique}
          erreurs={televersement?.rubrique === rubrique.code ? televersement.erreurs : undefined}
        />
      ))}
      <Form method="post" action={urlEtape(id, 3)}>
        <BoutonsEtape id={id} etape={3} occupe={navigation.state === "submitting"} />
      </Form>
    </>
  );
}
