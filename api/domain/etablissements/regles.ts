/**
 * Rules of spec §4 "Effects of actions" on the establishments of an
 * approval: a suspended approval hides its establishments
 * from households (they stay referenced: the household directory reads the
 * approval's etat, api/domain/etablissements/annuaire.ts), the end of the
 * suspension shows them again, a withdrawn approval dereferences them, and
 * an approval whose perimeter shrinks shrinks theirs, dereferencing those
 * left with no zone. Each function runs inside the transaction of the
 * transition that causes it (api/domain/demandes/procedures-agrement.ts,
 * echeances.ts, modification-agrement.ts) and writes one history row per
 * establishment (ressourceType "etablissement"), so that the effect and its
 * trace commit or roll back with the transition.
 *
 * Spec §4 also names "tacit-agreement cancellation": the portal has no
 * transition for it (perimeter extensions and their tacit agreement are not
 * built, ADR 0009), and a request cancelled by ANNULER_DEMANDE or deemed
 * rejected never carried an approval, so no establishment exists there. When
 * the cancellation of a tacitly granted extension is built, it shrinks the
 * approval's perimeter: {@link restreindreEtablissements} is its rule.
 */
import { and, eq, inArray, or } from "drizzle-orm";
import { couvre, perimetreVide, type PerimetreCodes } from "../../../contract/perimetre.ts";
import type { Db } from "../../db/client.ts";
import {
  communes,
  departements,
  etablissements,
  historique,
  type PerimetreEtablissement,
} from "../../db/schema.ts";

/** Who causes the effect: the staff member of the transition, or the system (jobs). */
export interface ActeurRegle {
  id: string | null;
  role: string;
}

/** What every rule needs: the approval, who acts, and the instant of the transition. */
export interface ContexteRegle {
  agrementId: string;
  acteur: ActeurRegle;
  maintenant: Date;
}

/** History actions of an establishment (docs of the shared interface). */
export const ACTIONS_ETABLISSEMENT = {
  masquer: "MASQUER_ETABLISSEMENT",
  reafficher: "REAFFICHER_ETABLISSEMENT",
  dereferencer: "DEREFERENCER_ETABLISSEMENT",
  modifierPerimetre: "MODIFIER_PERIMETRE_ETABLISSEMENT",
} as const;

/** Why, as the history rows say it (French, shown to the applicant and staff). */
export const MOTIFS_REGLES = {
  suspension:
    "Agrément suspendu : l'établissement n'est plus présenté aux ménages pendant la suspension.",
  finSuspension:
    "Fin de la suspension de l'agrément : l'établissement est de nouveau présenté aux ménages.",
  retrait: "Agrément retiré",
  perimetreRestreint:
    "Périmètre d'intervention restreint au nouveau périmètre accordé par l'agrément.",
  perimetreVide: "Périmètre d'intervention vide",
} as const;

/** The referenced establishments of the approval (id and perimeter), oldest first. */
async function referencees(tx: Db, agrementId: string) {
  return tx
    .select({ id: etablissements.id, perimetre: etablissements.perimetre })
    .from(etablissements)
    .where(and(eq(etablissements.agrementId, agrementId), eq(etablissements.referencee, true)))
    .orderBy(etablissements.dateCreation, etablissements.id);
}

/** One history row per establishment of `ids`, all with the same action and reason. */
async function tracer(
  tx: Db,
  contexte: ContexteRegle,
  lignes: { id: string; action: string; commentaire: string; donnees?: Record<string, unknown> }[],
): Promise<void> {
  if (lignes.length === 0) return;
  await tx.insert(historique).values(
    lignes.map((ligne) => ({
      ressourceType: "etablissement" as const,
      ressourceId: ligne.id,
      action: ligne.action,
      acteurId: contexte.acteur.id,
      acteurRole: contexte.acteur.role,
      commentaire: ligne.commentaire,
      donnees: { agrementId: contexte.agrementId, ...ligne.donnees },
      date: contexte.maintenant,
    })),
  );
}

/**
 * Approval suspended (CREER_PROCEDURE or MODIFIER_PROCEDURE with
 * suspension): one MASQUER_ETABLISSEMENT row per referenced establishment.
 * Nothing else changes: households stop seeing them because the approval is
 * no longer en_cours. Returns how many establishments it hid.
 */
export async function masquerEtablissements(tx: Db, contexte: ContexteRegle): Promise<number> {
  const lignes = await referencees(tx, contexte.agrementId);
  await tracer(
    tx,
    contexte,
    lignes.map(({ id }) => ({
      id,
      action: ACTIONS_ETABLISSEMENT.masquer,
      commentaire: MOTIFS_REGLES.suspension,
    })),
  );
  return lignes.length;
}

/**
 * Suspension over (lifted by the 3-month job, switched off by
 * MODIFIER_PROCEDURE, or the approval maintained by TERMINER_PROCEDURE):
 * one REAFFICHER_ETABLISSEMENT row per establishment still referenced.
 * Returns how many establishments households see again.
 */
export async function reafficherEtablissements(tx: Db, contexte: ContexteRegle): Promise<number> {
  const lignes = await referencees(tx, contexte.agrementId);
  await tracer(
    tx,
    contexte,
    lignes.map(({ id }) => ({
      id,
      action: ACTIONS_ETABLISSEMENT.reafficher,
      commentaire: MOTIFS_REGLES.finSuspension,
    })),
  );
  return lignes.length;
}

/**
 * Approval withdrawn (TERMINER_PROCEDURE agrement_retire): every
 * referenced establishment of the approval gets referencee = false,
 * dateDereferencement = the transition's instant, and a
 * DEREFERENCER_ETABLISSEMENT row "Agrément retiré". Returns how many it
 * dereferenced.
 */
export async function dereferencerEtablissements(tx: Db, contexte: ContexteRegle): Promise<number> {
  const lignes = await tx
    .update(etablissements)
    .set({
      referencee: false,
      dateDereferencement: contexte.maintenant,
      dateModification: contexte.maintenant,
    })
    .where(
      and(eq(etablissements.agrementId, contexte.agrementId), eq(etablissements.referencee, true)),
    )
    .returning({ id: etablissements.id });
  await tracer(
    tx,
    contexte,
    lignes.map(({ id }) => ({
      id,
      action: ACTIONS_ETABLISSEMENT.dereferencer,
      commentaire: MOTIFS_REGLES.retrait,
    })),
  );
  return lignes.length;
}

/** Where the places a perimeter names lie: a département's région, a commune's levels, an EPCI's communes. */
interface Geographie {
  regionDe: Map<string, string>;
  commune: Map<string, { region: string; departement: string; epci: string | null }>;
  communesDe: Map<string, string[]>;
}

/**
 * The geography needed to intersect `perimetres`: every département (about
 * a hundred rows), and the communes named or belonging to a named EPCI.
 */
async function chargerGeographie(tx: Db, perimetres: PerimetreCodes[]): Promise<Geographie> {
  const codesEpcis = [...new Set(perimetres.flatMap((p) => p.epcis ?? []))];
  const codesCommunes = [...new Set(perimetres.flatMap((p) => p.communes ?? []))];
  const regionDe = new Map(
    (
      await tx
        .select({ code: departements.code, codeRegion: departements.codeRegion })
        .from(departements)
    ).map((row) => [row.code, row.codeRegion]),
  );
  const conditions = [
    ...(codesEpcis.length ? [inArray(communes.codeEpci, codesEpcis)] : []),
    ...(codesCommunes.length ? [inArray(communes.code, codesCommunes)] : []),
  ];
  const lignes = conditions.length
    ? await tx
        .select({
          code: communes.code,
          region: communes.codeRegion,
          departement: communes.codeDepartement,
          epci: communes.codeEpci,
        })
        .from(communes)
        .where(or(...conditions))
    : [];
  const commune = new Map(lignes.map(({ code, ...lieu }) => [code, lieu]));
  const communesDe = new Map<string, string[]>();
  for (const ligne of lignes)
    if (ligne.epci) communesDe.set(ligne.epci, [...(communesDe.get(ligne.epci) ?? []), ligne.code]);
  return { regionDe, commune, communesDe };
}

/** Whether `perimetre` covers the whole zone `code` of level `niveau` (spec §5 coverage). */
function couvreZone(
  geo: Geographie,
  perimetre: PerimetreCodes,
  niveau: keyof PerimetreEtablissement,
  code: string,
): boolean {
  switch (niveau) {
    case "regions":
      return couvre(perimetre, { region: code });
    case "departements":
      return couvre(perimetre, { departement: code, region: geo.regionDe.get(code) });
    case "epcis": {
      if (couvre(perimetre, { epci: code })) return true;
      // A wider zone covers an EPCI when it covers every commune of it.
      const membres = geo.communesDe.get(code) ?? [];
      return membres.length > 0 && membres.every((c) => couvreZone(geo, perimetre, "communes", c));
    }
    case "communes": {
      const lieu = geo.commune.get(code);
      return couvre(perimetre, { commune: code, ...lieu });
    }
  }
}

const NIVEAUX = ["regions", "departements", "epcis", "communes"] as const;

/** A perimeter whose each level is `liste(level)`. */
function parNiveau(liste: (niveau: (typeof NIVEAUX)[number]) => string[]): PerimetreEtablissement {
  return {
    regions: liste("regions"),
    departements: liste("departements"),
    epcis: liste("epcis"),
    communes: liste("communes"),
  };
}

/**
 * The intersection of an establishment's perimeter with the approval's
 * `accorde` one, as zones: every zone named by either that both cover
 * (an EPCI or a commune covered by a région or département kept on the other
 * side stays; a région narrowed to some of its départements becomes those
 * départements), plus the communes of an EPCI only partly covered, then
 * without the zones a kept wider one already covers. `null` when the
 * approval still covers the whole establishment's perimeter (nothing
 * changes).
 */
function intersecterPerimetres(
  geo: Geographie,
  etablissement: PerimetreEtablissement,
  accorde: PerimetreCodes,
): PerimetreEtablissement | null {
  const entier = NIVEAUX.every((niveau) =>
    etablissement[niveau].every((code) => couvreZone(geo, accorde, niveau, code)),
  );
  if (entier) return null;
  const candidats = parNiveau((niveau) => [
    ...new Set([...etablissement[niveau], ...(accorde[niveau] ?? [])]),
  ]);
  // An EPCI straddling the edge of the other perimeter: its communes inside it count.
  for (const epci of candidats.epcis)
    candidats.communes = [...new Set([...candidats.communes, ...(geo.communesDe.get(epci) ?? [])])];
  const gardes = parNiveau((niveau) =>
    candidats[niveau].filter(
      (code) =>
        couvreZone(geo, etablissement, niveau, code) && couvreZone(geo, accorde, niveau, code),
    ),
  );
  const larges = (...niveaux: (keyof PerimetreEtablissement)[]): PerimetreCodes =>
    Object.fromEntries(niveaux.map((niveau) => [niveau, gardes[niveau]]));
  return {
    regions: gardes.regions,
    departements: gardes.departements.filter(
      (code) => !couvreZone(geo, larges("regions"), "departements", code),
    ),
    epcis: gardes.epcis.filter(
      (code) => !couvreZone(geo, larges("regions", "departements"), "epcis", code),
    ),
    communes: gardes.communes.filter(
      (code) => !couvreZone(geo, larges("regions", "departements", "epcis"), "communes", code),
    ),
  };
}

/**
 * The approval's perimeter became `accorde` (MODIFIER_AGREMENT): each
 * referenced establishment whose perimeter the approval no longer wholly
 * covers gets the intersection ({@link intersecterPerimetres}) and a
 * MODIFIER_PERIMETRE_ETABLISSEMENT row (perimeter before and after in
 * `donnees`); one left with no zone is dereferenced instead (referencee
 * false, dateDereferencement, perimeter emptied, DEREFERENCER_ETABLISSEMENT
 * "Périmètre d'intervention vide", the former perimeter in `donnees`).
 * Returns the ids changed and dereferenced.
 */
export async function restreindreEtablissements(
  tx: Db,
  contexte: ContexteRegle & { accorde: PerimetreCodes },
): Promise<{ modifies: string[]; dereferences: string[] }> {
  const lignes = await referencees(tx, contexte.agrementId);
  const resultat = { modifies: [] as string[], dereferences: [] as string[] };
  if (lignes.length === 0) return resultat;
  const geo = await chargerGeographie(tx, [contexte.accorde, ...lignes.map((l) => l.perimetre)]);
  const traces: Parameters<typeof tracer>[2] = [];
  for (const { id, perimetre: avant } of lignes) {
    const apres = intersecterPerimetres(geo, avant, contexte.accorde);
    if (!apres) continue;
    const vide = perimetreVide(apres);
    await tx
      .update(etablissements)
      .set({
        perimetre: apres,
        dateModification: contexte.maintenant,
        ...(vide ? { referencee: false, dateDereferencement: contexte.maintenant } : {}),
      })
      .where(eq(etablissements.id, id));
    if (vide) {
      resultat.dereferences.push(id);
      traces.push({
        id,
        action: ACTIONS_ETABLISSEMENT.dereferencer,
        commentaire: MOTIFS_REGLES.perimetreVide,
        donnees: { perimetreAvant: avant },
      });
    } else {
      resultat.modifies.push(id);
      traces.push({
        id,
        action: ACTIONS_ETABLISSEMENT.modifierPerimetre,
        commentaire: MOTIFS_REGLES.perimetreRestreint,
        donnees: { perimetreAvant: avant, perimetre: apres },
      });
    }
  }
  await tracer(tx, contexte, traces);
  return resultat;
}
