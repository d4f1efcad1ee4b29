/**
 * What the messaging page (`/messagerie/{demandeType}?id=…`, spec §3
 * Messaging) shares with its server side and with the pages that link to it.
 */
import type { TypeDossier } from "#contract/etats";

/** Value of the refresh button's `intent` (the rest of the page's posts are messages). */
export const INTENT_ACTUALISER = "RECHARGER_MESSAGERIE";

/** Takes a file's type and id; returns its thread's address, where Post/Redirect/Get comes back. */
export function adresseMessagerie(type: TypeDossier, id: string): string {
  return `/messagerie/${type}?id=${encodeURIComponent(id)}`;
}
