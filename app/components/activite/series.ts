/** Most instructors drawn on the load chart (the table lists them all). */
export const MAX_INSTRUCTEURS_GRAPHIQUE = 15;

/** Series names of the activity charts, shared by the charts (server) and their tables (page). */
export const SERIES = {
  mensuel: ["Dossiers déposés", "Agréments validés", "Agréments refusés"],
  charge: ["En cours", "Terminés"],
  agrements: ["Nombre d'agréments"],
  delais: ["Décisions"],
  etapes: ["Dossiers"],
} as const;
