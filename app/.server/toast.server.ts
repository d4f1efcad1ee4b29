import { redirect, type AppLoadContext } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import type { Toast } from "./context";
import { commitSession, getSession } from "./session.server";

/**
 * Post/Redirect/Get with a notification (DESIGN §6): flashes `toast` in the
 * session and redirects to `url` (a same-origin path).
 */
export async function redirectWithToast(
  url: string,
  toast: Omit<Toast, "id">,
  {
    request,
    context,
    headers,
  }: { request: Request; context: AppLoadContext; headers?: HeadersInit },
): Promise<Response> {
  const session = await getSession(request, context);
  session.flash("toast", { id: randomUUID(), ...toast });
  const responseHeaders = new Headers(headers);
  responseHeaders.append("Set-Cookie", await commitSession(session, context));
  return redirect(url, { headers: responseHeaders });
}

/**
 * The notification flashed by the previous request, if any, and the
 * `Set-Cookie` headers that consume it (to be returned by the root loader).
 */
export async function getToast(
  request: Request,
  context: AppLoadContext,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await getSession(request, context);
  const toast = session.get("toast") ?? null;
  if (!toast) return { toast: null, headers: null };
  return { toast, headers: new Headers({ "Set-Cookie": await commitSession(session, context) }) };
}
