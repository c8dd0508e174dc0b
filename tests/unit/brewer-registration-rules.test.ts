import { describe, expect, it } from "vitest";
import {
  checkDigitOf,
  displaySerial,
  makeSerial,
  modelLettersOf,
  normaliseSerial,
  registrationRefusal,
  serialShapeRefusal,
} from "../../commerce/domain/brewer-registration-rules";
import { demoSerials, SERIALS_PER_MODEL } from "../../commerce/seed/brewer-serials";

/** Brewer serial numbers (decision 070): two model letters, YYWW, a six-digit unit and Luhn's check digit. */

describe("a serial as the owner types it and as the label prints it", () => {
  it("reads lower case, spaces and dashes as the stored serial", () => {
    expect(normaliseSerial(" kb-2611 004217-3 ")).toBe("KB26110042173");
  });
  it("prints in the label's groups", () => {
    expect(displaySerial("KB26110042173")).toBe("KB 2611 004217 3");
  });
});

describe("the check digit catches a mistyped character and two swapped neighbours", () => {
  const serial = makeSerial("KB", "2611", 4217);
  it("a made serial passes", () => {
    expect(serial).toHaveLength(13);
    expect(serialShapeRefusal(serial)).toBeNull();
  });
  it("each character changed is caught", () => {
    for (let i = 0; i < 12; i++) {
      const ch = serial[i]!;
      const other = /\d/.test(ch) ? String((Number(ch) + 1) % 10) : ch === "Z" ? "A" : String.fromCharCode(ch.charCodeAt(0) + 1);
      const typo = `${serial.slice(0, i)}${other}${serial.slice(i + 1)}`;
      // Changing the week may leave the shape (53 weeks at most): then the check digit says so.
      expect(serialShapeRefusal(typo), typo).not.toBeNull();
    }
  });
  it("two different neighbouring digits swapped are caught (bar 0 and 9, Luhn's one blind spot)", () => {
    const s = makeSerial("KB", "2612", 123456);
    const swapped = `${s.slice(0, 6)}${s[7]}${s[6]}${s.slice(8)}`;
    expect(serialShapeRefusal(swapped)).toBe("checkDigit");
  });
  it("Luhn's digit of a known number", () => {
    // 7992739871 has check digit 3 (the textbook example).
    expect(checkDigitOf("7992739871")).toBe(3);
  });
});

describe("a serial of the wrong shape is malformed before anything is looked up", () => {
  it.each(["", "KB2611004217", "KB261100421733", "1B26110042173", "KB26550042173", "KB26000042173", "KB2611OO42173"])("%s", (s) => {
    expect(serialShapeRefusal(s)).toBe("malformed");
  });
});

describe("who may register a serial the factory made", () => {
  const serial = { familyCode: "8003-BFBR", registeredTo: null as string | null };
  it("anyone, for its own model, while nobody has", () => {
    expect(registrationRefusal(serial, "c-1", undefined)).toBeNull();
    expect(registrationRefusal(serial, "c-1", "8003-BFBR")).toBeNull();
    expect(registrationRefusal(serial, null, undefined)).toBeNull();
  });
  it("not as another model", () => {
    expect(registrationRefusal(serial, "c-1", "8004-BFBR")).toBe("otherModel");
  });
  it("not twice: the owner is told it is theirs, anyone else that it is registered", () => {
    const owned = { ...serial, registeredTo: "c-1" };
    expect(registrationRefusal(owned, "c-1", undefined)).toBe("registeredToYou");
    expect(registrationRefusal(owned, "c-2", undefined)).toBe("registered");
    expect(registrationRefusal(owned, null, undefined)).toBe("registered");
  });
});

describe("the demo factory's serials", () => {
  const families = ["8003-BFBR", "8004-BFBR", "8010-BFBR"];
  const serials = demoSerials(families);
  it("lists the same valid, distinct serials for the same catalog, per model", () => {
    expect(serials).toHaveLength(families.length * SERIALS_PER_MODEL);
    expect(new Set(serials.map((s) => s.serial)).size).toBe(serials.length);
    for (const s of serials) {
      expect(serialShapeRefusal(s.serial), s.serial).toBeNull();
      expect(s.serial.slice(0, 2)).toBe(modelLettersOf(s.family_code));
    }
    expect(demoSerials(families)).toEqual(serials);
  });
});
