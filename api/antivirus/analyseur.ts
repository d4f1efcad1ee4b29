/**
 * The scanner port (ADR 0030): what the scan job needs from
 * an antivirus. api/antivirus/clamd.ts implements it over clamd's TCP
 * protocol; tests may pass their own.
 */
import type { Readable } from "node:stream";

/** clamd's answer about one file. */
export type Verdict = { etat: "sain" } | { etat: "infecte"; signature: string };

export interface Analyseur {
  /**
   * Sends `flux` to the scanner as it is read (never whole in memory) and
   * resolves with its verdict. Rejects when the scanner cannot be reached,
   * times out or answers something else than a verdict (the file is then
   * left `erreur` and scanned again later).
   */
  analyser(flux: Readable): Promise<Verdict>;
}

/** Where clamd listens (CLAMAV_HOST, CLAMAV_PORT: README "Paramètres"). */
export interface ReglagesClamav {
  host: string;
  /** TCP port, 3310 by default. */
  port: number;
}

/** clamd's default TCP port. */
export const PORT_CLAMAV_PAR_DEFAUT = 3310;
