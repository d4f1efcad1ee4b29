/**
 * The BFF's side of the functional administrator's settings: the
 * declarations of contract/api/administration.ts, for
 * `callEndpoint` in the loaders and actions of /administration/… only
 * (a `.server` module: they never reach the browser's bundle).
 */
export {
  basculerFonctionnalite,
  creerBandeau,
  fixerBorneSuperviseur,
  lireSuperviseur,
  listerBandeauxAdministres,
  listerFonctionnalitesAdministrees,
  listerSuperviseurs,
  retirerBandeau,
} from "../../contract/api/administration.ts";
