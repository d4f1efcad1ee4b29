/**
 * The device cookie of the sign-in (ADR 0010, OWASP's
 * "device cookies"): set at each successful sign-in, it tells the limiter
 * that this browser already signed this account in, so an attacker's
 * failures on the account do not slow its owner down. Signed with the
 * session secret; bound to the account through its pseudonym; no address in
 * clear.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE = "mar_appareil";
/** Lifetime of a device cookie, in days (renewed at each sign-in). */
export const DEVICE_COOKIE_DAYS = 180;

function mac(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`mar_appareil|v1|${payload}`).digest("base64url");
}

/**
 * A new device cookie value for `account` (the account's pseudonym, no dot):
 * `deviceId.account.expiry.signature`, expiry in seconds since the epoch,
 * `now` + DEVICE_COOKIE_DAYS. Returns the value and its max-age in ms.
 */
export function issueDeviceCookie(
  secret: string,
  account: string,
  now: Date,
): { value: string; maxAgeMs: number } {
  const maxAgeMs = DEVICE_COOKIE_DAYS * 24 * 3600 * 1000;
  const deviceId = randomBytes(16).toString("base64url");
  const expiry = Math.floor((now.getTime() + maxAgeMs) / 1000);
  const payload = `${deviceId}.${account}.${expiry}`;
  return { value: `${payload}.${mac(secret, payload)}`, maxAgeMs };
}

/**
 * The device id of `value` when it is a device cookie signed with `secret`,
 * issued for `account` and not expired at `now`; undefined otherwise
 * (missing, malformed, forged, another account's, expired).
 */
export function readDeviceCookie(
  secret: string,
  value: string | undefined,
  account: string,
  now: Date,
): string | undefined {
  const parts = value?.split(".") ?? [];
  if (parts.length !== 4) return undefined;
  const [deviceId, owner, expiry, signature] = parts;
  const expected = Buffer.from(mac(secret, `${deviceId}.${owner}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (owner !== account || !/^\d+$/.test(expiry)) return undefined;
  if (Number(expiry) * 1000 <= now.getTime()) return undefined;
  return deviceId;
}

/** The value of cookie `name` in a `Cookie` request header, if present. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
