import { MESSAGES_INTERFACE } from "#contract/messages";

/** What starts the page title while a form shows its errors (RGAA 8.6). */
export const PREFIXE_TITRE_ERREUR = MESSAGES_INTERFACE.prefixeTitreErreur;

/** `title` with "Erreur : " in front, once (a title that already has it is returned as is). */
export function titreErreur(title: string): string {
  return title.startsWith(PREFIXE_TITRE_ERREUR) ? title : `${PREFIXE_TITRE_ERREUR}${title}`;
}

/** Whether `value` is conform's answer to a refused submission (`submission.reply()` with errors). */
function resultatRefuse(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const { status, error } = value as { status?: unknown; error?: unknown };
  if (status !== "error" || !error || typeof error !== "object") return false;
  return Object.values(error).some((messages) => [messages].flat().some(Boolean));
}

/**
 * Whether an action's answer is a refused form, so that the page title
 * starts with "Erreur : " (see `app/root.tsx`): conform's result with
 * errors, as such or under any key (`{ lastResult }`), or any answer
 * carrying `erreur`/`erreurs` messages (forms without conform). Never
 * throws; false for anything else (a search without JavaScript, a success).
 */
export function formulaireRefuse(actionData: unknown): boolean {
  if (!actionData || typeof actionData !== "object") return false;
  if (resultatRefuse(actionData)) return true;
  return Object.entries(actionData as Record<string, unknown>).some(
    ([key, value]) =>
      resultatRefuse(value) ||
      ((key === "erreur" || key === "erreurs") && [value].flat().some(Boolean)),
  );
}

/**
 * In the browser: puts "Erreur : " in front of the page title's text, and
 * returns what takes it off again. The text node Remix's `<Meta />` renders
 * is changed in place (not `document.title`, which would replace it), so
 * that the next page's title still replaces it. Does nothing when the
 * title already starts so (the server wrote it after a refused post).
 */
export function prefixeErreur(): (() => void) | undefined {
  const text = document.querySelector("head > title")?.firstChild;
  if (!(text instanceof Text) || text.data.startsWith(PREFIXE_TITRE_ERREUR)) return undefined;
  const avant = text.data;
  text.data = titreErreur(avant);
  return () => {
    if (text.data === titreErreur(avant)) text.data = avant;
  };
}
