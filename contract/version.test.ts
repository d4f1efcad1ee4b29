import { describe, expect, it } from "vitest";
import { versionAffichee } from "./version.ts";

describe("versionAffichee (spec §9 : la version est coupée à '@')", () => {
  it("garde ce qui précède le premier '@'", () => {
    expect(versionAffichee("0.1.0@abc1234")).toBe("0.1.0");
    expect(versionAffichee("2.3.4-rc.1@0123456789abcdef@x")).toBe("2.3.4-rc.1");
  });

  it("rend telle quelle une version sans '@'", () => {
    expect(versionAffichee("0.1.0")).toBe("0.1.0");
  });
});
