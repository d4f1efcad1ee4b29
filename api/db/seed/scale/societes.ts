/**
 * Applicant companies of the scale dataset: a unique French name that fits
 * the company's quality (contract/qualites.ts), a SIREN, a head office at a
 * real address of a real commune (drawn in proportion to population), the
 * legal form, the representative who holds the applicant account, and the
 * contents of steps 1 and 2 its requests carry (contract/schemas/demande.ts).
 */
import type { CodeQualite } from "../../../../contract/qualites.ts";
import type { Etape1, Etape2 } from "../../../../contract/schemas/demande.ts";
import { normaliserRecherche } from "../../../../contract/texte.ts";
import type { Hasard } from "./hasard.ts";
import { sirenEchelle, uuidEchelle } from "./identifiants.ts";
import type { CommuneRef, Referentiel, TirageCommunes } from "./referentiel.ts";
import {
  COMPLEMENTS_ADRESSE,
  FORMULES_ARCHITECTE,
  FORMULES_ESPACE_CONSEIL,
  FORMULES_TIERS_FINANCEMENT,
  NOMS,
  NOMS_STRUCTURE,
  NOMS_VOIE,
  PRECISIONS_COMMUNES,
  PRENOMS_FEMININS,
  PRENOMS_MASCULINS,
  QUALITES_SIGNATAIRE,
  TYPES_VOIE,
} from "./vocabulaire.ts";

/** Share of each quality among candidate structures. */
const POIDS_QUALITES: Record<CodeQualite, number> = {
  qualityRGE: 25,
  qualityAudit: 20,
  qualityArchi: 14,
  qualityOp: 12,
  qualityEcfr: 10,
  qualityAnah: 8,
  qualityEPCI: 7,
  qualitySTF: 4,
};

/** INSEE legal forms (api/db/seed/formes-juridiques.ts) plausible for each quality. */
const FORMES_PAR_QUALITE: Record<CodeQualite, readonly string[]> = {
  qualityRGE: ["5710", "5710", "5499", "5720", "5498", "1000"],
  qualityAudit: ["5710", "5499", "5720", "5498", "1000"],
  qualityArchi: ["5485", "6578", "5785", "1000", "5499"],
  qualityOp: ["9220", "5710", "5499", "5515", "7410"],
  qualityEcfr: ["9220", "9220", "7379", "7355", "7410"],
  qualityAnah: ["9220", "9230", "5710", "5515"],
  qualityEPCI: ["7346"],
  qualitySTF: ["5515", "5710", "7379"],
};

/** Landline prefix by région (DOM numbers carry their own). */
const INDICATIFS: Record<string, string> = {
  "01": "0590",
  "02": "0596",
  "03": "0594",
  "04": "0262",
  "06": "0269",
  "11": "01",
  "24": "02",
  "28": "02",
  "52": "02",
  "53": "02",
  "27": "03",
  "32": "03",
  "44": "03",
  "84": "04",
  "93": "04",
  "94": "04",
  "75": "05",
  "76": "05",
};

export interface Personne {
  civilite: "M." | "Mme";
  prenom: string;
  nom: string;
}

export interface SocietePlan {
  index: number;
  id: string;
  siren: string;
  raisonSociale: string;
  /** Lower-case ASCII form of the name, unique: the company's web domain. */
  domaine: string;
  qualites: CodeQualite[];
  formeJuridique: string;
  dateCreationStructure: string;
  siege: CommuneRef;
  codePostal: string;
  adresse: string;
  complementAdresse?: string;
  telephone: string;
  /** The representative holding the applicant account. */
  representant: Personne & { id: string; email: string; telephone: string; qualite: string };
}

/** A random person. */
export function personne(hasard: Hasard): Personne {
  const femme = hasard.chance(0.5);
  return {
    civilite: femme ? "Mme" : "M.",
    prenom: hasard.choix(femme ? PRENOMS_FEMININS : PRENOMS_MASCULINS),
    nom: hasard.choix(NOMS),
  };
}

/** "prenom.nom" in lower-case ASCII, for e-mail addresses. */
export function identifiantMail(personne: Pick<Personne, "prenom" | "nom">): string {
  return normaliserRecherche(`${personne.prenom} ${personne.nom}`).replace(/ /g, ".");
}

/** A phone number of the head office's région, as people type it ("02 99 12 34 56"). */
export function telephone(hasard: Hasard, region: string, mobile = false): string {
  const indicatif = mobile ? hasard.choix(["06", "07"]) : (INDICATIFS[region] ?? "09");
  let chiffres = indicatif;
  while (chiffres.length < 10) chiffres += String(hasard.entier(0, 9));
  return chiffres.replace(/(\d{2})(?=\d)/g, "$1 ");
}

/** A street address: "12 rue Victor Hugo". */
export function adresse(hasard: Hasard): string {
  const numero = hasard.chance(0.9) ? `${hasard.entier(1, 180)} ` : "";
  return `${numero}${hasard.choix(TYPES_VOIE)} ${hasard.choix(NOMS_VOIE)}`;
}

/** Names of places a company name may carry: its commune, département or région. */
function lieu(hasard: Hasard, referentiel: Referentiel, siege: CommuneRef): string {
  const choix = hasard.pondere({ commune: 5, departement: 3, region: 2 });
  if (choix === "commune") return siege.nom;
  if (choix === "departement")
    return referentiel.departements.find((dep) => dep.code === siege.departement)!.nom;
  return referentiel.regions.find((region) => region.code === siege.region)!.nom;
}

/** A name candidate for a structure of `qualite` (may already be taken). */
function nomCandidat(
  hasard: Hasard,
  referentiel: Referentiel,
  qualite: CodeQualite,
  siege: CommuneRef,
): string {
  const endroit = lieu(hasard, referentiel, siege);
  const nom = hasard.choix(NOMS);
  if (qualite === "qualityArchi") return hasard.choix(FORMULES_ARCHITECTE)(nom, siege.nom);
  if (qualite === "qualitySTF") return hasard.choix(FORMULES_TIERS_FINANCEMENT)(endroit);
  if (qualite === "qualityEcfr") return hasard.choix(FORMULES_ESPACE_CONSEIL)(endroit);
  const famille =
    qualite === "qualityRGE"
      ? NOMS_STRUCTURE.rge
      : qualite === "qualityAudit"
        ? NOMS_STRUCTURE.audit
        : NOMS_STRUCTURE.conseil;
  const tete = hasard.choix(famille.tetes);
  const queue = hasard.choix(famille.queues.filter((mot) => mot !== tete));
  const marque = tete.endsWith("'") ? `${tete}${queue}` : `${tete} ${queue}`;
  const forme = hasard.pondere({ lieu: 5, nom: 2, marqueNom: 2, associes: 1 });
  if (forme === "lieu") return `${marque} ${endroit}`;
  if (forme === "nom") return `${nom} ${queue}`;
  if (forme === "marqueNom") return `${marque} ${nom}`;
  return `${nom} & ${hasard.choix(NOMS.filter((autre) => autre !== nom))} ${queue}`;
}

/** Generates the companies of the dataset, names and domains unique. */
export class FabriqueSocietes {
  private readonly noms = new Set<string>();
  private readonly domaines = new Set<string>();
  private readonly epcisLibres: string[];

  constructor(
    private readonly hasard: Hasard,
    private readonly referentiel: Referentiel,
    private readonly tirage: TirageCommunes,
  ) {
    this.epcisLibres = hasard.melange([...referentiel.communesParEpci.keys()]);
  }

  /** Company `index` (from 0). */
  societe(index: number): SocietePlan {
    const { hasard, referentiel } = this;
    let qualite = hasard.pondere(POIDS_QUALITES);
    let siege = this.tirage.tirer(hasard);
    let raisonSociale: string | undefined;
    let formeJuridique = hasard.choix(FORMES_PAR_QUALITE[qualite]);
    if (qualite === "qualityEPCI") {
      // An EPCI applies under its own name, seated in its largest commune.
      const epci = this.epcisLibres.pop();
      if (epci) {
        raisonSociale = referentiel.epcis.get(epci)!.nom;
        siege = referentiel.communesParEpci
          .get(epci)!
          .reduce((plus, commune) => (commune.population > plus.population ? commune : plus));
        formeJuridique = formeEpci(raisonSociale);
      } else qualite = "qualityOp";
    }
    for (let essai = 0; !raisonSociale || this.noms.has(raisonSociale); essai++) {
      raisonSociale = nomCandidat(hasard, referentiel, qualite, siege);
      if (essai > 20) raisonSociale = `${raisonSociale} – ${siege.nom}`;
      if (essai > 40) raisonSociale = `${raisonSociale} ${essai}`;
    }
    this.noms.add(raisonSociale);
    const domaine = this.domaine(raisonSociale);
    const qualites: CodeQualite[] = [qualite];
    if (qualite !== "qualityEPCI" && hasard.chance(0.2)) {
      const seconde = hasard.pondere(POIDS_QUALITES);
      if (seconde !== qualite && seconde !== "qualityEPCI") qualites.push(seconde);
    }
    const representant = personne(hasard);
    return {
      index,
      id: uuidEchelle("societe", index),
      siren: sirenEchelle(index),
      raisonSociale,
      domaine,
      qualites,
      formeJuridique,
      dateCreationStructure: `${hasard.entier(1978, 2022)}-${String(hasard.entier(1, 12)).padStart(2, "0")}-${String(hasard.entier(1, 28)).padStart(2, "0")}`,
      siege,
      codePostal: hasard.choix(siege.codesPostaux),
      adresse: adresse(hasard),
      complementAdresse: hasard.chance(0.3) ? hasard.choix(COMPLEMENTS_ADRESSE) : undefined,
      telephone: telephone(hasard, siege.region),
      representant: {
        ...representant,
        id: uuidEchelle("utilisateur", index),
        email: `${identifiantMail(representant)}@${domaine}`,
        telephone: telephone(hasard, siege.region, true),
        qualite: hasard.choix(QUALITES_SIGNATAIRE[representant.civilite]),
      },
    };
  }

  /** "renov-habitat-bretagne.example.org", unique (reserved domain: mail never leaves). */
  private domaine(raisonSociale: string): string {
    const base = normaliserRecherche(raisonSociale)
      .replace(/ /g, "-")
      .slice(0, 48)
      .replace(/-$/, "");
    let domaine = `${base}.example.org`;
    for (let rang = 2; this.domaines.has(domaine); rang++) domaine = `${base}-${rang}.example.org`;
    this.domaines.add(domaine);
    return domaine;
  }
}

/** Legal form of an EPCI from its name ("CC …", "CA …", "CU …", "Métropole …"). */
function formeEpci(nom: string): string {
  if (/^CA\b|agglom/i.test(nom)) return "7348";
  if (/^CU\b|urbaine/i.test(nom)) return "7343";
  if (/m[ée]tropole/i.test(nom)) return "7344";
  return "7346";
}

/** Step 1 of a request of `societe` (contract schemaEtape1 output). */
export function etape1(societe: SocietePlan, qualite: CodeQualite): Etape1 {
  const { representant } = societe;
  return {
    signataireNom: representant.nom,
    signatairePrenom: representant.prenom,
    signataireQualite: representant.qualite,
    structureQualite: qualite,
    formeJuridique: societe.formeJuridique,
    dateCreationStructure: societe.dateCreationStructure,
    telephone: societe.telephone,
    email: `contact@${societe.domaine}`,
    adresse: societe.adresse,
    ...(societe.complementAdresse ? { complementAdresse: societe.complementAdresse } : {}),
    codePostal: societe.codePostal,
    commune: societe.siege.code,
  };
}

/** A figure with at most two decimals, mostly whole or half. */
function etp(hasard: Hasard, min: number, max: number): number {
  const valeur = min + hasard.reel() * (max - min);
  return hasard.chance(0.7) ? Math.round(valeur * 2) / 2 : Math.round(valeur * 100) / 100;
}

/**
 * Step 2 of a request seated at `siege` (contract schemaEtape2 output, as
 * api/domain/demandes/etapes.ts verifierEtape2 normalises it): a perimeter
 * around the head office — its région, some départements of its région,
 * some EPCI of its département, or its département with communes named —
 * and, under the current arrêté (`etp`), the staffing figures.
 */
export function etape2(
  hasard: Hasard,
  referentiel: Referentiel,
  siege: CommuneRef,
  avecEtp: boolean,
): Etape2 {
  const perimetre = {
    regions: [] as string[],
    departements: [] as string[],
    epcis: [] as string[],
    communes: [] as string[],
  };
  let precisions: string | undefined;
  const mode = hasard.pondere({ region: 12, departements: 48, epcis: 22, communes: 18 });
  const epcisDuDepartement = referentiel.epcisParDepartement.get(siege.departement) ?? [];
  if (mode === "region") perimetre.regions = [siege.region];
  else if (mode === "epcis" && epcisDuDepartement.length) {
    const autres = hasard.plusieurs(
      epcisDuDepartement.filter((code) => code !== siege.epci),
      hasard.entier(0, 5),
    );
    perimetre.epcis = [...new Set([...(siege.epci ? [siege.epci] : []), ...autres])].sort();
    if (perimetre.epcis.length === 0) perimetre.epcis = [epcisDuDepartement[0]];
  } else if (mode === "communes") {
    perimetre.departements = [siege.departement];
    const voisines = referentiel.communesParDepartement.get(siege.departement)!;
    perimetre.communes = hasard
      .plusieurs(voisines, hasard.entier(3, 25))
      .map((commune) => commune.code)
      .sort();
    precisions = hasard.choix(PRECISIONS_COMMUNES);
  } else {
    const memeRegion = referentiel.departements
      .filter(
        (dep) =>
          dep.region === siege.region &&
          dep.code !== siege.departement &&
          referentiel.communesParDepartement.has(dep.code),
      )
      .map((dep) => dep.code);
    perimetre.departements = [
      siege.departement,
      ...hasard.plusieurs(memeRegion, hasard.entier(0, 3)),
    ].sort();
  }
  const figures: Partial<Etape2> = {};
  if (avecEtp) {
    const structure = etp(hasard, 1, 40);
    const accompagnement = Math.min(structure, etp(hasard, 0.5, Math.max(0.5, structure)));
    const previsionnel = etp(hasard, accompagnement, accompagnement + 4);
    Object.assign(figures, {
      nb_etp_struct: structure,
      nb_etp_accomp: accompagnement,
      nb_etp_accomp_prev: previsionnel,
      nb_etp_accomp_renf_prev: Math.min(previsionnel, etp(hasard, 0, previsionnel)),
      part_activite_previsionnelle: hasard.entier(5, 100),
      missionsFacultatives: hasard.chance(0.4),
    });
  }
  return { ...perimetre, precisions, ...figures } as Etape2;
}

/**
 * The zones a perimeter extension adds to `actuel`: one or two départements
 * not yet covered, of the head office's région first.
 */
export function extension(
  hasard: Hasard,
  referentiel: Referentiel,
  siege: CommuneRef,
  actuel: Pick<Etape2, "regions" | "departements">,
): Etape2 {
  const libres = referentiel.departements.filter(
    (dep) =>
      referentiel.communesParDepartement.has(dep.code) &&
      !actuel.regions.includes(dep.region) &&
      !actuel.departements.includes(dep.code),
  );
  const proches = libres.filter((dep) => dep.region === siege.region);
  const choisis = hasard.plusieurs(proches.length ? proches : libres, hasard.entier(1, 2));
  return {
    regions: [],
    departements: choisis.map((dep) => dep.code).sort(),
    epcis: [],
    communes: [],
    precisions: undefined,
  } as Etape2;
}
