/**
 * The endpoint declarations of the applicant's establishment pages,
 * reached like those of `~/.server/api-client.server` (a server-only
 * module, so that contract/api stays out of the browser's bundles; relative
 * path: the lint pattern that keeps api/ out of app/ takes `#contract/api`
 * for api/).
 */
export {
  aUnEtablissement,
  lireEtablissementAgrement,
  lireEtpRequis,
  listerEtablissementsAReferencer,
  listerEtablissementsAgrement,
  modifierPerimetreEtablissement,
  rechercherCommunesAgrement,
  rechercherEpcisAgrement,
  referencerEtablissement,
} from "../../../contract/api/etablissements.ts";
