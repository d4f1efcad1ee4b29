import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import {
  libelleFiltresExport,
  schemaCommentaireExport,
  type HistoriqueExportEtablissements,
} from "#contract/schemas/etablissements-liste";
import type { Page } from "#contract/schemas/listes";
import { Field } from "~/components/forms";
import { dateHeureFr } from "~/utils/dates";
import { Pagination } from "~/components/listes/pagination";
import { Tableau } from "~/components/tableau";

/** Props of {@link HistoriqueExports}. */
export interface HistoriqueExportsProps {
  historique: Page<HistoriqueExportEtablissements>;
  /** The last refused comment: the entry it was for, and conform's result (errors, value kept). */
  refus?: { id: number; lastResult: SubmissionResult<string[]> };
  /** The link of history page `numero` (keeps the page's other parameters). */
  lienPage: (numero: number) => string;
}

/**
 * The export history of the referenced establishments (spec §3
 * Etablissement "export history entry: last name, first name, export date,
 * filters, commentaire"): a DSFR table, newest first, 20
 * per page, each row with its own comment form (a real POST form, handled
 * by the page's action, which works without JavaScript).
 */
export function HistoriqueExports({ historique, refus, lienPage }: HistoriqueExportsProps) {
  return (
    <section aria-labelledby="historique-titre" className="fr-mt-6w">
      <h2 id="historique-titre">Historique des téléchargements</h2>
      {historique.nb_elements === 0 ? (
        <p>Aucun téléchargement pour le moment.</p>
      ) : (
        <>
          <Tableau
            legende="Historique des téléchargements"
            entetes={["Date", "Nom", "Prénom", "Filtres", "Commentaire"]}
          >
            {historique.result.map((entree) => (
              <tr key={entree.id}>
                <th scope="row">{dateHeureFr(entree.dateExport)}</th>
                <td>{entree.nom}</td>
                <td>{entree.prenom}</td>
                <td className="fr-cell--multiline">{libelleFiltresExport(entree.filtres)}</td>
                <td>
                  <CommentaireExport
                    entree={entree}
                    lastResult={refus?.id === entree.id ? refus.lastResult : undefined}
                  />
                </td>
              </tr>
            ))}
          </Tableau>
          <Pagination
            page={historique.page}
            nbPages={historique.nb_pages}
            lien={lienPage}
            libelle="Pagination de l'historique"
          />
        </>
      )}
    </section>
  );
}

/** The comment form of one history entry: a textarea prefilled with the comment and "Enregistrer". */
function CommentaireExport({
  entree,
  lastResult,
}: {
  entree: HistoriqueExportEtablissements;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `commentaire-export-${entree.id}`,
    lastResult,
    defaultValue: { commentaire: entree.commentaire ?? "" },
    constraint: getZodConstraint(schemaCommentaireExport),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaCommentaireExport }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="commenter" />
      <input type="hidden" name="id" value={entree.id} />
      <Field
        id={fields.commentaire.id}
        label={
          <span className="fr-sr-only">{`Commentaire du téléchargement du ${dateHeureFr(entree.dateExport)}`}</span>
        }
        errors={fields.commentaire.errors}
        className="fr-mb-1w"
      >
        <textarea {...getTextareaProps(fields.commentaire)} rows={2} />
      </Field>
      <button type="submit" className="fr-btn fr-btn--sm fr-btn--secondary">
        Enregistrer
      </button>
    </Form>
  );
}
