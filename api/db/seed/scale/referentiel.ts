/**
 * What the scale dataset is built on, read once from the database: the
 * geography of @etalab/decoupage-administratif (communes with their postal
 * codes and population, départements, régions, EPCI), the instruction
 * services with the départements they cover, and the arrêtés. Sorted by
 * code, so that the same database gives the same dataset.
 */
import type { Database } from "../../client.ts";
import type { Hasard } from "./hasard.ts";

export interface CommuneRef {
  code: string;
  nom: string;
  departement: string;
  region: string;
  epci: string | null;
  population: number;
  codesPostaux: string[];
}

export interface ServiceRef {
  id: number;
  code: string;
  /** Départements it covers (DESIGN §4), the first giving its région. */
  departements: string[];
  region: string;
}

export interface Referentiel {
  regions: { code: string; nom: string }[];
  departements: { code: string; nom: string; region: string }[];
  epcis: Map<string, { code: string; nom: string }>;
  communes: CommuneRef[];
  communesParDepartement: Map<string, CommuneRef[]>;
  communesParEpci: Map<string, CommuneRef[]>;
  /** EPCI codes with at least one commune in the département. */
  epcisParDepartement: Map<string, string[]>;
  services: ServiceRef[];
  serviceParDepartement: Map<string, ServiceRef>;
  /** The current arrêté (requests filed since its effective date) and the one before. */
  arretes: { courant: { id: number; dateEffet: string }; ancien: { id: number } };
}

/** Adds `valeur` to the list of `cle` in `carte`. */
function ajouter<K, V>(carte: Map<K, V[]>, cle: K, valeur: V): void {
  const liste = carte.get(cle);
  if (liste) liste.push(valeur);
  else carte.set(cle, [valeur]);
}

/**
 * Reads the reference data. Throws a French error when the geography or
 * the services are missing (the reference seed must have run first).
 */
export async function chargerReferentiel(database: Database): Promise<Referentiel> {
  const regions = await database.query<{ code: string; nom: string }>(
    "select code, nom from region order by code",
  );
  const departements = await database.query<{ code: string; nom: string; region: string }>(
    "select code, nom, code_region as region from departement order by code",
  );
  const epcis = await database.query<{ code: string; nom: string }>(
    "select code, nom from epci order by code",
  );
  const communes = await database.query<CommuneRef>(
    `select c.code, c.nom, c.code_departement as departement, c.code_region as region,
            c.code_epci as epci, coalesce(c.population, 0)::int as population,
            array_agg(cp.code_postal order by cp.code_postal) as "codesPostaux"
       from commune c join commune_code_postal cp on cp.code_commune = c.code
      group by c.code order by c.code`,
  );
  const services = await database.query<{ id: number; code: string; departements: string[] }>(
    `select s.id, s.code, array_agg(sd.code_departement order by sd.code_departement) as departements
       from service_instructeur s
       join service_instructeur_departement sd on sd.service_instructeur_id = s.id
      group by s.id, s.code order by s.code`,
  );
  const arretes = await database.query<{ id: number; current: boolean; dateEffet: string }>(
    `select id, current, to_char(date_effet, 'YYYY-MM-DD') as "dateEffet" from arrete order by date_effet, id`,
  );
  const courant = arretes.find((arrete) => arrete.current);
  if (communes.length === 0 || services.length === 0 || !courant)
    throw new Error(
      "Les données de référence (géographie, services instructeurs, arrêtés) sont absentes : lancez d'abord « npm run seed » sans option.",
    );

  const regionDe = new Map(departements.map((dep) => [dep.code, dep.region]));
  const communesParDepartement = new Map<string, CommuneRef[]>();
  const communesParEpci = new Map<string, CommuneRef[]>();
  const epcisParDepartement = new Map<string, Set<string>>();
  for (const commune of communes) {
    ajouter(communesParDepartement, commune.departement, commune);
    if (commune.epci) {
      ajouter(communesParEpci, commune.epci, commune);
      const ensemble = epcisParDepartement.get(commune.departement) ?? new Set<string>();
      ensemble.add(commune.epci);
      epcisParDepartement.set(commune.departement, ensemble);
    }
  }
  const servicesRef = services.map((service) => ({
    ...service,
    region: regionDe.get(service.departements[0])!,
  }));
  const serviceParDepartement = new Map<string, ServiceRef>();
  for (const service of servicesRef)
    for (const dep of service.departements) serviceParDepartement.set(dep, service);
  const ancien = arretes.filter((arrete) => arrete.id !== courant.id).at(-1) ?? courant;
  return {
    regions,
    departements,
    epcis: new Map(epcis.map((epci) => [epci.code, epci])),
    communes,
    communesParDepartement,
    communesParEpci,
    epcisParDepartement: new Map(
      [...epcisParDepartement].map(([dep, codes]) => [dep, [...codes].sort()]),
    ),
    services: servicesRef,
    serviceParDepartement,
    arretes: {
      courant: { id: courant.id, dateEffet: courant.dateEffet },
      ancien: { id: ancien.id },
    },
  };
}

/**
 * Draws communes in proportion to their population (a company's head
 * office is where people live), with a binary search over the cumulated
 * populations.
 */
export class TirageCommunes {
  private readonly cumul: Float64Array;
  private readonly communes: CommuneRef[];

  constructor(communes: CommuneRef[]) {
    this.communes = communes.filter((commune) => commune.population > 0);
    this.cumul = new Float64Array(this.communes.length);
    let total = 0;
    this.communes.forEach((commune, index) => {
      total += commune.population;
      this.cumul[index] = total;
    });
  }

  /** One commune, the more populated the likelier. */
  tirer(hasard: Hasard): CommuneRef {
    const cible = hasard.reel() * this.cumul[this.cumul.length - 1];
    let bas = 0;
    let haut = this.cumul.length - 1;
    while (bas < haut) {
      const milieu = (bas + haut) >> 1;
      if (this.cumul[milieu] > cible) haut = milieu;
      else bas = milieu + 1;
    }
    return this.communes[bas];
  }
}
