/**
 * Supervision perimeter of a superviseur (spec §3 Current user
 * `perimetreSupervision`, §6 blocking perimeter modal, §7 POST
 * /api/user/perimetre-supervision) and its bound (ADR 0041): what he may
 * choose from — by default the régions of his service's départements, or
 * what an admin_fonctionnel opened to him. "Mes dossiers" and "Tous les
 * dossiers" read the perimeter (api/domain/listes/visibilite.ts, ADR 0015).
 * Each change of either is re-authenticated (the superviseur's) and written
 * to the account's history.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type {
  ChangementSupervision,
  SaisieBorneSupervision,
  SuperviseurDetail,
  SuperviseurResume,
} from "../../../contract/schemas/administration.ts";
import type { SaisiePerimetreSupervision } from "../../../contract/schemas/compte-parametres.ts";
import {
  MESSAGE_PERIMETRE_HORS_BORNE,
  type PerimetreSupervision,
} from "../../../contract/schemas/compte-parametres.ts";
import type { Database } from "../../db/client.ts";
import {
  departements,
  historique,
  regions,
  serviceInstructeurDepartements,
  servicesInstructeur,
  utilisateurs,
} from "../../db/schema.ts";
import { introuvable, invalide } from "../erreurs.ts";
import type { Horloge } from "../horloge.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import {
  reauthentifierSiMotDePasseDetenu,
  type DepsReauthentification,
} from "./reauthentification.ts";

/** A code that no région (or département) has. */
export const MESSAGE_CODE_INCONNU = "Ce code n'existe pas";

/** History actions of the account (ressource_type "compte"). */
export const ACTIONS_PERIMETRE = {
  perimetre: "MODIFIER_PERIMETRE_SUPERVISION",
  borne: "MODIFIER_BORNE_SUPERVISION",
} as const;

type Executeur = Pick<Database["db"], "select" | "selectDistinct" | "insert" | "update">;

/** Sorted, duplicate-free copy of a perimeter. */
const normaliser = (perimetre: PerimetreSupervision): PerimetreSupervision => ({
  regions: [...new Set(perimetre.regions)].sort(),
  departements: [...new Set(perimetre.departements)].sort(),
});

/**
 * 422 on `regions` and/or `departements` when a code of `perimetre` is not
 * a région (département) of the referential; nothing else is read.
 */
async function verifierCodesConnus(db: Executeur, perimetre: PerimetreSupervision) {
  const connues = perimetre.regions.length
    ? await db
        .select({ code: regions.code })
        .from(regions)
        .where(inArray(regions.code, perimetre.regions))
    : [];
  const connus = perimetre.departements.length
    ? await db
        .select({ code: departements.code })
        .from(departements)
        .where(inArray(departements.code, perimetre.departements))
    : [];
  const champs: Record<string, string[]> = {};
  if (connues.length !== perimetre.regions.length) champs.regions = [MESSAGE_CODE_INCONNU];
  if (connus.length !== perimetre.departements.length) champs.departements = [MESSAGE_CODE_INCONNU];
  if (Object.keys(champs).length) throw invalide(MESSAGE_CODE_INCONNU, { champs });
}

/**
 * The bound of a superviseur's account `compte` (ADR 0041): the régions he
 * may choose and the départements he may choose (those of these régions
 * and those opened one by one), sorted. `perimetreSupervisionAutorise`
 * when an admin_fonctionnel set it, else the régions of the départements
 * of his service; empty lists for a superviseur without service nor bound.
 */
export async function borneSupervision(
  db: Executeur,
  compte: {
    serviceInstructeurId: number | null;
    perimetreSupervisionAutorise: PerimetreSupervision | null;
  },
): Promise<PerimetreSupervision> {
  let codesRegions: string[];
  let departementsOuverts: string[] = [];
  if (compte.perimetreSupervisionAutorise) {
    codesRegions = compte.perimetreSupervisionAutorise.regions;
    departementsOuverts = compte.perimetreSupervisionAutorise.departements;
  } else if (compte.serviceInstructeurId !== null) {
    const lignes = await db
      .selectDistinct({ code: departements.codeRegion })
      .from(serviceInstructeurDepartements)
      .innerJoin(
        departements,
        eq(departements.code, serviceInstructeurDepartements.codeDepartement),
      )
      .where(eq(serviceInstructeurDepartements.serviceInstructeurId, compte.serviceInstructeurId));
    codesRegions = lignes.map((ligne) => ligne.code);
  } else {
    codesRegions = [];
  }
  const desRegions = codesRegions.length
    ? await db
        .select({ code: departements.code })
        .from(departements)
        .where(inArray(departements.codeRegion, codesRegions))
    : [];
  return normaliser({
    regions: codesRegions,
    departements: [...desRegions.map((ligne) => ligne.code), ...departementsOuverts],
  });
}

/** 422 on each list of `perimetre` holding a code outside `borne`. */
function verifierDansLaBorne(perimetre: PerimetreSupervision, borne: PerimetreSupervision) {
  const champs: Record<string, string[]> = {};
  if (perimetre.regions.some((code) => !borne.regions.includes(code)))
    champs.regions = [MESSAGE_PERIMETRE_HORS_BORNE];
  if (perimetre.departements.some((code) => !borne.departements.includes(code)))
    champs.departements = [MESSAGE_PERIMETRE_HORS_BORNE];
  if (Object.keys(champs).length) throw invalide(MESSAGE_PERIMETRE_HORS_BORNE, { champs });
}

/** Writes the history row of a change of account `compteId` by `acteur`. */
async function tracer(
  db: Executeur,
  entree: {
    compteId: string;
    action: string;
    acteur: UtilisateurConnecte;
    role: string;
    avant: PerimetreSupervision | null;
    apres: PerimetreSupervision | null;
    date: Date;
  },
) {
  await db.insert(historique).values({
    ressourceType: "compte",
    ressourceId: entree.compteId,
    action: entree.action,
    acteurId: entree.acteur.row.id,
    acteurRole: entree.role,
    donnees: { avant: entree.avant, apres: entree.apres },
    date: entree.date,
  });
}

/**
 * Replaces the perimeter of superviseur `utilisateur` (the role is checked
 * by the endpoint) with `saisie` (at least one code, checked by the
 * contract): duplicates removed, codes sorted. Refusals, nothing saved:
 * `trop` (429) past the re-authentication limits and `invalide` (422) on
 * `motDePasseActuel` when the account's password is held here and missing
 * or wrong (an external identity provider's account has none to give);
 * 422 on `regions`/`departements` for an unknown code, then for a code
 * outside the account's bound. Writes MODIFIER_PERIMETRE_SUPERVISION to
 * the account's history, with the perimeters before and after.
 */
export async function enregistrerPerimetreSupervision(
  deps: { database: Database; horloge: Horloge; reauthentification: DepsReauthentification },
  utilisateur: UtilisateurConnecte,
  saisie: SaisiePerimetreSupervision,
  requete: { ip: string },
): Promise<void> {
  const { db } = deps.database;
  const [compte] = await db
    .select({
      passwordHash: utilisateurs.passwordHash,
      serviceInstructeurId: utilisateurs.serviceInstructeurId,
      perimetreSupervision: utilisateurs.perimetreSupervision,
      perimetreSupervisionAutorise: utilisateurs.perimetreSupervisionAutorise,
    })
    .from(utilisateurs)
    .where(eq(utilisateurs.id, utilisateur.row.id));
  if (!compte) throw introuvable();
  await reauthentifierSiMotDePasseDetenu(deps.reauthentification, {
    utilisateurId: utilisateur.row.id,
    empreinte: compte.passwordHash,
    motDePasse: saisie.motDePasseActuel,
    ip: requete.ip,
  });
  const perimetre = normaliser(saisie);
  await verifierCodesConnus(db, perimetre);
  verifierDansLaBorne(perimetre, await borneSupervision(db, compte));
  const date = deps.horloge.now();
  await db.transaction(async (tx) => {
    await tx
      .update(utilisateurs)
      .set({ perimetreSupervision: perimetre, dateModification: date })
      .where(eq(utilisateurs.id, utilisateur.row.id));
    await tracer(tx, {
      compteId: utilisateur.row.id,
      action: ACTIONS_PERIMETRE.perimetre,
      acteur: utilisateur,
      role: "superviseur",
      avant: compte.perimetreSupervision,
      apres: perimetre,
      date,
    });
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A superviseur's account row and his service's name; 404 for an unknown id or another role. */
async function chargerSuperviseur(db: Executeur, id: string) {
  if (!UUID.test(id)) throw introuvable();
  const [ligne] = await db
    .select({
      id: utilisateurs.id,
      prenom: utilisateurs.prenom,
      nom: utilisateurs.nom,
      email: utilisateurs.email,
      roles: utilisateurs.roles,
      passwordHash: utilisateurs.passwordHash,
      serviceInstructeurId: utilisateurs.serviceInstructeurId,
      service: servicesInstructeur.nom,
      perimetreSupervision: utilisateurs.perimetreSupervision,
      perimetreSupervisionAutorise: utilisateurs.perimetreSupervisionAutorise,
    })
    .from(utilisateurs)
    .leftJoin(servicesInstructeur, eq(servicesInstructeur.id, utilisateurs.serviceInstructeurId))
    .where(and(eq(utilisateurs.id, id), sql`'superviseur' = any(${utilisateurs.roles})`));
  if (!ligne) throw introuvable();
  return ligne;
}

/** The summary of one superviseur (contract `SuperviseurResume`). */
async function resumer(
  db: Executeur,
  ligne: Awaited<ReturnType<typeof chargerSuperviseur>>,
): Promise<SuperviseurResume> {
  const borne = await borneSupervision(db, ligne);
  const perimetre = ligne.perimetreSupervision ?? null;
  return {
    id: ligne.id,
    prenom: ligne.prenom,
    nom: ligne.nom,
    email: ligne.email,
    service: ligne.service ?? null,
    perimetre,
    borneOuverte: ligne.perimetreSupervisionAutorise ?? null,
    borne,
    horsBorne: perimetre ? !dansLaBorne(perimetre, borne) : false,
  };
}

/** Whether every code of `perimetre` lies within `borne`. */
function dansLaBorne(perimetre: PerimetreSupervision, borne: PerimetreSupervision): boolean {
  return (
    perimetre.regions.every((code) => borne.regions.includes(code)) &&
    perimetre.departements.every((code) => borne.departements.includes(code))
  );
}

/**
 * Every superviseur (GET /api/administration/superviseurs, admin_fonctionnel
 * only): identity, service, bound and perimeter, by name then first name.
 */
export async function listerSuperviseurs(database: Database): Promise<SuperviseurResume[]> {
  const { db } = database;
  const ids = await db
    .select({ id: utilisateurs.id })
    .from(utilisateurs)
    .where(sql`'superviseur' = any(${utilisateurs.roles})`)
    .orderBy(utilisateurs.nom, utilisateurs.prenom, utilisateurs.id);
  const resumes: SuperviseurResume[] = [];
  for (const { id } of ids) resumes.push(await resumer(db, await chargerSuperviseur(db, id)));
  return resumes;
}

/**
 * One superviseur and the history of his perimeter and bound, newest first
 * (GET /api/administration/superviseurs/{id}); 404 for an id that is not a
 * superviseur's.
 */
export async function lireSuperviseur(database: Database, id: string): Promise<SuperviseurDetail> {
  const { db } = database;
  const ligne = await chargerSuperviseur(db, id);
  const lignes = await db
    .select({
      date: historique.date,
      action: historique.action,
      acteurPrenom: utilisateurs.prenom,
      acteurNom: utilisateurs.nom,
      acteurRole: historique.acteurRole,
      donnees: historique.donnees,
    })
    .from(historique)
    .leftJoin(utilisateurs, eq(utilisateurs.id, historique.acteurId))
    .where(
      and(
        eq(historique.ressourceType, "compte"),
        eq(historique.ressourceId, id),
        inArray(historique.action, Object.values(ACTIONS_PERIMETRE)),
      ),
    )
    .orderBy(desc(historique.date), desc(historique.id));
  return {
    ...(await resumer(db, ligne)),
    historique: lignes.map((entree) => {
      const donnees = (entree.donnees ?? {}) as {
        avant?: PerimetreSupervision | null;
        apres?: PerimetreSupervision | null;
      };
      return {
        date: entree.date.toISOString(),
        action: entree.action as ChangementSupervision["action"],
        acteur: entree.acteurNom ? `${entree.acteurPrenom} ${entree.acteurNom}` : null,
        acteurRole: entree.acteurRole,
        avant: donnees.avant ?? null,
        apres: donnees.apres ?? null,
      };
    }),
  };
}

/**
 * Sets the bound of superviseur `id` (POST
 * /api/administration/superviseurs/{id}/borne) by admin_fonctionnel
 * `acteur`: `saisie` with no code brings back his service's régions
 * (null). Refusals, nothing saved: 404 (not a superviseur), 429 / 422 on
 * `motDePasseActuel` (the administrator's, when held here), 422 on an
 * unknown code. His perimeter is cut to the new bound in the same
 * transaction; MODIFIER_BORNE_SUPERVISION (and MODIFIER_PERIMETRE_SUPERVISION
 * when it was cut) go to his account's history.
 */
export async function fixerBorneSuperviseur(
  deps: { database: Database; horloge: Horloge; reauthentification: DepsReauthentification },
  acteur: UtilisateurConnecte,
  id: string,
  saisie: SaisieBorneSupervision,
  requete: { ip: string },
): Promise<void> {
  const { db } = deps.database;
  const superviseur = await chargerSuperviseur(db, id);
  const [administrateur] = await db
    .select({ passwordHash: utilisateurs.passwordHash })
    .from(utilisateurs)
    .where(eq(utilisateurs.id, acteur.row.id));
  await reauthentifierSiMotDePasseDetenu(deps.reauthentification, {
    utilisateurId: acteur.row.id,
    empreinte: administrateur?.passwordHash ?? null,
    motDePasse: saisie.motDePasseActuel,
    ip: requete.ip,
  });
  const ouverte = normaliser(saisie);
  await verifierCodesConnus(db, ouverte);
  const nouvelle = ouverte.regions.length || ouverte.departements.length ? ouverte : null;
  const date = deps.horloge.now();
  await db.transaction(async (tx) => {
    const [verrouille] = await tx
      .select({ perimetre: utilisateurs.perimetreSupervision })
      .from(utilisateurs)
      .where(eq(utilisateurs.id, id))
      .for("update");
    const borne = await borneSupervision(tx, {
      serviceInstructeurId: superviseur.serviceInstructeurId,
      perimetreSupervisionAutorise: nouvelle,
    });
    const avant = verrouille?.perimetre ?? null;
    const apres = avant
      ? {
          regions: avant.regions.filter((code) => borne.regions.includes(code)),
          departements: avant.departements.filter((code) => borne.departements.includes(code)),
        }
      : null;
    await tx
      .update(utilisateurs)
      .set({
        perimetreSupervisionAutorise: nouvelle,
        perimetreSupervision: apres,
        dateModification: date,
      })
      .where(eq(utilisateurs.id, id));
    await tracer(tx, {
      compteId: id,
      action: ACTIONS_PERIMETRE.borne,
      acteur,
      role: "admin_fonctionnel",
      avant: superviseur.perimetreSupervisionAutorise ?? null,
      apres: nouvelle,
      date,
    });
    if (avant && apres && !dansLaBorne(avant, borne))
      await tracer(tx, {
        compteId: id,
        action: ACTIONS_PERIMETRE.perimetre,
        acteur,
        role: "admin_fonctionnel",
        avant,
        apres,
        date,
      });
  });
}
