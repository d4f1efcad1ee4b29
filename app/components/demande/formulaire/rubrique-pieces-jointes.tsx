import { Form, useRevalidator } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { MESSAGES_PJ, afficherTaille, afficherTypeFichier } from "#contract/pieces-jointes";
import type { RubriqueProcedure } from "#contract/schemas/demande";
import {
  RequiredStar,
  UploadField,
  UploadProgress,
  acceptAttribute,
  checkFilesBeforeUpload,
} from "~/components/forms";
import { t } from "~/i18n";
import { televerser } from "../televerser";
import { FORMULAIRE_DEMANDE } from "./formulaire-demande";
import { AnalyseAntivirus } from "~/components/dossier/analyse-antivirus";

/** Header the upload script sends, so the action answers without redirecting. */
export const ENTETE_TELEVERSEMENT = "X-Televersement";

/** Intent of a file's delete button. */
export const INTENT_SUPPRIMER = "supprimer";

/**
 * Where an upload form posts: step 3 with the rubric, which the multipart
 * body hides. `etape3` is the step's URL (the approval request's by default).
 */
export function urlTeleversement(
  id: string,
  rubrique: string,
  etape3 = FORMULAIRE_DEMANDE.url(id, 3),
): string {
  return `${etape3}&${new URLSearchParams({ rubrique })}`;
}

/** "Taille maximale : 10 Mo. Formats acceptés : PDF, PNG, JPG, ZIP. Nombre maximal de fichiers : 10." */
export function texteAideTeleversement(rubrique: RubriqueProcedure): string {
  const formats = rubrique.typesAcceptes.map(afficherTypeFichier).join(", ");
  return `Taille maximale : ${afficherTaille(rubrique.tailleMaxKo * 1024)}. Formats acceptés : ${formats}. Nombre maximal de fichiers : ${rubrique.maxPj}.`;
}

/** Props of {@link RubriquePiecesJointes}. */
export interface RubriquePiecesJointesProps {
  /** The request's id. */
  id: string;
  rubrique: RubriqueProcedure;
  /** Messages of the last refused upload to this rubric (server-rendered). */
  erreurs?: string[];
  /** URL of the step the forms post to: step 3 of the file's form (its type's description). */
  urlEtape3: string;
}

/**
 * One rubric of step 3 (spec §3 rubrics, §5 Attachments, §7 Files): title
 * (star when files are required), description, the rubric's files with
 * type, size, download link and a delete button (`intent=supprimer`), and
 * a multipart upload form (one or several `fichier`) with the limits of
 * the procedure. Without JavaScript the form posts and the page comes back;
 * with JavaScript it is sent with XMLHttpRequest to show a progress bar,
 * then the page's data is reloaded.
 */
export function RubriquePiecesJointes({
  id,
  rubrique,
  erreurs,
  urlEtape3,
}: RubriquePiecesJointesProps) {
  const prefixe = `pj-${rubrique.code}`;
  return (
    <section className="fr-mb-6w" aria-labelledby={`${prefixe}-titre`} id={prefixe}>
      <h3 className="fr-h6 fr-mb-1w" id={`${prefixe}-titre`}>
        {rubrique.libelle}
        {rubrique.minPj > 0 ? <RequiredStar /> : null}
      </h3>
      <p className="fr-text--sm fr-mb-2w">{rubrique.description}</p>

      <PiecesDeposees rubrique={rubrique} urlEtape3={urlEtape3} />

      <AjoutPiecesJointes id={id} rubrique={rubrique} erreurs={erreurs} urlEtape3={urlEtape3} />
    </section>
  );
}

/**
 * The rubric's files: name (download link, with the antivirus scan's
 * state), type and size, and a delete button (`intent=supprimer`, a form
 * of its own posting to step 3); a sentence when there is none.
 */
function PiecesDeposees({
  rubrique,
  urlEtape3,
}: Pick<RubriquePiecesJointesProps, "rubrique" | "urlEtape3">) {
  if (!rubrique.piecesJointes.length)
    return <p className="fr-text--sm fr-mb-2w">Aucun fichier déposé.</p>;
  return (
    <ul className="fr-mb-2w">
      {rubrique.piecesJointes.map((piece) => (
        <li key={piece.id}>
          <AnalyseAntivirus piece={piece}>
            <a href={`/piece-jointe/${piece.id}`} download={piece.nom}>
              {piece.nom}
            </a>
          </AnalyseAntivirus>{" "}
          <span className="fr-text--sm">
            ({afficherTypeFichier(piece.mimeType)}, {afficherTaille(piece.size)})
          </span>{" "}
          <Form method="post" action={urlEtape3} className="portail-inline">
            <input type="hidden" name="fileId" value={piece.id} />
            <input type="hidden" name="rubrique" value={rubrique.code} />
            <button
              type="submit"
              name="intent"
              value={INTENT_SUPPRIMER}
              className="fr-btn fr-btn--sm fr-btn--tertiary-no-outline fr-icon-delete-line fr-btn--icon-left"
            >
              Supprimer<span className="fr-sr-only"> le fichier {piece.nom}</span>
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/**
 * The rubric's upload form: one or several `fichier`, multipart, posted to
 * step 3 with the rubric. With JavaScript the files are checked against the
 * procedure's limits, then sent by {@link televerser} with a progress bar;
 * an accepted upload empties the field, is announced and reloads the
 * page's data; a refused one shows the server's messages at the field.
 */
function AjoutPiecesJointes({ id, rubrique, erreurs = [], urlEtape3 }: RubriquePiecesJointesProps) {
  const revalidator = useRevalidator();
  const [erreursClient, setErreursClient] = useState<string[] | null>(null);
  const [progression, setProgression] = useState<number | null>(null);
  const [annonce, setAnnonce] = useState("");
  const champ = useRef<HTMLInputElement>(null);
  const prefixe = `pj-${rubrique.code}`;
  const messages = erreursClient ?? erreurs;

  async function envoyer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formulaire = event.currentTarget;
    const fichiers = [...(champ.current?.files ?? [])];
    const refus = checkFilesBeforeUpload(fichiers, rubrique, {
      alreadyThere: rubrique.piecesJointes.length,
      requiredMessage: MESSAGES_PJ.requis,
    });
    if (refus.length) {
      setErreursClient(refus);
      setAnnonce("");
      champ.current?.focus();
      return;
    }
    setErreursClient([]);
    setAnnonce("");
    setProgression(0);
    const xhr = await televerser(formulaire.action, new FormData(formulaire), {
      progression: setProgression,
      entetes: { [ENTETE_TELEVERSEMENT]: "xhr" },
    });
    setProgression(null);
    if (!xhr) {
      setErreursClient([
        "Le fichier n'a pas pu être envoyé : vérifiez votre connexion et réessayez.",
      ]);
      return;
    }
    if (xhr.status >= 200 && xhr.status < 300) {
      formulaire.reset();
      setAnnonce(t("notification.success.pieceJointeAjoutee"));
      revalidator.revalidate();
      return;
    }
    const messages = messagesDuChamp(xhr.responseText, `${prefixe}-fichier`);
    setErreursClient(
      messages.length ? messages : ["Le fichier n'a pas pu être envoyé. Réessayez."],
    );
    champ.current?.focus();
  }

  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={urlTeleversement(id, rubrique.code, urlEtape3)}
      onSubmit={envoyer}
    >
      <input type="hidden" name="codeTypePJ" value={rubrique.code} />
      <UploadField
        id={`${prefixe}-fichier`}
        name="fichier"
        label="Ajouter des fichiers"
        hint={texteAideTeleversement(rubrique)}
        required
        star={false}
        multiple
        accept={acceptAttribute(rubrique.typesAcceptes)}
        errors={messages}
        inputRef={champ}
        onChange={() => setErreursClient(null)}
      />
      <UploadProgress id={`${prefixe}-progression`} percent={progression} />
      <p className="fr-sr-only" role="status">
        {annonce}
      </p>
      {annonce ? (
        <p className="fr-message fr-message--valid fr-mt-1w" aria-hidden="true">
          {annonce}
        </p>
      ) : null}
      <button
        type="submit"
        className="fr-btn fr-btn--secondary fr-btn--sm fr-icon-upload-line fr-btn--icon-left fr-mt-1w"
        disabled={progression !== null}
      >
        Ajouter<span className="fr-sr-only"> à la rubrique « {rubrique.libelle} »</span>
      </button>
    </form>
  );
}

/**
 * The messages shown at the field `idChamp` in the page `html`: a refused
 * upload comes back as the step's page with its messages in place.
 */
function messagesDuChamp(html: string, idChamp: string): string[] {
  const page = new DOMParser().parseFromString(html, "text/html");
  return [...(page.getElementById(`${idChamp}-messages`)?.querySelectorAll(".fr-message") ?? [])]
    .map((message) => message.textContent?.trim() ?? "")
    .filter(Boolean);
}
