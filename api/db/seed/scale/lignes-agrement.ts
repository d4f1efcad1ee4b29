/**
 * Rows of an approval of the scale dataset (spec §3 Agrement): the
 * approval with its number, validity and perimeter (the request's step 2,
 * widened by the extensions granted since), its certificates, its
 * withdrawal procedures, and its establishments (spec §3 Etablissement)
 * spread inside that perimeter, dereferenced when the approval was
 * withdrawn or expired; each establishment is also in the company
 * registry (embedded registry, ADR 0016), where every approved company has
 * one more establishment it has not referenced.
 */
import { normaliserRecherche } from "../../../../contract/texte.ts";
import type { PerimetreEtablissement } from "../../schema.ts";
import { JOUR_MS, jourDe, jourParis, validite } from "./chronologie.ts";
import { siretEchelle, uuidEchelle } from "./identifiants.ts";
import { numeroAgrement, type ContexteSociete } from "./contexte.ts";
import type { Resultat } from "./lignes-dossier.ts";
import type { DossierPlan } from "./plan.ts";
import { TirageCommunes, type CommuneRef, type Referentiel } from "./referentiel.ts";
import { adresse, identifiantMail, personne, telephone } from "./societes.ts";
import { COMPLEMENTS_ADRESSE } from "./vocabulaire.ts";

/** Notable-change states in which the extension was granted (parcours.ts readings). */
const EXTENSIONS_ACCORDEES = new Set(["disponible", "terminee", "accordee_tacitement"]);
/** Steps that change the approval itself (a new version). */
const CHANGENT_AGREMENT = new Set([
  "CREER_PROCEDURE",
  "MODIFIER_PROCEDURE",
  "TERMINER_PROCEDURE",
  "MODIFIER_AGREMENT",
]);

/** Population-weighted draws of communes, by département or EPCI, built once per zone. */
const tirages = new WeakMap<Referentiel, Map<string, TirageCommunes>>();
function tirageDe(referentiel: Referentiel, cle: string, communes: CommuneRef[]): TirageCommunes {
  let cache = tirages.get(referentiel);
  if (!cache) tirages.set(referentiel, (cache = new Map()));
  let tirage = cache.get(cle);
  if (!tirage) {
    const peuplees = communes.some((commune) => commune.population > 0)
      ? communes
      : communes.map((commune) => ({ ...commune, population: 1 }));
    cache.set(cle, (tirage = new TirageCommunes(peuplees)));
  }
  return tirage;
}

/** Adds the approval of `dossier` and what hangs on it to the company's lot. */
export function lignesAgrement(
  contexte: ContexteSociete,
  dossier: DossierPlan,
  dossiersSociete: DossierPlan[],
  resultats: Map<string, Resultat>,
): void {
  const { lot, societe, equipe } = contexte;
  const agrement = dossier.agrement!;
  const resultat = resultats.get(dossier.id)!;
  const etape2 = resultat.etape2!;
  const perimetre: PerimetreEtablissement = {
    regions: [...etape2.regions],
    departements: [...etape2.departements],
    epcis: [...etape2.epcis],
    communes: [...etape2.communes],
  };
  for (const changement of dossiersSociete)
    if (changement.demandeAgrement === dossier.id && EXTENSIONS_ACCORDEES.has(changement.etat))
      for (const code of resultats.get(changement.id)!.etape2!.departements)
        if (!perimetre.departements.includes(code)) perimetre.departements.push(code);
  perimetre.departements.sort();

  const changements = dossier.chronologie.etapes.filter((etape) =>
    CHANGENT_AGREMENT.has(etape.action),
  );
  const numero = numeroAgrement(contexte, dossier);
  const { dateDebut, dateFin } = validite(agrement.dateOctroi);
  lot.agrement.push({
    id: agrement.id,
    societeId: societe.id,
    demandeId: dossier.id,
    numeroAgrement: numero,
    etat: agrement.etat,
    dateDebut,
    dateFin,
    dateOctroi: new Date(agrement.dateOctroi),
    perimetre,
    raisonSociale: societe.raisonSociale,
    qualite: societe.qualites[0],
    codeDepartement: societe.siege.departement,
    codeRegion: societe.siege.region,
    serviceInstructeurId: equipe.service.id,
    version: 1 + changements.length,
    dateCreation: new Date(agrement.dateOctroi),
    dateModification: new Date(changements.at(-1)?.date ?? agrement.dateOctroi),
  });
  resultat.attestations.forEach((attestation, rang) => {
    lot.attestation.push({
      agrementId: agrement.id,
      pieceJointeId: attestation.pieceId,
      isCurrent: rang === resultat.attestations.length - 1,
      date: new Date(attestation.date),
    });
  });

  let procedure: (typeof lot.procedure_agrement)[number] | null = null;
  let retrait: number | null = null;
  for (const etape of changements) {
    if (etape.action === "CREER_PROCEDURE") {
      procedure = {
        agrementId: agrement.id,
        demandeId: dossier.id,
        type: etape.typeProcedure!,
        etat: "en_cours",
        dateNotification: etape.dateNotification!,
        decision: null,
        dateDecision: null,
        dateCreation: new Date(etape.date),
      };
      lot.procedure_agrement.push(procedure);
    } else if (etape.action === "MODIFIER_PROCEDURE" && procedure) {
      procedure.dateNotification = etape.dateNotification!;
    } else if (etape.action === "TERMINER_PROCEDURE" && procedure) {
      procedure.etat = "termine";
      procedure.decision = etape.decision!;
      procedure.dateDecision = jourParis(etape.date);
      if (etape.decision === "agrement_retire") retrait = etape.date;
    }
  }

  const finReference =
    retrait ?? (agrement.etat === "perime" ? (jourDe(dateFin) + 1) * JOUR_MS : null);
  etablissements(contexte, dossier, perimetre, finReference);
}

/**
 * The establishments of the approval of `dossier`: the head office first,
 * then agencies in communes of the perimeter, each with a perimeter inside
 * the approval's and a referent; referenced after the applicant saw the
 * decision, dereferenced at `finReference` when the approval ended.
 */
function etablissements(
  contexte: ContexteSociete,
  dossier: DossierPlan,
  perimetre: PerimetreEtablissement,
  finReference: number | null,
): void {
  const { hasard, lot, societe, plan } = contexte;
  const agrement = dossier.agrement!;
  const vu =
    dossier.chronologie.etapes.find((etape) => etape.action === "VISUALISER_RESULTAT")?.date ??
    agrement.dateOctroi;
  const limite = (finReference ?? plan.maintenant) - 3_600_000;
  const nomInsee = normaliserRecherche(societe.raisonSociale).toUpperCase();
  for (let rang = 1; rang <= agrement.etablissements; rang++) {
    const commune = rang === 1 ? societe.siege : communeDans(contexte, perimetre);
    const referent = personne(hasard);
    const creation = vu + hasard.reel() * Math.max(JOUR_MS, limite - vu);
    const ville = commune.nom;
    const etablissement: (typeof lot.etablissement)[number] = {
      id: uuidEchelle("etablissement", contexte.compteurs.etablissements),
      agrementId: agrement.id,
      societeId: societe.id,
      reference: `ETB-${String(++contexte.compteurs.etablissements).padStart(7, "0")}`,
      raisonSociale: societe.raisonSociale,
      nom: rang === 1 ? "Siège" : `Agence de ${ville}`,
      nomInsee,
      nomMar: rang === 1 ? societe.raisonSociale : `${societe.raisonSociale} – ${ville}`,
      siret: siretEchelle(societe.siren, rang),
      adresse1: rang === 1 ? societe.adresse : adresse(hasard),
      adresse2:
        rang === 1
          ? (societe.complementAdresse ?? null)
          : hasard.chance(0.2)
            ? hasard.choix(COMPLEMENTS_ADRESSE)
            : null,
      codePostal: rang === 1 ? societe.codePostal : hasard.choix(commune.codesPostaux),
      ville,
      codeCommune: commune.code,
      tel: rang === 1 ? societe.telephone : telephone(hasard, commune.region),
      email:
        rang === 1
          ? `contact@${societe.domaine}`
          : `${normaliserRecherche(ville).replace(/ /g, "-")}@${societe.domaine}`,
      siteInternet: `https://www.${societe.domaine}`,
      etp: Math.round((0.5 + hasard.reel() * (rang === 1 ? 12 : 5)) * 2) / 2,
      perimetre: sousPerimetre(contexte, commune, perimetre),
      referent: {
        civilite: referent.civilite,
        nom: referent.nom,
        prenom: referent.prenom,
        email: `${identifiantMail(referent)}@${societe.domaine}`,
        tel: telephone(hasard, commune.region, true),
      },
      referencee: finReference === null,
      dateCreation: new Date(Math.min(creation, limite)),
      dateModification: new Date(finReference ?? Math.min(creation, limite)),
      dateDereferencement: finReference === null ? null : new Date(finReference),
    };
    lot.etablissement.push(etablissement);
    inscrireAuRegistre(contexte, { ...etablissement, siege: rang === 1 });
  }
}

/**
 * Adds establishment `etablissement` to the company registry, once per
 * SIRET (a company's later approvals reference the same SIRETs again).
 */
function inscrireAuRegistre(
  contexte: ContexteSociete,
  etablissement: {
    siret: string;
    nomInsee?: string | null;
    siege: boolean;
    adresse1: string;
    adresse2?: string | null;
    codePostal: string;
    ville: string;
    codeCommune?: string | null;
  },
): void {
  if (contexte.siretsRegistre.has(etablissement.siret)) return;
  contexte.siretsRegistre.add(etablissement.siret);
  contexte.lot.registre_etablissement.push({
    siret: etablissement.siret,
    siren: contexte.societe.siren,
    nomInsee:
      etablissement.nomInsee ?? normaliserRecherche(contexte.societe.raisonSociale).toUpperCase(),
    siege: etablissement.siege,
    adresse1: etablissement.adresse1,
    adresse2: etablissement.adresse2 ?? null,
    codePostal: etablissement.codePostal,
    ville: etablissement.ville,
    codeCommune: etablissement.codeCommune ?? null,
    actif: true,
  });
}

/**
 * The establishment of an approved company that it has not referenced (so
 * that "establishments to reference" is never empty in the dataset): its
 * head office when none of its approvals referenced any establishment,
 * else an agency in its head office's commune; with the next SIRET of the
 * company. Drawn after all its approvals, so the rest of the dataset is
 * unchanged.
 */
export function etablissementNonReference(contexte: ContexteSociete): void {
  const { hasard, societe } = contexte;
  const commune = societe.siege;
  const nomInsee = normaliserRecherche(societe.raisonSociale).toUpperCase();
  const siege = contexte.siretsRegistre.size === 0;
  inscrireAuRegistre(contexte, {
    siret: siretEchelle(societe.siren, contexte.siretsRegistre.size + 1),
    nomInsee: siege ? nomInsee : `${nomInsee} ${normaliserRecherche(commune.nom).toUpperCase()}`,
    siege,
    adresse1: siege ? societe.adresse : adresse(hasard),
    adresse2: siege
      ? (societe.complementAdresse ?? null)
      : hasard.chance(0.2)
        ? hasard.choix(COMPLEMENTS_ADRESSE)
        : null,
    codePostal: siege ? societe.codePostal : hasard.choix(commune.codesPostaux),
    ville: commune.nom,
    codeCommune: commune.code,
  });
}

/** A commune inside `perimetre`, the more populated the likelier. */
function communeDans(contexte: ContexteSociete, perimetre: PerimetreEtablissement): CommuneRef {
  const { hasard, referentiel } = contexte;
  const peuple = (code: string) => referentiel.communesParDepartement.has(code);
  const zones = [
    ...perimetre.regions.map((code) => ["region", code] as const),
    ...perimetre.departements.filter(peuple).map((code) => ["departement", code] as const),
    ...perimetre.epcis.map((code) => ["epci", code] as const),
  ];
  if (zones.length === 0) {
    const code = hasard.choix(perimetre.communes);
    return referentiel.communes.find((commune) => commune.code === code)!;
  }
  const [type, code] = hasard.choix(zones);
  if (type === "epci")
    return tirageDe(referentiel, `epci:${code}`, referentiel.communesParEpci.get(code)!).tirer(
      hasard,
    );
  const departement =
    type === "departement"
      ? code
      : hasard.choix(
          referentiel.departements.filter((dep) => dep.region === code && peuple(dep.code)),
        ).code;
  return tirageDe(
    referentiel,
    `dep:${departement}`,
    referentiel.communesParDepartement.get(departement)!,
  ).tirer(hasard);
}

/**
 * The intervention perimeter of an establishment in `commune`, inside the
 * approval's `perimetre` (spec §5: limited to the granted perimeter): its
 * département, or its EPCI's communes of that département, or the
 * approval's EPCI or communes it stands in.
 */
function sousPerimetre(
  contexte: ContexteSociete,
  commune: CommuneRef,
  perimetre: PerimetreEtablissement,
): PerimetreEtablissement {
  const { hasard, referentiel } = contexte;
  const vide: PerimetreEtablissement = { regions: [], departements: [], epcis: [], communes: [] };
  const couvert =
    perimetre.regions.includes(commune.region) ||
    perimetre.departements.includes(commune.departement);
  if (couvert) {
    if (commune.epci && hasard.chance(0.4)) {
      const voisines = referentiel.communesParEpci
        .get(commune.epci)!
        .filter((autre) => autre.departement === commune.departement)
        .slice(0, 12)
        .map((autre) => autre.code);
      return { ...vide, communes: [...new Set([commune.code, ...voisines])].sort() };
    }
    return { ...vide, departements: [commune.departement] };
  }
  if (commune.epci && perimetre.epcis.includes(commune.epci))
    return { ...vide, epcis: [commune.epci] };
  const communes = perimetre.communes.length ? perimetre.communes : [commune.code];
  return {
    ...vide,
    communes: hasard.plusieurs(communes, hasard.entier(1, Math.min(8, communes.length))).sort(),
  };
}
