import { z } from "zod";

/**
 * What a search post of the request form (communes of a postal code, EPCI,
 * communes) is checked against: nothing, since it saves nothing; it only
 * comes back with what was typed and the matches.
 */
export const schemaRecherche = z.object({}).passthrough();
