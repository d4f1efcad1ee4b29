import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Link } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { MESSAGES_INSTRUCTION, schemasAction } from "#contract/schemas/instruction";
import {
  FormErrorSummary,
  RequiredFieldsNotice,
  TextareaField,
  UploadField,
  UploadProgress,
  acceptAttribute,
  checkFilesBeforeUpload,
} from "~/components/forms";
import { televerser } from "../televerser";
import { texteAideComplement, type LimitesComplement } from "./complement";

/** What the upload endpoint (…/completude/{id}/envoi) answers, as JSON. */
export interface ReponseEnvoiComplement {
  /** The confirmation page, once the answer went through. */
  redirection: string | null;
  /** Refusals of the files, one message each (never joined), shown next to the file field. */
  erreursFichier: string[] | null;
  /** Any other refusal, shown above the form. */
  erreur: string | null;
}

/** Name of the button with which conform submits its own intents (its `INTENT`). */
const INTENT_CONFORM = "__intent__";

/** Id of the form: conform derives the fields' ids from it ("complement-fichier"…). */
const ID_FORMULAIRE = "complement";

const schema = schemasAction().DONNER_COMPLEMENT;

/** Props of {@link FormulaireComplement}. */
export interface FormulaireComplementProps {
  /** The request's version as loaded (optimistic lock, DESIGN §3). */
  version: number;
  limites: LimitesComplement;
  /** The action's answer after a refused post (errors, typed comment). */
  lastResult?: SubmissionResult<string[]> | null;
  /** The page's upload endpoint, where the script posts (`…/completude/{id}/envoi`). */
  urlEnvoi: string;
}

/**
 * The answer to a completeness or complement request (spec §4
 * DONNER_COMPLEMENT): one or several files (`fichier`, required, limits
 * shown as in step 3) and an optional comment, posted as multipart form data
 * to the page's action, which forwards them to the API. Without JavaScript
 * it is a plain form (the server checks everything and answers with the
 * page and its messages). With JavaScript the files are first checked in the
 * browser, then sent with XMLHttpRequest to the upload endpoint to show a
 * progress bar; the script then loads the confirmation page, or shows the
 * refusal next to the file field.
 */
export function FormulaireComplement({
  version,
  limites,
  lastResult,
  urlEnvoi,
}: FormulaireComplementProps) {
  // The files are not in the schema (the API reads them); their errors come back under `fichier`.
  const [form, fields] = useForm<{ commentaire?: string; fichier?: File[] }>({
    id: ID_FORMULAIRE,
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const envoi = useEnvoiComplement(limites, urlEnvoi, form.onSubmit);
  const erreursFichier = envoi.erreursClient ?? fields.fichier.errors ?? [];
  const erreursFormulaire = envoi.erreurEnvoi ? [envoi.erreurEnvoi] : (form.errors ?? []);
  const idFichier = fields.fichier.id;

  return (
    <form
      {...getFormProps(form)}
      method="post"
      encType="multipart/form-data"
      // The server's messages are French and kept next to the field; the browser's are not.
      noValidate
      onSubmit={envoi.envoyer}
    >
      <FormErrorSummary
        form={{
          id: form.id,
          status: envoi.erreursClient?.length || envoi.erreurEnvoi ? "error" : form.status,
          allErrors: { ...form.allErrors, fichier: erreursFichier, "": erreursFormulaire },
        }}
        order={["fichier", "commentaire"]}
      />
      <RequiredFieldsNotice />
      <input type="hidden" name="version" value={version} />
      <UploadField
        id={idFichier}
        name="fichier"
        label="Pièces complémentaires"
        hint={`Vous pouvez sélectionner plusieurs fichiers. ${texteAideComplement(limites)}`}
        required
        multiple
        accept={acceptAttribute(limites.typesAcceptes)}
        errors={erreursFichier}
        inputRef={envoi.champ}
        onChange={envoi.effacerErreursFichier}
        className="fr-mb-4w"
      />
      <TextareaField
        field={fields.commentaire}
        label="Commentaire (facultatif)"
        hint="Précisez si besoin ce que contiennent les pièces transmises."
        rows={5}
      />
      <UploadProgress
        id={`${ID_FORMULAIRE}-progression`}
        percent={envoi.progression}
        className="fr-mb-2w"
      />
      <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--icon-right fr-mt-4w">
        <li>
          <button
            type="submit"
            className="fr-btn fr-icon-send-plane-line fr-btn--icon-right"
            disabled={envoi.progression !== null}
          >
            Transmettre les compléments
          </button>
        </li>
        <li>
          <Link className="fr-btn fr-btn--secondary" to="/">
            Retour à l'accueil
          </Link>
        </li>
      </ul>
    </form>
  );
}

/**
 * The sending by script of {@link FormulaireComplement} (with JavaScript):
 * `envoyer`, the form's submit handler, hands conform's own validation
 * posts to `soumettreConform`, checks the files of `champ` against
 * `limites`, then posts the form to `urlEnvoi` showing the `progression`
 * (null when idle), and loads the confirmation page, or keeps the refusal:
 * the files' messages (`erreursClient`, null while the server's apply) or
 * the form's (`erreurEnvoi`).
 */
function useEnvoiComplement(
  limites: LimitesComplement,
  urlEnvoi: string,
  soumettreConform: (event: FormEvent<HTMLFormElement>) => void,
) {
  const champ = useRef<HTMLInputElement>(null);
  const [erreursClient, setErreursClient] = useState<string[] | null>(null);
  const [erreurEnvoi, setErreurEnvoi] = useState<string | null>(null);
  const [progression, setProgression] = useState<number | null>(null);

  async function envoyer(event: FormEvent<HTMLFormElement>) {
    const formulaire = event.currentTarget;
    event.preventDefault();
    // conform checks a field on blur by submitting the form with its own button: that is
    // no answer to send (it would post the files again at each blur, e.g. when the error
    // summary takes the focus from the file field).
    const bouton = (event.nativeEvent as SubmitEvent).submitter;
    if (bouton instanceof HTMLButtonElement && bouton.name === INTENT_CONFORM) {
      soumettreConform(event);
      return;
    }
    const fichiers = [...(champ.current?.files ?? [])];
    const refus = checkFilesBeforeUpload(fichiers, limites, {
      requiredMessage: MESSAGES_INSTRUCTION.fichierRequis,
    });
    if (refus.length) {
      setErreursClient(refus);
      champ.current?.focus();
      return;
    }
    setErreursClient([]);
    setErreurEnvoi(null);
    setProgression(0);
    const xhr = await televerser(urlEnvoi, new FormData(formulaire), {
      progression: setProgression,
      typeReponse: "json",
    });
    if (!xhr) {
      setProgression(null);
      setErreurEnvoi(
        "Les fichiers n'ont pas pu être envoyés : vérifiez votre connexion et réessayez.",
      );
      return;
    }
    const reponse = xhr.response as ReponseEnvoiComplement | null;
    // A full page load, so that the confirmation page shows the flashed notification.
    if (reponse?.redirection) return window.location.assign(reponse.redirection);
    setProgression(null);
    if (reponse?.erreursFichier?.length) {
      setErreursClient(reponse.erreursFichier);
      champ.current?.focus();
    }
    setErreurEnvoi(
      reponse?.erreur ??
        (reponse?.erreursFichier?.length
          ? null
          : "Les fichiers n'ont pas pu être envoyés. Réessayez."),
    );
  }

  return {
    champ,
    erreursClient,
    effacerErreursFichier: () => setErreursClient(null),
    erreurEnvoi,
    progression,
    envoyer,
  };
}
