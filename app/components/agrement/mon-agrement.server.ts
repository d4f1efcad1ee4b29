/** The signed-in applicant's approval, as the layout, the home and /mon-agrement read it. */
import type { AppLoadContext } from "@remix-run/node";
import type { Agrement } from "#contract/schemas/agrement";
import { callEndpoint, lireMonAgrement } from "~/.server/api-client.server";

/**
 * `GET /api/agrement/mon-agrement`: the applicant's approval, or null when
 * he has none (404). Other failures are thrown (ApiError, login redirect).
 */
export async function chargerMonAgrement(
  request: Request,
  context: AppLoadContext,
): Promise<Agrement | null> {
  try {
    return await callEndpoint(request, context, lireMonAgrement);
  } catch (error) {
    if (error instanceof Response && error.status === 404) return null;
    throw error;
  }
}
