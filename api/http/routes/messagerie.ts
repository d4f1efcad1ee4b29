/**
 * Messaging of a request (spec §3 Messaging, §7 Messages and notes; DESIGN
 * §4), declared in contract/api/messagerie.ts: one thread per request
 * between the applicant's company and the instruction service, readable by
 * everyone who may see the request.
 */
import { asc, and, eq } from "drizzle-orm";
import express, { Router } from "express";
import {
  confirmerLectureMessages,
  envoyerMessage,
  lireMessagerie,
} from "../../../contract/api/messagerie.ts";
import type { Message, Messagerie } from "../../../contract/schemas/demande.ts";
import { schemaMessage } from "../../../contract/schemas/demande.ts";
import { estBrouillon } from "../../../contract/etats.ts";
import { messages, utilisateurs } from "../../db/schema.ts";
import { chargerDemandeAccessible, coteDe } from "../../domain/acces.ts";
import { marquerLu } from "../../domain/lectures.ts";
import { messagerieFermee } from "../../domain/messagerie.ts";
import { planifierNotification } from "../../domain/notifications.ts";
import { executerTravauxDe } from "../../domain/travaux-apres-validation.ts";
import { ressourceDemande } from "../../domain/travaux.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "../endpoint.ts";
import { conflict, forbidden, parseOrThrow } from "../errors.ts";

export const MESSAGE_MESSAGERIE_BROUILLON =
  "La messagerie n'est pas disponible pour une demande en brouillon.";
export const MESSAGE_MESSAGERIE_FERMEE = "La messagerie de ce dossier est fermée.";

/** Routes of spec §7 Messages, each behind `authenticate`. */
export function messagerieRoutes(deps: ApiDeps): Router {
  const { database, horloge, authenticate } = deps;
  const { db } = database;
  const router = Router();
  const points = endpoints(router, authenticate);

  /**
   * GET /api/{type}/{id}/messages → Messagerie: `closed`, the thread's
   * opening date (deposit, else creation) and its messages oldest first
   * with their authors' names; `moi` marks the reader's side. Anyone who
   * may see the request (404 otherwise). Does not mark the thread read.
   */
  points.register(lireMessagerie, async ({ params, utilisateur }, _req, res) => {
    const kind = params.type;
    const demande = await chargerDemandeAccessible(database, utilisateur, kind, params.id);
    const cote = coteDe(utilisateur, demande);
    const rows = await db
      .select({ message: messages, prenom: utilisateurs.prenom, nom: utilisateurs.nom })
      .from(messages)
      .leftJoin(utilisateurs, eq(utilisateurs.id, messages.auteurId))
      .where(and(eq(messages.ressourceType, kind), eq(messages.ressourceId, demande.id)))
      .orderBy(asc(messages.date), asc(messages.id));
    const body: Messagerie = {
      closed: messagerieFermee(demande),
      dateCreation: (demande.dateDepot ?? demande.dateCreation).toISOString(),
      messages: rows.map(({ message, prenom, nom }) => ({
        id: message.id,
        contenu: message.contenu,
        date: message.date.toISOString(),
        cote: message.cote,
        auteur: prenom === null || nom === null ? null : { prenom, nom },
        moi: message.cote === cote,
      })),
    };
    res.json(body);
  });

  /**
   * POST /api/{type}/{id}/message, JSON or form `{ message }` (≤ 5000
   * characters) → 201 Message. The owner applicant writes for his company,
   * instruction staff who see the file for the service; central roles only
   * read (403). 404 unseen; 409 on a draft or a closed thread; 422 empty.
   */
  points.register(
    envoyerMessage,
    async ({ params, body, utilisateur }, _req, res) => {
      const kind = params.type;
      const demande = await chargerDemandeAccessible(database, utilisateur, kind, params.id);
      const cote = coteDe(utilisateur, demande);
      if (cote === "lecture" || (cote === "demandeur" && !utilisateur.roles.includes("demandeur")))
        throw forbidden();
      if (estBrouillon(demande.etat)) throw conflict(MESSAGE_MESSAGERIE_BROUILLON);
      if (messagerieFermee(demande)) throw conflict(MESSAGE_MESSAGERIE_FERMEE);
      // After the 403 and 409 above, as before the declaration.
      const { message: contenu } = parseOrThrow(schemaMessage, body);
      const maintenant = horloge.now();
      // The other side's mail is written with the message (ADR 0011) and sent
      // after the commit (preferences and "never a flood" apply there).
      const row = await db.transaction(async (tx) => {
        const [ecrit] = await tx
          .insert(messages)
          .values({
            ressourceType: kind,
            ressourceId: demande.id,
            auteurId: utilisateur.row.id,
            cote,
            contenu,
            date: maintenant,
          })
          .returning();
        await planifierNotification(
          tx,
          { type: "message", demande, cote, acteurId: utilisateur.row.id, messageId: ecrit.id },
          maintenant,
        );
        return ecrit;
      });
      const message: Message = {
        id: row.id,
        contenu: row.contenu,
        date: row.date.toISOString(),
        cote: row.cote,
        auteur: { prenom: utilisateur.row.prenom, nom: utilisateur.row.nom },
        moi: true,
      };
      await executerTravauxDe(deps, ressourceDemande(demande.id));
      res.status(201).json(message);
    },
    { parsers: [express.urlencoded({ extended: false, limit: "100kb" })] },
  );

  /**
   * POST /api/{type}/{id}/message/confirmation-lecture: the reader has seen
   * the thread up to now (clears his new-message badge). Anyone who may see
   * the request; 204.
   */
  points.register(confirmerLectureMessages, async ({ params, utilisateur }, _req, res) => {
    const demande = await chargerDemandeAccessible(database, utilisateur, params.type, params.id);
    await marquerLu(database, {
      utilisateurId: utilisateur.row.id,
      ressourceType: params.type,
      ressourceId: demande.id,
      type: "message",
      date: horloge.now(),
    });
    res.status(204).end();
  });

  return router;
}
