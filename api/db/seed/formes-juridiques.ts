/**
 * Legal forms offered to candidate structures: the INSEE catégories
 * juridiques (niveau III, nomenclature of the SIRENE register) under which
 * the actors eligible to the approval are registered — companies, liberal
 * and civil partnerships, cooperatives (SCOP, SCIC), associations, local
 * authorities and their groupings, public bodies.
 */
export const FORMES_JURIDIQUES: readonly { code: string; libelle: string }[] = [
  { code: "1000", libelle: "Entrepreneur individuel" },
  { code: "4140", libelle: "Établissement public local à caractère industriel ou commercial" },
  { code: "5202", libelle: "Société en nom collectif" },
  { code: "5306", libelle: "Société en commandite simple" },
  { code: "5458", libelle: "SARL coopérative ouvrière de production (SCOP)" },
  { code: "5460", libelle: "Autre SARL coopérative" },
  { code: "5485", libelle: "Société d'exercice libéral à responsabilité limitée" },
  { code: "5498", libelle: "SARL unipersonnelle" },
  { code: "5499", libelle: "Société à responsabilité limitée (sans autre indication)" },
  { code: "5515", libelle: "SA d'économie mixte à conseil d'administration" },
  {
    code: "5558",
    libelle: "SA coopérative ouvrière de production (SCOP) à conseil d'administration",
  },
  { code: "5560", libelle: "Autre SA coopérative à conseil d'administration" },
  {
    code: "5585",
    libelle: "Société d'exercice libéral à forme anonyme à conseil d'administration",
  },
  { code: "5599", libelle: "SA à conseil d'administration (s.a.i.)" },
  { code: "5699", libelle: "SA à directoire (s.a.i.)" },
  { code: "5710", libelle: "SAS, société par actions simplifiée" },
  {
    code: "5720",
    libelle:
      "Société par actions simplifiée à associé unique ou société par actions simplifiée unipersonnelle",
  },
  { code: "5785", libelle: "Société d'exercice libéral par action simplifiée" },
  { code: "6220", libelle: "Groupement d'intérêt économique (GIE)" },
  { code: "6578", libelle: "SCP d'architectes" },
  { code: "6585", libelle: "Autre société civile professionnelle" },
  { code: "6599", libelle: "Autre société civile" },
  { code: "7210", libelle: "Commune et commune nouvelle" },
  { code: "7220", libelle: "Département" },
  { code: "7229", libelle: "(Autre) Collectivité territoriale" },
  { code: "7230", libelle: "Région" },
  { code: "7343", libelle: "Communauté urbaine" },
  { code: "7344", libelle: "Métropole" },
  { code: "7346", libelle: "Communauté de communes" },
  { code: "7348", libelle: "Communauté d'agglomération" },
  { code: "7354", libelle: "Syndicat mixte fermé" },
  { code: "7355", libelle: "Syndicat mixte ouvert" },
  { code: "7357", libelle: "Pôle d'équilibre territorial et rural (PETR)" },
  { code: "7379", libelle: "(Autre) Établissement public administratif local" },
  { code: "7410", libelle: "Groupement d'intérêt public (GIP)" },
  { code: "9220", libelle: "Association déclarée" },
  { code: "9221", libelle: "Association déclarée d'insertion par l'économique" },
  { code: "9230", libelle: "Association déclarée, reconnue d'utilité publique" },
  { code: "9260", libelle: "Association de droit local (Bas-Rhin, Haut-Rhin et Moselle)" },
  { code: "9300", libelle: "Fondation" },
];
