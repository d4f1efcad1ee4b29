/**
 * The clamd adapter of the scanner port (ADR 0030), through
 * clamscan 2.4 (the most used clamd client on npm, maintained): INSTREAM
 * over TCP to CLAMAV_HOST:CLAMAV_PORT. Bytes are sent in chunks as the file
 * store streams them; nothing falls back to a local binary.
 */
import NodeClam from "clamscan";
import type { Readable } from "node:stream";
import type { Analyseur, ReglagesClamav, Verdict } from "./analyseur.ts";

/** Milliseconds clamd has to answer (connection and scan of one file). */
export const DELAI_ANALYSE_MS = 60_000;

/**
 * clamd did not answer (`injoignable`: the file stays `en_attente`), or
 * answered something else than a verdict (the file becomes `erreur`).
 */
export class AnalyseImpossibleError extends Error {
  constructor(
    message: string,
    readonly injoignable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "AnalyseImpossibleError";
  }
}

/**
 * An {@link Analyseur} talking to clamd at `reglages`. Each scan pings clamd
 * first (clamscan's init), so an unreachable daemon rejects with
 * {@link AnalyseImpossibleError} before any byte is read.
 */
export function analyseurClamd(
  reglages: ReglagesClamav,
  options: { delaiMs?: number } = {},
): Analyseur {
  const delai = options.delaiMs ?? DELAI_ANALYSE_MS;
  return {
    async analyser(flux: Readable): Promise<Verdict> {
      let client: NodeClam;
      try {
        client = await new NodeClam().init({
          removeInfected: false,
          debugMode: false,
          preference: "clamdscan",
          clamscan: { active: false },
          clamdscan: {
            host: reglages.host,
            port: reglages.port,
            timeout: delai,
            localFallback: false,
            active: true,
            bypassTest: false,
          },
        });
      } catch (error) {
        flux.destroy();
        throw new AnalyseImpossibleError(
          `clamd injoignable (${reglages.host}:${reglages.port})`,
          true,
          { cause: error },
        );
      }
      let resultat;
      try {
        resultat = await client.scanStream(flux);
      } catch (error) {
        flux.destroy();
        throw new AnalyseImpossibleError("Analyse interrompue par clamd", false, {
          cause: error,
        });
      }
      if (resultat.isInfected === true)
        return { etat: "infecte", signature: resultat.viruses[0] ?? "signature inconnue" };
      if (resultat.isInfected === false) return { etat: "sain" };
      throw new AnalyseImpossibleError(
        `Réponse de clamd sans verdict : ${resultat.resultString ?? "(vide)"}`,
        false,
      );
    },
  };
}
