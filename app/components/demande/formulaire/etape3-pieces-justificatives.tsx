import { Form, useNavigation } from "@remix-run/react";
import type { ProcedureDemande } from "#contract/schemas/demande";
import { RequiredFieldsNotice } from "~/components/field";
import { RubriquePiecesJointes } from "./rubrique-pieces-jointes";
import { BoutonsEtape, urlEtape } from "./stepper";

/** Props of {@link Etape3PiecesJustificatives}. */
export interface Etape3PiecesJustificativesProps {
  id: string;
  procedure: ProcedureDemande;
  /** The last refused upload (rubric and messages), shown next to that rubric only. */
  televersement?: { rubrique: string; erreurs: string[] } | null;
  /** A refused deletion, shown above the rubrics. */
  erreur?: string | null;
}

/**
 * Step 3 "Pièces justificatives" (spec §3 rubrics, §5 Attachments): one
 * block per rubric of the procedure, each with its own upload form, then
 * the stepper buttons. Files are saved as soon as they are added, so
 * "Enregistrer" only confirms and "Suivant" goes to the summary.
 */
export function Etape3PiecesJustificatives({
  id,
  procedure,
  televersement,
  erreur,
}: Etape3PiecesJustificativesProps) {
  const navigation = useNavigation();
  return (
    <>
      <RequiredFieldsNotice />
      <p>
        Déposez les pièces de chaque rubrique. Chaque fichier est enregistré dès son ajout ; vous
        pouvez le supprimer tant que la demande n'est pas déposée.
      </p>
      {erreur ? (
        <div className="fr-alert fr-alert--error fr-mb-3w" role="alert">
          <p>{erreur}</p>
        </div>
      ) : null}
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
