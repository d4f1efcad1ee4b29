import { Form, useRevalidator } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import {
  MESSAGES_PJ,
  afficherTaille,
  afficherTypeFichier,
  type MimeTypeAccepte,
  TYPES_FICHIER,
} from "#contract/pieces-jointes";
import type { RubriqueProcedure } from "#contract/schemas/demande";
import { RequiredStar } from "~/components/field";
import { t } from "~/i18n";
import { urlEtape } from "./stepper";

/** Header the upload script sends, so the action answers without redirecting. */
export const ENTETE_TELEVERSEMENT = "X-Televersement";

/** Intent of a file's delete button. */
export const INTENT_SUPPRIMER = "supprimer";

/** Where an upload form posts: step 3 with the rubric, which the multipart body hides. */
export function urlTeleversement(id: string, rubrique: string): string {
  return `${urlEtape(id, 3)}&${new URLSearchParams({ rubrique })}`;
}

/** "Taille maximale : 10 Mo. Formats acceptés : PDF, PNG, JPG, ZIP. Nombre maximal de fichiers : 10." */
export function texteAideTeleversement(rubrique: RubriqueProcedure): string {
  const formats = rubrique.typesAcceptes.map(afficherTypeFichier).join(", ");
  return `Taille maximale : ${afficherTaille(rubrique.tailleMaxKo * 1024)}. Formats acceptés : ${formats}. Nombre maximal de fichiers : ${rubrique.maxPj}.`;
}

/** `accept` of the file input: the mime types and their usual extensions. */
function accepte(rubrique: RubriqueProcedure): string {
  const extensions = rubrique.typesAcceptes.flatMap((type) => {
    const extension = TYPES_FICHIER[type as MimeTypeAccepte]?.extension;
    return extension === "jpg" ? [".jpg", ".jpeg"] : extension ? [`.${extension}`] : [];
  });
  return [...rubrique.typesAcceptes, ...extensions].join(",");
}

/**
 * What the browser can tell before sending (spec §5 Attachments): too many
 * files for the rubric, a file over the size limit, a declared type not
 * accepted. The server checks again, and recognises the type from the bytes.
 */
function verifierAvantEnvoi(rubrique: RubriqueProcedure, fichiers: File[]): string[] {
  if (fichiers.length === 0) return [MESSAGES_PJ.requis];
  const erreurs: string[] = [];
  if (rubrique.piecesJointes.length + fichiers.length > rubrique.maxPj)
    erreurs.push(MESSAGES_PJ.trop);
  const tailleMax = rubrique.tailleMaxKo * 1024;
  if (fichiers.some((fichier) => fichier.size > tailleMax))
    erreurs.push(MESSAGES_PJ.taille(afficherTaille(tailleMax)));
  if (fichiers.some((fichier) => fichier.type && !rubrique.typesAcceptes.includes(fichier.type)))
    erreurs.push(MESSAGES_PJ.type(rubrique.typesAcceptes.map(afficherTypeFichier).join(", ")));
  return erreurs;
}

/** Props of {@link RubriquePiecesJointes}. */
export interface RubriquePiecesJointesProps {
  /** The request's id. */
  id: string;
  rubrique: RubriqueProcedure;
  /** Messages of the last refused upload to this rubric (server-rendered). */
  erreurs?: string[];
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
export function RubriquePiecesJointes({ id, rubrique, erreurs = [] }: RubriquePiecesJointesProps) {
  const revalidator = useRevalidator();
  const [erreursClient, setErreursClient] = useState<string[] | null>(null);
  const [progression, setProgression] = useState<number | null>(null);
  const [annonce, setAnnonce] = useState("");
  const champ = useRef<HTMLInputElement>(null);
  const prefixe = `pj-${rubrique.code}`;
  const messages = erreursClient ?? erreurs;
  const invalide = messages.length > 0;

  function envoyer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formulaire = event.currentTarget;
    const fichiers = [...(champ.current?.files ?? [])];
    const refus = verifierAvantEnvoi(rubrique, fichiers);
    if (refus.length) {
      setErreursClient(refus);
      setAnnonce("");
      champ.current?.focus();
      return;
    }
    setErreursClient([]);
    setAnnonce("");
    setProgression(0);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", formulaire.action);
    xhr.setRequestHeader(ENTETE_TELEVERSEMENT, "xhr");
    xhr.upload.addEventListener("progress", (progres) => {
      if (progres.lengthComputable)
        setProgression(Math.round((progres.loaded / progres.total) * 100));
    });
    xhr.addEventListener("load", () => {
      setProgression(null);
      if (xhr.status >= 200 && xhr.status < 300) {
        formulaire.reset();
        setAnnonce(t("notification.success.pieceJointeAjoutee"));
        revalidator.revalidate();
        return;
      }
      // The refused upload comes back as the step's page with the message in place.
      const page = new DOMParser().parseFromString(xhr.responseText, "text/html");
      const message = page.getElementById(`${prefixe}-fichier-error`)?.textContent?.trim();
      setErreursClient([message || "Le fichier n'a pas pu être envoyé. Réessayez."]);
      champ.current?.focus();
    });
    xhr.addEventListener("error", () => {
      setProgression(null);
      setErreursClient([
        "Le fichier n'a pas pu être envoyé : vérifiez votre connexion et réessayez.",
      ]);
    });
    xhr.send(new FormData(formulaire));
  }

  return (
    <section className="fr-mb-6w" aria-labelledby={`${prefixe}-titre`} id={prefixe}>
      <h3 className="fr-h6 fr-mb-1w" id={`${prefixe}-titre`}>
        {rubrique.libelle}
        {rubrique.minPj > 0 ? <RequiredStar /> : null}
      </h3>
      <p className="fr-text--sm fr-mb-2w">{rubrique.description}</p>

      {rubrique.piecesJointes.length ? (
        <ul className="fr-mb-2w">
          {rubrique.piecesJointes.map((piece) => (
            <li key={piece.id}>
              <a href={`/piece-jointe/${piece.id}`} download={piece.nom}>
                {piece.nom}
              </a>{" "}
              <span className="fr-text--sm">
                ({afficherTypeFichier(piece.mimeType)}, {afficherTaille(piece.size)})
              </span>{" "}
              <Form method="post" action={urlEtape(id, 3)} className="portail-inline">
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
      ) : (
        <p className="fr-text--sm fr-mb-2w">Aucun fichier déposé.</p>
      )}

      <form
        method="post"
        encType="multipart/form-data"
        action={urlTeleversement(id, rubrique.code)}
        onSubmit={envoyer}
      >
        <input type="hidden" name="codeTypePJ" value={rubrique.code} />
        <div
          className={["fr-upload-group", invalide ? "fr-upload-group--error" : null]
            .filter(Boolean)
            .join(" ")}
        >
          <label className="fr-label" htmlFor={`${prefixe}-fichier`}>
            Ajouter des fichiers
            <span className="fr-hint-text">{texteAideTeleversement(rubrique)}</span>
          </label>
          <input
            ref={champ}
            className="fr-upload"
            type="file"
            id={`${prefixe}-fichier`}
            name="fichier"
            multiple
            required
            accept={accepte(rubrique)}
            aria-invalid={invalide || undefined}
            aria-describedby={invalide ? `${prefixe}-fichier-error` : undefined}
            onChange={() => setErreursClient(null)}
          />
          <div className="fr-messages-group" id={`${prefixe}-fichier-messages`} aria-live="polite">
            {invalide ? (
              <p className="fr-message fr-message--error" id={`${prefixe}-fichier-error`}>
                {messages.join(" ")}
              </p>
            ) : null}
          </div>
        </div>
        {progression !== null ? (
          <div className="fr-mt-1w">
            <label className="fr-label" htmlFor={`${prefixe}-progression`}>
              Envoi en cours : {progression} %
            </label>
            <progress id={`${prefixe}-progression`} max={100} value={progression}>
              {progression} %
            </progress>
          </div>
        ) : null}
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
    </section>
  );
}
