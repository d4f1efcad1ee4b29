import { Form, useNavigation } from "@remix-run/react";
import { MESSAGES_INTERFACE } from "#contract/messages";
import type { ProcedureDemande } from "#contract/schemas/demande";
import { ErrorSummary, RequiredFieldsNotice, normaliseErrors } from "~/components/forms";
import { RubriquePiecesJointes } from "~/components/demande/formulaire/rubrique-pieces-jointes";
import { BoutonsEtapeExtension } from "./etapes";
import { urlEtapeExtension } from "./extension";

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
  rubrique: string;
  erreurs: string[];
  erreur?: string[];
}

/**
 * Step 3 "Pièces justificatives" of the extension (rubrics of
 * `GET /api/changement-notable/procedure?type=extension_perimetre`): the
 * rubric blocks of the approval request (each file saved as soon as it is
 * added, progress bar with JavaScript) posting to this step, then the
 * stepper buttons ("Suivant" leads to the recap, where it is deposited).
 */
export function VueEtapePieces({
  donnees,
  resultat,
}: {
  donnees: DonneesEtapePieces;
  resultat: ResultatEtapePieces | null;
}) {
  const navigation = useNavigation();
  const { id, procedure } = donnees;
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
          urlEtape3={urlEtapeExtension(id, 3)}
          erreurs={resultat?.rubrique === rubrique.code ? resultat.erreurs : undefined}
        />
      ))}
      <Form method="post" action={urlEtapeExtension(id, 3)}>
        <BoutonsEtapeExtension id={id} etape={3} occupe={navigation.state === "submitting"} />
      </Form>
    </>
  );
}
