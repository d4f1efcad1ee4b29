import {
  LIMITES_PJ_PAR_DEFAUT,
  MIME_TYPES_ACCEPTES,
  TYPES_FICHIER,
} from "#contract/pieces-jointes";

const FORMATS = MIME_TYPES_ACCEPTES.map((type) => TYPES_FICHIER[type].libelle).join(", ");
const ACCEPTE = [
  ...MIME_TYPES_ACCEPTES,
  ...MIME_TYPES_ACCEPTES.map((type) => `.${TYPES_FICHIER[type].extension}`),
  ".jpeg",
].join(",");

/**
 * One optional file input (`name`, multipart) in DSFR upload markup, with
 * the accepted formats and size (DESIGN §7 defaults, checked again by the
 * API from the file's bytes) and the error in `#${id}-error`. A browser
 * cannot refill a file input: after a refused post the hint asks for the
 * file again.
 */
export function ChampFichier({
  id,
  name,
  label,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  errors?: readonly string[] | null;
}) {
  const messages = (errors ?? []).filter(Boolean);
  const invalide = messages.length > 0;
  return (
    <div
      className={["fr-upload-group", "fr-mb-3w", invalide ? "fr-upload-group--error" : null]
        .filter(Boolean)
        .join(" ")}
    >
      <label className="fr-label" htmlFor={id}>
        {label}
        <span className="fr-hint-text">
          Facultatif. Un seul fichier, {LIMITES_PJ_PAR_DEFAUT.tailleMaxMo} Mo au plus. Formats
          acceptés : {FORMATS}.
        </span>
      </label>
      <input
        className="fr-upload"
        type="file"
        id={id}
        name={name}
        accept={ACCEPTE}
        aria-invalid={invalide || undefined}
        aria-describedby={invalide ? `${id}-error` : undefined}
      />
      <div className="fr-messages-group" id={`${id}-messages`} aria-live="polite">
        {invalide ? (
          <p className="fr-message fr-message--error" id={`${id}-error`}>
            {messages.join(" ")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
