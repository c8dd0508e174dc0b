import { describe, expect, it } from "vitest";
import { countFill } from "../../app/lib/monthly-box-pick";
import { pickAddress, readPick } from "../../app/lib/monthly-box-pick.server";

const read = (query: string) => readPick(new URLSearchParams(query));

describe("the monthly box's pick in the address (decision 068)", () => {
  it("reads the page's plain address: month, filters, page and the pick", () => {
    const { state, dropped, fromForm } = read("month=2026-12&category=tea&collection=PRTC&page=1&pick=5001-SMRG-KC-24:2&pick=5005-HRBR-KC-24:1");
    expect(state).toEqual({
      month: "2026-12",
      category: "tea",
      collection: "PRTC",
      text: undefined,
      page: 1,
      pick: [
        { code: "5001-SMRG-KC-24", quantity: 2 },
        { code: "5005-HRBR-KC-24", quantity: 1 },
      ],
    });
    expect(dropped).toBe(false);
    expect(fromForm).toBe(false);
  });

  it("lets a typed quantity win over the carried one, and 0 or a blank takes a product out", () => {
    const { state, fromForm } = read("shownText=&pick=A-1:2&pick=B-2:1&qty.A-1=3&qty.B-2=0&qty.C-3=&qty.D-4=1");
    expect(state.pick).toEqual([
      { code: "A-1", quantity: 3 },
      { code: "D-4", quantity: 1 },
    ]);
    expect(fromForm).toBe(true);
  });

  it("leaves out what is not a product code and a whole number from 0 to 24, and says so", () => {
    const { state, dropped } = read("pick=A-1:25&pick=B-2:1.5&pick=nocolon&pick=%3Cx%3E:1&qty.C-3=-1&pick=D-4:2");
    expect(state.pick).toEqual([{ code: "D-4", quantity: 2 }]);
    expect(dropped).toBe(true);
  });

  it("ignores a month, page or group out of shape instead of failing the page", () => {
    const { state } = read("month=2026-13&page=-2&category=<script>&text=");
    expect(state).toMatchObject({ month: undefined, page: 0, category: undefined, text: undefined });
  });

  it("applies the button's move: a category starts at its first page, a page keeps the filters, a month clears them", () => {
    expect(read("shownText=&category=coffee&page=2&to=category:tea").state).toMatchObject({ category: "tea", collection: undefined, page: 0 });
    expect(read("shownText=&category=coffee&page=0&to=page:1").state).toMatchObject({ category: "coffee", page: 1 });
    expect(read("shownText=&category=tea&to=collection:tea:PRTC").state).toMatchObject({ category: "tea", collection: "PRTC", page: 0 });
    expect(read("shownText=&category=tea&page=1&to=month:2026-12").state).toMatchObject({ month: "2026-12", category: undefined, page: 0 });
    expect(read("shownText=blend&text=blend&to=clearSearch").state.text).toBeUndefined();
  });

  it("starts a new search over from its first page, whichever button was pressed", () => {
    expect(read("shownText=&text=cocoa&category=coffee&page=2&to=check").state).toMatchObject({ text: "cocoa", category: undefined, page: 0 });
    expect(read("shownText=cocoa&text=cocoa&page=1&to=page:2").state).toMatchObject({ text: "cocoa", page: 2 });
  });

  it("keeps at most 36 lines", () => {
    const many = Array.from({ length: 40 }, (_, i) => `pick=P-${i}:1`).join("&");
    const { state, dropped } = read(many);
    expect(state.pick).toHaveLength(36);
    expect(dropped).toBe(true);
  });

  it("writes the plain address back, only what differs from the defaults", () => {
    const { state } = read("shownText=&qty.A-1=2&to=page:1");
    expect(pickAddress("/monthly-box", state)).toBe("/monthly-box?page=1&pick=A-1%3A2");
    expect(pickAddress("/monthly-box", read("").state)).toBe("/monthly-box");
    expect(read(pickAddress("/x", state).split("?")[1]!).state).toEqual(state);
  });
});

describe("the page's own count while quantities change", () => {
  it("counts pods against the box: under, full, over", () => {
    expect(countFill([1, 2], 24, 96)).toEqual({ picked: 72, state: "under", remaining: 24, excess: 0 });
    expect(countFill([4], 24, 96)).toEqual({ picked: 96, state: "full", remaining: 0, excess: 0 });
    expect(countFill([3, 2], 24, 96)).toEqual({ picked: 120, state: "over", remaining: 0, excess: 24 });
  });
});
