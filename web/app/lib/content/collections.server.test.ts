import { describe, expect, it } from "vitest";
import { committeeView } from "./collections.server";

const member = (numericId: number, name: string) => ({ numericId, name, role: "Chairperson", photo: null });

describe("the committee page's names", () => {
  const data = {
    teamMembers_connection: {
      pageInfo: { total: 4, pageCount: 1 },
      nodes: [
        { ...member(1, "Sita Sharma"), ne: [{ role: "अध्यक्ष", local_name: "सीता शर्मा" }] },
        { ...member(2, "Ram Thapa"), ne: [{ role: "सचिव", local_name: null }] },
        { ...member(3, "Gita Gurung"), ne: [{ role: "कोषाध्यक्ष", local_name: "   " }] },
        { ...member(4, "Hari Adhikari"), ne: [] },
      ],
    },
  };

  it("shows the Nepali form of a name on Nepali pages, and the name as entered where there is none", () => {
    expect(committeeView(data, "ne").items.map((view) => [view.name, view.role, view.fallback ?? false])).toEqual([
      ["सीता शर्मा", "अध्यक्ष", false],
      ["Ram Thapa", "सचिव", false],
      ["Gita Gurung", "कोषाध्यक्ष", false],
      ["Hari Adhikari", "Chairperson", true],
    ]);
  });

  it("keeps the Latin names on English pages", () => {
    expect(committeeView(data, "en").items.map((view) => view.name)).toEqual(["Sita Sharma", "Ram Thapa", "Gita Gurung", "Hari Adhikari"]);
  });
});
