import { Form, useNavigation } from "@remix-run/react";
import type { TypeDossier } from "#contract/etats";
import { MESSAGES_INTERFACE } from "#contract/messages";
import type { ProcedureDemande } from "#contract/schemas/demande";
import { RubriquePiecesJointes } from "~/components/demande/formulaire/rubrique-pieces-jointes";
import { BoutonsEtape } from "~/components/dossier/boutons-etape";
import { DESCRIPTIONS_DOSSIER } from "~/components/dossier/types-dossier";
import { ErrorSummary, RequiredFieldsNotice, normaliseErrors } from "~/components/forms";

/** What the loader gives step 3 (`chargerEtapePieces`). */
export interface DonneesEtapePieces {
  vue: "etape3";
  etape: 3;
  id: string;
  procedure: ProcedureDemande;
}

/** What a refused upload or deletion gives back (`enregistrerEtapePieces`). */
export interface ResultatEtapePieces {
  vue: "etape3";
  cle: string;
  /** The rubric of the refused upload ("" for a deletion). */
  rubrique: string;
  /** Messages of the refused upload, shown next to that rubric only. */
  erreurs: string[];
  /** Why a deletion was refused, shown above the rubrics. */
  erreur?: string[];
}

/**
 * Step 3 "Pièces justificatives" of either type of case file (spec §3
 * rubrics, §5 Attachments; ADR 0044): one block per rubric of the type's
 * procedure, each with its own upload form posting to this step, then the
 * stepper buttons. Files are saved as soon as they are added, so
 * "Enregistrer" only confirms and "Suivant" goes on (the request's summary
 * step, the change's recap). A refused upload or deletion comes back with
 * the error summary (the upload's messages as links to its rubric's file
 * field), which takes the focus.
 */
export function EtapePieces({
  type,
  donnees,
  resultat,
}: {
  type: TypeDossier;
  donnees: DonneesEtapePieces;
  resultat: ResultatEtapePieces | null;
}) {
  const navigation = useNavigation();
  const { id, procedure } = donnees;
  const urlEtape3 = DESCRIPTIONS_DOSSIER[type].formulaire.url(id, 3);
  return (
    <>
      <ErrorSummary
        id="etape3-resume"
        title={MESSAGES_INTERFACE.resumeErreurs}
        entries={[
          ...normaliseErrors(resultat?.erreurs).map((message) => ({
            fieldId: `pj-${resultat!.rubrique}-fichier`,
            message,
          })),
          ...normaliseErrors(resultat?.erreur).map((message) => ({ fieldId: null, message })),
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
          urlEtape3={urlEtape3}
          erreurs={resultat?.rubrique === rubrique.code ? resultat.erreurs : undefined}
        />
      ))}
      <Form method="post" action={urlEtape3}>
        <BoutonsEtape type={type} id={id} etape={3} occupe={navigation.state === "submitting"} />
      </Form>
    </>
  );
}
