/**
 * Read marks of messages and notes (spec §3 nouveauMessage,
 * unreadNotifications.note): a user has read a thread up to the last time
 * he opened it; anything the other side wrote later is new.
 */
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { lectures, messages, TYPES_RESSOURCE } from "../db/schema.ts";
import { parmiLesIds, requetePreparee } from "./requetes-preparees.ts";

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
 * The resources of `ids` (an array parameter, `= any`, so that the SQL is the
 * same for any number of ids) with a message of the other side than `cote`
 * after the reader's last read (ADR 0035).
 */
const avecNouveauMessage = requetePreparee("lectures_nouveau_message", (db, nom) =>
  db
    .selectDistinct({ id: messages.ressourceId })
    .from(messages)
    .leftJoin(
      lectures,
      and(
        eq(lectures.utilisateurId, sql.placeholder("utilisateurId")),
        eq(lectures.ressourceType, messages.ressourceType),
        eq(lectures.ressourceId, messages.ressourceId),
        eq(lectures.type, "message"),
      ),
    )
    .where(
      and(
        eq(messages.ressourceType, sql.placeholder("ressourceType")),
        parmiLesIds(messages.ressourceId),
        ne(messages.cote, sql.placeholder("cote")),
        sql`(${lectures.date} is null or ${gt(messages.date, lectures.date)})`,
      ),
    )
    .prepare(nom),
);

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
  const rows = await avecNouveauMessage(database.db).execute({
    utilisateurId: lecteur.utilisateurId,
    ressourceType,
    ids: ressourceIds,
    cote: lecteur.cote,
  });
  return new Set(rows.map((row) => row.id));
}
