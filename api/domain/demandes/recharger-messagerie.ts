/**
 * RECHARGER_MESSAGERIE (spec §4 Actions on a request, §8 "messages
 * refreshed"; ADR 0018): a side of the thread re-reads it. A read, not a
 * step of the file: no state change, no version bump, no history row.
 */
import type { ContexteAction } from "./contexte-action.ts";

/**
 * The applicant of the company or instruction staff who see the file, in
 * any state but a draft (the table's row says who and where; the route
 * has checked it). Writes nothing: the route then answers the file as it
 * is, and the messaging page reads the thread again
 * (GET /api/{type}/{id}/messages) under the success notification
 * `notification.action.success.{kind}.RECHARGER_MESSAGERIE`.
 */
export async function rechargerMessagerie(_contexte: ContexteAction): Promise<void> {}
