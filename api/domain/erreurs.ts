/**
 * Errors of the domain: a rule says what went wrong in
 * its own words, never in HTTP's. `errorHandler` (api/http/errors.ts)
 * writes each kind as the answer spec §8 and DESIGN §7 fix:
 *
 * | kind          | answer                                   |
 * | ------------- | ---------------------------------------- |
 * | `introuvable` | 404 `{ message }`                        |
 * | `interdit`    | 403 `{ message }`                        |
 * | `conflit`     | 409 `{ message }`                        |
 * | `invalide`    | 422 `{ detail, errors?, manquants? }`    |
 * | `illisible`   | 400 `{ detail, message }` (same text)    |
 * | `trop`        | 429 `{ message, retryAfter }`, Retry-After |
 */
import { MESSAGES_ERREURS } from "../../contract/messages/index.ts";
import type { Manquant } from "../../contract/schemas/demande.ts";

/** What kind of refusal an {@link ErreurDomaine} is. */
export type NatureErreur =
  "introuvable" | "interdit" | "conflit" | "invalide" | "illisible" | "trop";

/** Details of an `invalide` error, sent back with it. */
export interface PrecisionsErreur {
  /** Messages by field name as conform names them (`a.b`, `list[0]`): shown next to each field. */
  champs?: Record<string, string[]>;
  /** What still prevents a deposit, step by step (spec §5 Deposit). */
  manquants?: Manquant[];
  /** Of a `trop` error: seconds before a new attempt may go through (at least 1). */
  retryAfterSecondes?: number;
}

/** A refusal of the domain: its kind, its French message and, when invalid, its details. */
export class ErreurDomaine extends Error {
  constructor(
    readonly nature: NatureErreur,
    message: string,
    readonly precisions: PrecisionsErreur = {},
  ) {
    super(message);
    this.name = "ErreurDomaine";
  }
}

/** Message of a resource that does not exist or that the user may not see (DESIGN §4: 404 either way). */
export const MESSAGE_INTROUVABLE = "Ressource introuvable";
/** Message of a refused action when the rule gives no reason of its own (spec §8). */
export const MESSAGE_INTERDIT = MESSAGES_ERREURS[403];

/** The resource does not exist, or the user may not know it does (404). */
export const introuvable = (message: string = MESSAGE_INTROUVABLE) =>
  new ErreurDomaine("introuvable", message);

/** The user may not do this (403). */
export const interdit = (message: string = MESSAGE_INTERDIT) =>
  new ErreurDomaine("interdit", message);

/** The resource is not in a state that allows it, e.g. a stale version (409, DESIGN §3). */
export const conflit = (message: string) => new ErreurDomaine("conflit", message);

/**
 * The input breaks a rule (422): `message` is every French message, one per
 * line; `precisions` the messages by field and what is missing.
 */
export const invalide = (message: string, precisions: PrecisionsErreur = {}) =>
  new ErreurDomaine("invalide", message, precisions);

/** The input cannot be read at all, e.g. a NUL byte PostgreSQL refuses (400). */
export const illisible = (message: string) => new ErreurDomaine("illisible", message);

/**
 * Too many attempts within a limit's window (429): `message` says when to
 * try again, `retryAfterSecondes` (≥ 1) goes in the Retry-After header.
 */
export const trop = (message: string, retryAfterSecondes: number) =>
  new ErreurDomaine("trop", message, { retryAfterSecondes });
