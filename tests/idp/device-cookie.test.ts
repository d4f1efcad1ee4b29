/** Device cookies of the sign-in (idp/device-cookie.ts, ADR 0010). */
import { describe, expect, it } from "vitest";
import {
  cookieValue,
  DEVICE_COOKIE_DAYS,
  issueDeviceCookie,
  readDeviceCookie,
} from "../../idp/device-cookie.ts";

const SECRET = "secret-de-test-assez-long-pour-la-session-0123456789";
const NOW = new Date("2026-11-25T12:00:00Z");

describe("device cookie", () => {
  it("is recognised for its own account until it expires", () => {
    const { value, maxAgeMs } = issueDeviceCookie(SECRET, "a1b2c3d4e5f60718", NOW);
    expect(maxAgeMs).toBe(DEVICE_COOKIE_DAYS * 24 * 3600 * 1000);
    const deviceId = readDeviceCookie(SECRET, value, "a1b2c3d4e5f60718", NOW);
    expect(deviceId).toMatch(/^[\w-]{22}$/);
    const lastMoment = new Date(NOW.getTime() + maxAgeMs - 1000);
    expect(readDeviceCookie(SECRET, value, "a1b2c3d4e5f60718", lastMoment)).toBe(deviceId);
    const expired = new Date(NOW.getTime() + maxAgeMs);
    expect(readDeviceCookie(SECRET, value, "a1b2c3d4e5f60718", expired)).toBeUndefined();
  });

  it("gives each sign-in a new device id", () => {
    const first = issueDeviceCookie(SECRET, "compte", NOW).value;
    const second = issueDeviceCookie(SECRET, "compte", NOW).value;
    expect(readDeviceCookie(SECRET, first, "compte", NOW)).not.toBe(
      readDeviceCookie(SECRET, second, "compte", NOW),
    );
  });

  it("is refused for another account, with another secret, altered or malformed", () => {
    const { value } = issueDeviceCookie(SECRET, "compte", NOW);
    const [deviceId, owner, expiry, signature] = value.split(".");
    expect(readDeviceCookie(SECRET, value, "autre", NOW)).toBeUndefined();
    expect(readDeviceCookie(`${SECRET}-autre`, value, "compte", NOW)).toBeUndefined();
    const later = String(Number(expiry) + 86_400);
    expect(
      readDeviceCookie(SECRET, [deviceId, owner, later, signature].join("."), "compte", NOW),
    ).toBeUndefined();
    expect(
      readDeviceCookie(SECRET, [deviceId, "autre", expiry, signature].join("."), "autre", NOW),
    ).toBeUndefined();
    for (const malformed of [undefined, "", "a.b.c", `${value}.x`, value.slice(0, -2)]) {
      expect(readDeviceCookie(SECRET, malformed, "compte", NOW)).toBeUndefined();
    }
  });
});

describe("cookieValue", () => {
  it("finds one cookie among others", () => {
    expect(cookieValue("a=1; mar_appareil=x.y.z.w; b=2", "mar_appareil")).toBe("x.y.z.w");
    expect(cookieValue("xmar_appareil=1", "mar_appareil")).toBeUndefined();
    expect(cookieValue(undefined, "mar_appareil")).toBeUndefined();
  });
});
