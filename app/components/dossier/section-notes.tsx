import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { MIME_TYPES_ACCEPTES } from "#contract/pieces-jointes";
import { schemaNote, type Note } from "#contract/schemas/notes";
import {
  FormErrorSummary,
  RequiredFieldsNotice,
  TextareaField,
  UploadField,
  acceptAttribute,
} from "~/components/forms";
import { dateHeureFr } from "~/utils/dates";
import { INDICE_FICHIER_FACULTATIF } from "./fichier-facultatif";
import { CarteContribution } from "./carte-contribution";

/** "1 note non lue", "3 notes non lues". */
export function libelleNonLues(nombre: number): string {
  return nombre > 1 ? `${nombre} notes non lues` : `${nombre} note non lue`;
}

/**
 * "Notes internes" (spec §3 Note, §7 notes): staff-only notes,
 * oldest first, each with author, time, text and file; the count of notes
 * unread when the page was opened; and, for instruction staff, a form to
 * write one (`note` required, one optional file) that posts multipart to
 * the page's action. `notes` null: the API does not show notes to this user.
 */
export function SectionNotes({
  notes,
  nonLues,
  peutEcrire,
  lastResult,
}: {
  notes: Note[] | null;
  nonLues: number;
  peutEcrire: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<Record<string, unknown>>({
    // A new id once the note is in the list: the form starts empty again.
    id: `note-${notes?.length ?? 0}`,
    lastResult,
    constraint: getZodConstraint(schemaNote),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaNote }),
  });
  return (
    <section id="notes" aria-labelledby="notes-titre" className="fr-mb-6w">
      <h2 id="notes-titre" className="fr-h3">
        Notes internes{" "}
        {nonLues > 0 ? (
          <span className="fr-badge fr-badge--sm fr-badge--new fr-ml-1w">
            {libelleNonLues(nonLues)}
          </span>
        ) : null}
      </h2>
      <p className="fr-text--sm">Les notes internes ne sont jamais visibles par le demandeur.</p>
      {notes === null ? (
        <p>Les notes internes de ce dossier ne vous sont pas accessibles.</p>
      ) : notes.length === 0 ? (
        <p>Aucune note pour le moment.</p>
      ) : (
        <ol className="fr-raw-list">
          {notes.map((note) => (
            <li key={note.id} className="fr-mb-2w">
              <CarteContribution
                titre={
                  note.moi
                    ? "Vous"
                    : note.auteur
                      ? `${note.auteur.prenom} ${note.auteur.nom}`
                      : "Auteur inconnu"
                }
                texte={note.texte}
                detail={<time dateTime={note.date}>{dateHeureFr(note.date)}</time>}
                pieceJointe={note.pieceJointe}
              />
            </li>
          ))}
        </ol>
      )}
      {peutEcrire && notes !== null ? (
        <Form
          key={form.id}
          method="post"
          encType="multipart/form-data"
          preventScrollReset
          {...getFormProps(form)}
          className="fr-mt-4w"
        >
          <h3 className="fr-h5">Ajouter une note</h3>
          <FormErrorSummary form={form} />
          <RequiredFieldsNotice />
          <TextareaField field={fields.note} label="Note" rows={5} />
          <UploadField
            id={fields.fichier.id}
            name="fichier"
            label="Pièce jointe"
            hint={INDICE_FICHIER_FACULTATIF}
            accept={acceptAttribute(MIME_TYPES_ACCEPTES)}
            errors={fields.fichier.errors}
            className="fr-mb-3w"
          />
          <button type="submit" className="fr-btn fr-icon-add-line fr-btn--icon-left">
            Ajouter la note
          </button>
        </Form>
      ) : null}
    </section>
  );
}
