/**
 * Progressive enhancement of the applicant's upload forms (a rubric's files
 * in step 3, the answer to a complement request): with JavaScript the
 * multipart form goes with XMLHttpRequest, whose upload events give the
 * progress bar's percentage (fetch has no upload progress).
 */

/** Options of {@link televerser}. */
export interface OptionsTeleversement {
  /** Told the whole percents sent so far (0–100) at each progress event. */
  progression: (pourcentage: number) => void;
  /** Headers of the request (one telling the action to answer without redirecting). */
  entetes?: Record<string, string>;
  /** How `xhr.response` reads the answer ("json" for an endpoint answering JSON). */
  typeReponse?: XMLHttpRequestResponseType;
}

/**
 * Posts `donnees` to `url` with XMLHttpRequest, reporting the upload's
 * progress. Resolves with the request once its answer is loaded, whatever
 * its status (the caller reads it), or null when the network failed.
 */
export function televerser(
  url: string,
  donnees: FormData,
  { progression, entetes = {}, typeReponse }: OptionsTeleversement,
): Promise<XMLHttpRequest | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    if (typeReponse) xhr.responseType = typeReponse;
    for (const [nom, valeur] of Object.entries(entetes)) xhr.setRequestHeader(nom, valeur);
    xhr.upload.addEventListener("progress", (progres) => {
      if (progres.lengthComputable) progression(Math.round((progres.loaded / progres.total) * 100));
    });
    xhr.addEventListener("load", () => resolve(xhr));
    xhr.addEventListener("error", () => resolve(null));
    xhr.send(donnees);
  });
}
