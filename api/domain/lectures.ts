/**
 * Read marks of messages and notes (spec §3 nouveauMessage,
 * unreadNotifications.note): a user has read a thread up to the last time
 * he opened it; anything the other side wrote later is new.
 */
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { lectures, messages, TYPES_RESSOURCE } from "../db/schema.ts";

type RessourceType = (typeof TYPES_RESSOURCE)[number];

/** Records that `utilisateurId` read the `type` thread of a resource at `date`. */
export async function marquerLu(
  database: Database,
  lecture: {
    utilisateurId: string;
    ressourceType: RessourceType;
    ressourceId: string;
    type: "message" | "note";
    date: Date;
  },
): Promise<void> {
  await database.db
    .insert(lectures)
    .values(lecture)
    .onConflictDoUpdate({
      target: [lectures.utilisateurId, lectures.ressourceType, lectures.ressourceId, lectures.type],
      set: { date: lecture.date },
    });
}

/**
 * Of `ressourceIds`, those with a message written by the other side
 * (`cote` is the reader's side) after the reader's last read. One query.
 */
export async function ressourcesAvecNouveauMessage(
  database: Database,
  lecteur: { utilisateurId: string; cote: "demandeur" | "instruction" },
  ressourceType: RessourceType,
  ressourceIds: string[],
): Promise<Set<string>> {
  if (ressourceIds.length === 0) return new Set();
  const rows = await database.db
    .selectDistinct({ id: messages.ressourceId })
    .from(messages)
    .leftJoin(
      lectures,
      and(
        eq(lectures.utilisateurId, lecteur.utilisateurId),
        eq(lectures.ressourceType, messages.ressourceType),
        eq(lectures.ressourceId, messages.ressourceId),
        eq(lectures.type, "message"),
      ),
    )
    .where(
      and(
        eq(messages.ressourceType, ressourceType),
        inArray(messages.ressourceId, ressourceIds),
        ne(messages.cote, lecteur.cote),
        sql`(${lectures.date} is null or ${gt(messages.date, lectures.date)})`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}
